/**
 * The evaluator: from source text to a verdict, and nothing else. It is the only authority over
 * gates, J and S (seed 002's authority boundary): it receives the source text, never a claim; it
 * rebuilds the design by running the source in the sandbox; it checks the document, the task's
 * design rules and physics gates, re-solves at a finer resolution for the numerical gate, and binds
 * the score to the SHA-256 of the source bytes and to its own version. Platforms run it in its
 * own worker (design-evaluator worker in the page, a worker thread in Node) so a hostile source
 * cannot stall the agent's side either.
 */
import { z } from 'zod';
import { sha256Hex } from '../hash/sha256.ts';
import type { Sandbox } from '../sandbox/contract.ts';
import type { SolveContext } from '../photonics/solve-context.ts';
import { DESIGN_COLLECT, DESIGN_PRELUDE, DesignDocumentSchema } from './source-api.ts';
import { GATE_CATEGORIES, type AnyDesignTask, type Evaluation, type Gate } from './task.ts';

/** Bumped whenever a gate, a J or a solver setting the evaluator uses changes: a verdict names it. */
export const EVALUATOR_VERSION = 'design-evaluator/1';

/** What a design source may use in the sandbox (every task alike). */
export const SOURCE_LIMITS = { time_ms: 5000, memory_bytes: 64 << 20, max_output_bytes: 4 << 20 } as const;
export const MAX_SOURCE_CHARS = 200_000;
const MAX_LOG_LINES = 50;

export const GateSchema = z.strictObject({
  id: z.string(),
  category: z.enum(GATE_CATEGORIES),
  pass: z.boolean(),
  reason: z.string(),
  value: z.number().optional(),
  limit: z.number().optional(),
  unit: z.string().optional(),
  at: z.strictObject({ x: z.tuple([z.number(), z.number()]), y: z.tuple([z.number(), z.number()]) }).optional(),
});

export const VerdictSchema = z.strictObject({
  task_id: z.string(),
  evaluator_version: z.string(),
  sandbox: z.string(),
  source_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  valid: z.boolean(),
  gates: z.array(GateSchema),
  J: z.number().nullable(),
  c: z.number().positive(),
  S: z.number().min(0).max(1),
  metrics: z.record(z.string(), z.number()),
  /** The rebuilt layout (shapes on layers), for the drawing; null when the source produced none. */
  layout: z.array(z.unknown()).nullable(),
  map: z
    .strictObject({ kind: z.enum(['temperature', 'field']), x_um: z.array(z.number()), y_um: z.array(z.number()), values: z.array(z.number()), unit: z.string() })
    .optional(),
  logs: z.array(z.string()),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export interface EvaluatorDeps {
  readonly sandbox: Sandbox;
  readonly solve: SolveContext;
}

/** S = 1 / (1 + J / c) for a valid design; 0 otherwise. */
export function scoreOf(valid: boolean, J: number | null, c: number): number {
  return valid && J !== null && J >= 0 ? 1 / (1 + J / c) : 0;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function evaluateSafely(task: AnyDesignTask, design: unknown, deps: EvaluatorDeps, refinement: 1 | 2): Promise<Evaluation> {
  try {
    return await task.evaluate(design, { solve: deps.solve, refinement });
  } catch (e) {
    return { gates: [{ id: 'simulation', category: 'numerical', pass: false, reason: `the simulation of this design failed: ${errorText(e)}` }], J: null, metrics: {} };
  }
}

/** The numerical gate: J must not move by more than the task's tolerance when the evaluator refines its resolution. */
export function resolutionGate(task: AnyDesignTask, J: number, Jfine: number | null): Gate {
  if (Jfine === null) return { id: 'resolution-stability', category: 'numerical', pass: false, reason: 'the re-solve at the finer resolution produced no J' };
  const change = Math.abs(Jfine - J) / Math.max(Math.abs(J), task.j_floor);
  const pass = change <= task.tolerance;
  return {
    id: 'resolution-stability',
    category: 'numerical',
    pass,
    value: change,
    limit: task.tolerance,
    unit: 'relative',
    reason: `J is ${J.toPrecision(6)} at the scored resolution and ${Jfine.toPrecision(6)} at twice it: a relative change of ${change.toExponential(2)} ${pass ? '≤' : '>'} the tolerance ${task.tolerance}`,
  };
}

export class UncalibratedTaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncalibratedTaskError';
  }
}

/**
 * c of a task: the stated engineering scale of a Design task, or — for a Reimplementation — J of
 * the published device (its reference source) as this evaluator scores it, so that rebuilding the
 * published device scores exactly S = 0.5. Computed by running the evaluator on that source, once
 * per task and set of dependencies.
 */
const scales = new WeakMap<EvaluatorDeps, Map<string, Promise<number>>>();
export function taskScale(task: AnyDesignTask, deps: EvaluatorDeps): Promise<number> {
  if (task.family === 'design') return Promise.resolve(task.c);
  let perDeps = scales.get(deps);
  if (!perDeps) scales.set(deps, (perDeps = new Map()));
  let c = perDeps.get(task.task_id);
  if (!c) {
    c = evaluateWithScale(task, task.reference_source, deps, 1).then((v) => {
      if (!v.valid || v.J === null || !(v.J > 0)) {
        const failed = v.gates.filter((g) => !g.pass).map((g) => `${g.id}: ${g.reason}`);
        throw new UncalibratedTaskError(`${task.task_id}: the published device does not pass this evaluator (${failed.join('; ') || `J = ${v.J}`}), so it cannot set c`);
      }
      return v.J;
    });
    perDeps.set(task.task_id, c);
  }
  return c;
}

export async function evaluateSource(task: AnyDesignTask, source: string, deps: EvaluatorDeps): Promise<Verdict> {
  return evaluateWithScale(task, source, deps, await taskScale(task, deps));
}

async function evaluateWithScale(task: AnyDesignTask, source: string, deps: EvaluatorDeps, c: number): Promise<Verdict> {
  const base = { task_id: task.task_id, evaluator_version: EVALUATOR_VERSION, sandbox: deps.sandbox.id, source_sha256: sha256Hex(source), c };
  const finish = (gates: Gate[], extra: { J?: number | null; metrics?: Record<string, number>; layout?: unknown[] | null; map?: Evaluation['map']; logs?: string[] } = {}): Verdict => {
    const valid = gates.length > 0 && gates.every((g) => g.pass);
    const J = extra.J ?? null;
    return { ...base, valid, gates, J: valid ? J : null, S: scoreOf(valid, J, c), metrics: extra.metrics ?? {}, layout: extra.layout ?? null, ...(extra.map ? { map: extra.map } : {}), logs: (extra.logs ?? []).slice(0, MAX_LOG_LINES) };
  };

  if (source.length > MAX_SOURCE_CHARS) {
    return finish([{ id: 'source-runs', category: 'source', pass: false, reason: `the source is ${source.length} characters; the limit is ${MAX_SOURCE_CHARS}` }]);
  }
  const run = await deps.sandbox.run({ source, filename: 'design.js', prelude: DESIGN_PRELUDE, collect: DESIGN_COLLECT, limits: SOURCE_LIMITS });
  if (!run.ok) {
    const where = run.line !== null ? ` (design.js line ${run.line})` : '';
    return finish([{ id: 'source-runs', category: 'source', pass: false, reason: `the source did not run to completion — ${run.reason}${where}: ${run.message}` }], { logs: run.logs });
  }
  const gates: Gate[] = [{ id: 'source-runs', category: 'source', pass: true, reason: 'the source ran in the sandbox and built a design document' }];
  const parsed = DesignDocumentSchema.safeParse(run.value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    gates.push({ id: 'document', category: 'source', pass: false, reason: `the design document is malformed: ${issues.join('; ')}` });
    return finish(gates, { logs: run.logs });
  }
  const doc = parsed.data;
  const layout = doc.shapes.length > 0 ? doc.shapes : null;
  const read = task.read(doc);
  gates.push(...read.gates);
  if (!read.ok || read.gates.some((g) => !g.pass)) return finish(gates, { layout, logs: run.logs });

  const nominal = await evaluateSafely(task, read.design, deps, 1);
  gates.push(...nominal.gates);
  if (nominal.J === null || nominal.gates.some((g) => !g.pass)) return finish(gates, { J: nominal.J, metrics: nominal.metrics, layout, map: nominal.map, logs: run.logs });
  const fine = await evaluateSafely(task, read.design, deps, 2);
  gates.push(resolutionGate(task, nominal.J, fine.J));
  return finish(gates, { J: nominal.J, metrics: nominal.metrics, layout, map: nominal.map, logs: run.logs });
}
