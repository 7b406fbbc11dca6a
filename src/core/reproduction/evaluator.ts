/**
 * The reproduction evaluator (seed 003's clean replay plus the hidden rubric): a submitted package
 * is replayed from scratch in a fresh sandbox — only its JavaScript sources restored — and graded
 * on the evidence that replay regenerated. The verdict records the exit status, the SHA-256 of every
 * restored source, every oracle call with its arguments and the hash of its result, the artifacts,
 * the logs and the graded rubric tree with a reason per leaf.
 *
 * What verify compares (`comparableVerdict`): everything but the wall-clock figures and the results
 * of `estimate` calls, which time a probe solve on this machine; the rest is deterministic (QuickJS
 * has one Math for every host, the oracles are bit-identical across backends).
 */
import { z } from 'zod';
import type { Sandbox } from '../sandbox/contract.ts';
import { gradeReplay } from './grade.ts';
import { cleanReplay, ORACLE_TOOLS, type PackageFile, type ReproductionOracle } from './replay.ts';
import { STAGES, type RubricResult } from './rubric.ts';
import type { ReproductionTaskDefinition } from './task.ts';

export const REPRODUCTION_EVALUATOR_VERSION = 'reproduction-evaluator/1';

export interface ReproductionDeps {
  sandbox: Sandbox;
  oracle: ReproductionOracle;
  now: () => number;
}

const GradedNodeSchema: z.ZodType<RubricResult['tree']> = z.lazy(() =>
  z.strictObject({
    id: z.string(),
    stage: z.enum(STAGES),
    weight: z.number(),
    gate: z.boolean(),
    score: z.number().nullable(),
    reason: z.string().optional(),
    gated_by: z.string().optional(),
    children: z.array(GradedNodeSchema).optional(),
  }),
);

export const ArtifactSchema = z.strictObject({ name: z.string(), kind: z.enum(['json', 'table', 'svg']), data: z.unknown() });
export type ArtifactRecord = z.infer<typeof ArtifactSchema>;

export const ReproductionVerdictSchema = z.strictObject({
  evaluator_version: z.string(),
  task_id: z.string(),
  status: z.enum(['completed', 'invalid', 'requires-rerun']),
  reason: z.string().nullable(),
  entry: z.string(),
  source_sha256: z.record(z.string(), z.string()),
  dropped: z.array(z.string()),
  calls: z.array(
    z.strictObject({ index: z.number().int(), tool: z.enum(ORACLE_TOOLS), arguments: z.unknown(), result_sha256: z.string(), ok: z.boolean(), error: z.string().nullable() }),
  ),
  artifacts: z.array(ArtifactSchema),
  logs: z.array(z.string()),
  rubric: z.strictObject({
    tree: GradedNodeSchema,
    score: z.number(),
    full: z.boolean(),
    coverage: z.number(),
    stages: z.strictObject({ modeling: z.number().nullable(), execution: z.number().nullable(), validation: z.number().nullable() }),
  }),
  elapsed_ms: z.number(),
});
export type ReproductionVerdict = z.infer<typeof ReproductionVerdictSchema>;

/** A development run as it crosses a worker boundary: the replay record without the grade. */
export const DevelopmentRunSchema = ReproductionVerdictSchema.omit({ evaluator_version: true, task_id: true, rubric: true });

/** Clean replay of `files` under the task's limits, graded by its hidden rubric. */
export async function evaluatePackage(def: ReproductionTaskDefinition, files: readonly PackageFile[], deps: ReproductionDeps): Promise<ReproductionVerdict> {
  const replay = await cleanReplay({ files, entry: def.task.entry, sandbox: deps.sandbox, oracle: deps.oracle, now: deps.now });
  const rubric = gradeReplay(def, replay);
  const { results: _results, ...record } = replay;
  return { evaluator_version: REPRODUCTION_EVALUATOR_VERSION, task_id: def.task.task_id, ...record, rubric };
}

/** A development run (the agent's `run` tool): the same clean replay, no grade. */
export async function developPackage(def: ReproductionTaskDefinition, files: readonly PackageFile[], deps: ReproductionDeps): Promise<Omit<ReproductionVerdict, 'rubric' | 'evaluator_version' | 'task_id'>> {
  const { results: _results, ...record } = await cleanReplay({ files, entry: def.task.entry, sandbox: deps.sandbox, oracle: deps.oracle, now: deps.now });
  return record;
}

/** The verdict without what measures this machine (verify compares the rest bitwise). */
export function comparableVerdict(v: ReproductionVerdict): Omit<ReproductionVerdict, 'elapsed_ms'> {
  const { elapsed_ms: _e, ...rest } = v;
  return { ...rest, calls: rest.calls.map((c) => (c.tool === 'estimate' ? { ...c, result_sha256: '(timed: not compared)' } : c)) };
}
