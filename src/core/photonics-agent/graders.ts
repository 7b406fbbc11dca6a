/**
 * The graders. They read only the task file, the submitted answer and the logged tool calls, so a
 * transcript from any tool server is graded the same way: tools are classified by name (any name
 * containing "estimate" estimates; any containing "solve", "compare", "optimiz" or "run" solves),
 * and a problem is any argument value (at any name, or inside a list) that is an object with a
 * photonics "kind". What was solved is read from the call arguments, never from the agent's words.
 * Every check says in words why it passed or failed.
 */
import { PhotonicsProblemSchema, PHOTONICS_KINDS } from '../photonics/problem.ts';
import { getPath, withinTolerance } from './extract.ts';
import type { SubmittedAnswer } from './environment.ts';
import { PROBLEM_KIND_GROUP, type PhotonicsTask, type SpecCheck, type Tolerance } from './task-schema.ts';

/** What the graders need of one logged tool call. */
export interface GradedCall {
  readonly name: string;
  readonly arguments: unknown;
  readonly arguments_text: string;
  readonly error: string | null;
  readonly result: unknown;
}

export interface CheckResult {
  readonly name: string;
  readonly passed: boolean;
  /** Required checks decide pass/fail; diagnostics (spec, material, wavelength) only count in the score. */
  readonly required: boolean;
  readonly reason: string;
}

export type ToolClass = 'estimate' | 'solve' | 'other';

export function classifyTool(name: string): ToolClass {
  const n = name.toLowerCase();
  if (n.includes('estimate')) return 'estimate';
  if (n.includes('solve') || n.includes('compare') || n.includes('optimiz') || n.includes('run')) return 'solve';
  return 'other';
}

const isProblem = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { kind?: unknown }).kind === 'string' && (PHOTONICS_KINDS as readonly string[]).includes((v as { kind: string }).kind);

/** Every problem in a call's arguments, at any argument name, in order (lists flattened). */
export function problemsIn(args: unknown): Record<string, unknown>[] {
  if (isProblem(args)) return [args];
  if (Array.isArray(args)) return args.flatMap(problemsIn);
  if (args !== null && typeof args === 'object') return Object.values(args).flatMap(problemsIn);
  return [];
}

function argumentsOf(call: GradedCall): unknown {
  if (call.arguments !== null && call.arguments !== undefined) return call.arguments;
  try {
    return JSON.parse(call.arguments_text) as unknown;
  } catch {
    return null;
  }
}

/** The problem with the engine's defaults filled in (so "incidence": "front" is seen when omitted). */
function normalised(p: Record<string, unknown>): Record<string, unknown> {
  const parsed = PhotonicsProblemSchema.safeParse(p);
  return parsed.success ? (parsed.data as Record<string, unknown>) : p;
}

export interface SolvedProblem {
  readonly callIndex: number;
  readonly problem: Record<string, unknown>;
  readonly result: unknown;
}

/** Problems of successful solve-class calls, each with its result (compare: the i-th result). */
export function solvedProblems(calls: readonly GradedCall[]): SolvedProblem[] {
  const out: SolvedProblem[] = [];
  calls.forEach((call, callIndex) => {
    if (classifyTool(call.name) !== 'solve' || call.error !== null) return;
    const problems = problemsIn(argumentsOf(call));
    problems.forEach((p, i) => {
      const result = problems.length > 1 && Array.isArray(call.result) ? (call.result as unknown[])[i] : call.result;
      out.push({ callIndex, problem: normalised(p), result });
    });
  });
  return out;
}

const groupOf = (p: Record<string, unknown>): string | undefined => PROBLEM_KIND_GROUP[p.kind as string];
const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toPrecision(5));
const tolText = (t: Tolerance): string => [t.abs > 0 ? `${fmt(t.abs)}` : '', t.rel > 0 ? `${fmt(t.rel * 100)} %` : ''].filter(Boolean).join(' + ') || '0';

function wavelengthsOf(p: Record<string, unknown>): { list: number[]; range: [number, number] | null } {
  const list = [p.wavelength_nm, ...(Array.isArray(p.wavelengths_nm) ? p.wavelengths_nm : [])].filter((x): x is number => typeof x === 'number');
  const r = p.wavelength_range_nm as { start?: unknown; stop?: unknown } | undefined;
  const range = r && typeof r.start === 'number' && typeof r.stop === 'number' ? ([Math.min(r.start, r.stop), Math.max(r.start, r.stop)] as [number, number]) : null;
  return { list, range };
}

function specCheck(check: SpecCheck, solved: readonly SolvedProblem[]): CheckResult {
  if (check.type === 'wavelength') {
    const lam = check.wavelength_nm;
    const near = (x: number): boolean => Math.abs(x - lam) <= 0.005 * lam;
    const hit = solved.some(({ problem }) => {
      const w = wavelengthsOf(problem);
      return w.list.some(near) || (w.range !== null && lam >= w.range[0] * 0.995 && lam <= w.range[1] * 1.005);
    });
    const seen = solved.flatMap(({ problem }) => wavelengthsOf(problem).list).slice(0, 4).map(fmt).join(', ');
    return { name: `wavelength:${lam}`, required: false, passed: hit, reason: hit ? `a solved problem includes the vacuum wavelength ${lam} nm` : `no solved problem includes ${lam} nm (solved at ${seen || 'no wavelength'})` };
  }
  if (check.type === 'spec') {
    const values = solved.map(({ problem }) => getPath(problem, check.path));
    const match = (v: unknown): boolean =>
      typeof check.value === 'number' && typeof v === 'number' ? withinTolerance(v, check.value, check.tolerance ?? { abs: 1e-9, rel: 1e-9 }) : v === check.value;
    const hit = values.some(match);
    const seen = [...new Set(values.map((v) => JSON.stringify(v) ?? 'absent'))].slice(0, 4).join(', ');
    return { name: `spec:${check.path}`, required: false, passed: hit, reason: hit ? `a solved problem has ${check.path} = ${JSON.stringify(check.value)}` : `no solved problem has ${check.path} = ${JSON.stringify(check.value)} (solved: ${seen || 'nothing'})` };
  }
  const specs = solved.map(({ problem }) => getPath(problem, check.path));
  const hit = specs.some((s) => {
    if (s === null || typeof s !== 'object' || typeof (s as { n?: unknown }).n !== 'number') return false;
    const lit = s as { n: number; k?: number };
    return withinTolerance(lit.n, check.n, check.tolerance) && (check.k === undefined || withinTolerance(lit.k ?? 0, check.k, check.tolerance));
  });
  const want = `n = ${check.n}${check.k !== undefined ? `, k = ${check.k}` : ''}`;
  const seen = [...new Set(specs.map((v) => JSON.stringify(v) ?? 'absent'))].slice(0, 4).join(', ');
  return { name: `material:${check.path}`, required: false, passed: hit, reason: hit ? `a solved problem gives ${check.path} as ${want}` : `no solved problem gives ${check.path} as ${want} within ${tolText(check.tolerance)} (solved: ${seen || 'nothing'})` };
}

function answerText(a: SubmittedAnswer | null): string {
  return a ? [...a.concerns, a.summary].join(' \n ').toLowerCase() : '';
}

/** Every check of the task, in a fixed order. */
export function gradeTask(task: PhotonicsTask, calls: readonly GradedCall[], answer: SubmittedAnswer | null): CheckResult[] {
  const checks: CheckResult[] = [];
  const solved = solvedProblems(calls);
  const ofKind = solved.filter((s) => groupOf(s.problem) === task.kind);
  for (const t of task.targets) {
    const v = answer?.values[t.key];
    const band = `${fmt(t.reference)} ± (${tolText(t.tolerance)})`;
    if (v === undefined) checks.push({ name: `value:${t.key}`, required: true, passed: false, reason: answer ? `no value for ${t.key} (reference ${band})` : `no answer was submitted (reference ${band})` });
    else {
      const ok = withinTolerance(v, t.reference, t.tolerance);
      checks.push({ name: `value:${t.key}`, required: true, passed: ok, reason: `${t.key} = ${fmt(v)}, reference ${band}: ${ok ? 'inside' : 'outside'} the tolerance` });
    }
  }
  if (task.category !== 'pushback') {
    const ok = ofKind.length > 0;
    checks.push({ name: 'solved_kind', required: true, passed: ok, reason: ok ? `${ofKind.length} successful ${task.kind} solve(s)` : `no successful solve of a ${task.kind} problem (${solved.length} successful solve(s) of other kinds)` });
  }
  for (const c of task.checks) checks.push(specCheck(c, ofKind));
  if (task.grid) {
    const first = ofKind[0];
    if (!first) checks.push({ name: 'estimate_before_solve', required: true, passed: true, reason: 'no solve of this kind ran, so none ran unestimated' });
    else {
      const estimated = calls.slice(0, first.callIndex).some((c) => classifyTool(c.name) === 'estimate' && c.error === null && problemsIn(argumentsOf(c)).some((p) => groupOf(p) === task.kind));
      checks.push({ name: 'estimate_before_solve', required: true, passed: estimated, reason: estimated ? `an estimate of a ${task.kind} problem came before the first solve (call ${first.callIndex + 1})` : `the first ${task.kind} solve (call ${first.callIndex + 1}) ran without an estimate before it` });
    }
  }
  if (task.category === 'pushback') {
    const values = answer ? Object.keys(answer.values).length : 0;
    const ok = answer !== null && (answer.declined || (values === 0 && answer.concerns.length > 0));
    checks.push({ name: 'pushback', required: true, passed: ok, reason: !answer ? 'no answer was submitted' : ok ? (answer.declined ? 'the agent declined' : 'no numbers, and concerns stated') : `the agent answered with ${values} number(s) and did not decline` });
  }
  if (task.mentions.length > 0) {
    const text = answerText(answer);
    const hit = task.mentions.find((m) => text.includes(m.toLowerCase()));
    checks.push({ name: 'mentions', required: true, passed: hit !== undefined, reason: hit !== undefined ? `the concerns or summary mention "${hit}"` : `the concerns and summary mention none of: ${task.mentions.join(', ')}` });
  }
  if (task.optimization) {
    const o = task.optimization;
    const v = answer?.values[o.key];
    const own = [...ofKind].reverse().map((s) => getPath(s.result, o.result_path)).find((x): x is number => typeof x === 'number');
    const consistent = v !== undefined && own !== undefined && withinTolerance(v, own, o.tolerance);
    checks.push({
      name: 'self_consistent',
      required: true,
      passed: consistent,
      reason: v === undefined ? `no value for ${o.key}` : own === undefined ? `no optimisation result holds ${o.result_path}` : `reported ${fmt(v)}, own result ${fmt(own)}: ${consistent ? 'consistent' : 'inconsistent'} within ${tolText(o.tolerance)}`,
    });
    const ok = v !== undefined && v >= o.threshold;
    checks.push({ name: 'threshold', required: true, passed: ok, reason: v === undefined ? `no value for ${o.key}` : `reported ${fmt(v)} ${ok ? '≥' : '<'} ${o.threshold}` });
  }
  return checks;
}

/** Pass = every required check passed; score = the fraction of all checks passed. */
export function summarise(checks: readonly CheckResult[]): { pass: boolean; score: number; failed: string[] } {
  const passed = checks.filter((c) => c.passed).length;
  return { pass: checks.every((c) => c.passed || !c.required), score: checks.length === 0 ? 0 : passed / checks.length, failed: checks.filter((c) => !c.passed).map((c) => c.name) };
}
