/**
 * A result row per task, from its transcript alone: the submission's replay status, the rubric's
 * task score, its stage scores, Full (strictly above 0.9), the judged coverage, and the leaves that
 * lost credit. No submission, or a replay that could not run, scores 0; a replay the evaluator
 * could not complete ("requires rerun") is kept as such, never a silent zero in the status.
 */
import { z } from 'zod';
import { EpisodeStatusSchema } from '../agent/events.ts';
import { taskUsage } from '../run/usage.ts';
import { ReproductionVerdictSchema, type ReproductionVerdict } from './evaluator.ts';
import { submissionOf, submittedPackage, type ReproductionTranscript } from './episode.ts';
import { judgedRubric } from './judging.ts';
import type { RubricResult } from './rubric.ts';
import { reproductionTask } from './tasks/index.ts';

const StagesSchema = z.strictObject({ modeling: z.number().nullable(), execution: z.number().nullable(), validation: z.number().nullable() });

export const ReproductionRowSchema = z.strictObject({
  task_id: z.string(),
  solver: z.string(),
  status: EpisodeStatusSchema,
  submitted: z.boolean(),
  replay_status: z.enum(['completed', 'invalid', 'requires-rerun', 'not-submitted']),
  replay_reason: z.string().nullable(),
  score: z.number(),
  full: z.boolean(),
  stages: StagesSchema,
  coverage: z.number(),
  failed_leaves: z.array(z.string()),
  oracle_calls: z.number().int(),
  artifacts: z.number().int(),
  replay_ms: z.number().nullable(),
  tool_calls: z.number().int(),
  failed_tool_calls: z.number().int(),
  dev_runs: z.number().int(),
  turns: z.number().int(),
  wall_ms: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number().nullable(),
});
export type ReproductionRow = z.infer<typeof ReproductionRowSchema>;

/** The verdict a submission recorded, validated (null when there is none or it does not parse). */
export function submittedVerdict(t: ReproductionTranscript): ReproductionVerdict | null {
  const s = submissionOf(t.events);
  if (!s) return null;
  const v = ReproductionVerdictSchema.safeParse((s.result as { verdict?: unknown } | null)?.verdict);
  return v.success ? v.data : null;
}

/**
 * The rubric a row reports: the verdict's (deterministic; interpretive leaves not judged), or, when
 * the transcript carries the judge's records, the verdict re-graded with the grades recomputed from
 * those records' raw replies.
 */
export function gradedRubric(t: ReproductionTranscript, v: ReproductionVerdict): RubricResult {
  const def = reproductionTask(t.task.task_id);
  const submitted = submittedPackage(t.events);
  return t.judging && def && submitted ? judgedRubric(def, v, submitted.files, t.judging) : v.rubric;
}

function lostLeaves(tree: ReproductionVerdict['rubric']['tree']): string[] {
  if (!tree.children) return tree.score !== null && tree.score < 1 ? [tree.id] : [];
  return tree.children.flatMap(lostLeaves);
}

export function deriveReproductionRow(t: ReproductionTranscript): ReproductionRow {
  const v = submittedVerdict(t);
  const rubric = v ? gradedRubric(t, v) : null;
  const calls = t.events.filter((e): e is Extract<typeof e, { type: 'tool_call' }> => e.type === 'tool_call');
  const usage = taskUsage(t);
  return {
    task_id: t.task.task_id,
    solver: t.task.solver,
    status: t.status,
    submitted: v !== null,
    replay_status: v?.status ?? 'not-submitted',
    replay_reason: v?.reason ?? null,
    score: rubric?.score ?? 0,
    full: rubric?.full ?? false,
    stages: rubric?.stages ?? { modeling: 0, execution: 0, validation: 0 },
    coverage: rubric?.coverage ?? 0,
    failed_leaves: rubric ? lostLeaves(rubric.tree) : [],
    oracle_calls: v?.calls.length ?? 0,
    artifacts: v?.artifacts.length ?? 0,
    replay_ms: v?.elapsed_ms ?? null,
    tool_calls: calls.length,
    failed_tool_calls: calls.filter((c) => c.error !== null).length,
    dev_runs: calls.filter((c) => c.name === 'run').length,
    turns: t.events.filter((e) => e.type === 'reply').length,
    wall_ms: t.timings.duration_ms,
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cost_usd: usage.cost_usd,
  };
}
