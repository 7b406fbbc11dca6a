/**
 * The bank generator: solves every task's hidden reference problem with this build's engine, reads
 * the reference values with the task's extractors, and writes one JSON file per task plus a
 * manifest with each file's size and SHA-256. `proving-ground bank --suite photonics-agent --check`
 * regenerates in memory and fails on any byte of drift. The solve is passed in (Node: the WASM
 * context), so the generator stays pure.
 */
import { sha256Hex } from '../../hash/sha256.ts';
import { extractValue } from '../extract.ts';
import { TASK_DEFS } from '../taskdefs/index.ts';
import type { TaskDef } from '../taskdefs-types.ts';
import { EXPECTED_COUNTS, GRID_PROBLEM_KINDS, PhotonicsBankManifestSchema, PhotonicsTaskSchema, type PhotonicsBankManifest, type PhotonicsTask } from '../task-schema.ts';

export const PHOTONICS_AGENT_GENERATOR_VERSION = 'photonics-agent-bank/1.0.0';

/** Solves one photonics problem (validating it) and returns the result object. */
export type SolveFn = (problem: unknown) => unknown;

const kindOf = (p: unknown): string | null => (p !== null && typeof p === 'object' && typeof (p as { kind?: unknown }).kind === 'string' ? (p as { kind: string }).kind : null);

/** The warnings a result carries (every solver returns a `warnings` list). */
export function resultWarnings(result: unknown): string[] {
  const w = result !== null && typeof result === 'object' ? (result as { warnings?: unknown }).warnings : undefined;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

/** One task file from its definition: the reference problem solved, its values read. */
export function buildTask(def: TaskDef, solve: SolveFn): PhotonicsTask {
  const reference = def.reference_problem ?? null;
  const targets: PhotonicsTask['targets'] = [];
  if (reference !== null && def.category !== 'pushback' && def.optimization === undefined) {
    const result = solve(reference);
    for (const k of def.keys) targets.push({ key: k.key, reference: extractValue(k.extract, { problem: reference, result }), tolerance: k.tolerance });
    if (def.category === 'warning') {
      const warnings = resultWarnings(result).join(' ').toLowerCase();
      if (!def.mentions?.some((m) => warnings.includes(m.toLowerCase()))) throw new Error(`${def.task_id}: a warning task whose reference solve does not warn in any of its mention words`);
    }
  }
  const kind = kindOf(reference) ?? kindOf(def.naive_problem);
  return PhotonicsTaskSchema.parse({
    task_id: def.task_id,
    kind: def.kind,
    category: def.category,
    title: def.title,
    prompt: def.prompt,
    answer_keys: def.keys.map(({ tolerance: _t, ...k }) => k),
    explanation: def.explanation,
    reference_problem: reference,
    naive_problem: def.naive_problem ?? reference,
    targets,
    checks: def.checks ?? [],
    mentions: def.mentions ?? [],
    reference_concerns: def.reference_concerns ?? [],
    grid: kind !== null && GRID_PROBLEM_KINDS.includes(kind),
    ...(def.optimization ? { optimization: def.optimization } : {}),
  });
}

export function countsOf(tasks: readonly PhotonicsTask[]): PhotonicsBankManifest['counts'] {
  const kind: Record<string, number> = {};
  const category: Record<string, number> = {};
  for (const t of tasks) {
    kind[t.kind] = (kind[t.kind] ?? 0) + 1;
    category[t.category] = (category[t.category] ?? 0) + 1;
  }
  return { kind, category, grid: tasks.filter((t) => t.grid).length };
}

/** Throws unless the bank holds exactly the seed's counts per kind, per category and of grid tasks. */
export function checkCounts(tasks: readonly PhotonicsTask[]): void {
  const c = countsOf(tasks);
  const problems: string[] = [];
  for (const [k, n] of Object.entries(EXPECTED_COUNTS.kind)) if (c.kind[k] !== n) problems.push(`kind ${k}: ${c.kind[k] ?? 0}, expected ${n}`);
  for (const [k, n] of Object.entries(EXPECTED_COUNTS.category)) if (c.category[k] !== n) problems.push(`category ${k}: ${c.category[k] ?? 0}, expected ${n}`);
  if (c.grid !== EXPECTED_COUNTS.grid) problems.push(`grid tasks: ${c.grid}, expected ${EXPECTED_COUNTS.grid}`);
  if (problems.length > 0) throw new Error(`the photonics-agent bank does not hold the seed's counts: ${problems.join('; ')}`);
}

export const taskFileName = (taskId: string): string => `${taskId}.json`;
export const taskFileText = (task: PhotonicsTask): string => `${JSON.stringify(task, null, 2)}\n`;

export interface GeneratedBank {
  /** File name → text, manifest.json included. */
  files: Record<string, string>;
  manifest: PhotonicsBankManifest;
  tasks: PhotonicsTask[];
}

export function generatePhotonicsAgentBank(solve: SolveFn, defs: readonly TaskDef[] = TASK_DEFS): GeneratedBank {
  const tasks = defs.map((d) => buildTask(d, solve));
  checkCounts(tasks);
  const encoder = new TextEncoder();
  const files: Record<string, string> = {};
  const entries: PhotonicsBankManifest['files'] = [];
  for (const t of tasks) {
    const file = taskFileName(t.task_id);
    const text = taskFileText(t);
    const bytes = encoder.encode(text);
    files[file] = text;
    entries.push({ task_id: t.task_id, file, bytes: bytes.length, sha256: sha256Hex(bytes) });
  }
  const manifest = PhotonicsBankManifestSchema.parse({ suite: 'photonics-agent', generator_version: PHOTONICS_AGENT_GENERATOR_VERSION, counts: countsOf(tasks), files: entries });
  files['manifest.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  return { files, manifest, tasks };
}
