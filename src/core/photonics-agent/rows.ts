/**
 * A result row per task, derived from its transcript alone: the graders' checks with their reasons,
 * pass, score, category and kind, the failed checks, and what the episode cost (tool calls, turns,
 * wall time, tokens, USD).
 */
import { z } from 'zod';
import { EpisodeStatusSchema } from '../agent/events.ts';
import { taskUsage } from '../run/usage.ts';
import { submittedAnswer, toolCallsOf, type PhotonicsTranscript } from './episode.ts';
import { gradeTask, summarise } from './graders.ts';
import { CategorySchema, TaskKindSchema } from './task-schema.ts';

export const CheckResultSchema = z.strictObject({ name: z.string(), passed: z.boolean(), required: z.boolean(), reason: z.string() });

export const PhotonicsRowSchema = z.strictObject({
  task_id: z.string(),
  kind: TaskKindSchema,
  category: CategorySchema,
  grid: z.boolean(),
  pass: z.boolean(),
  score: z.number(),
  failed_checks: z.array(z.string()),
  checks: z.array(CheckResultSchema),
  status: EpisodeStatusSchema,
  answered: z.boolean(),
  declined: z.boolean(),
  values_given: z.number().int(),
  tool_calls: z.number().int(),
  failed_tool_calls: z.number().int(),
  turns: z.number().int(),
  wall_ms: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z.number().nullable(),
});
export type PhotonicsRow = z.infer<typeof PhotonicsRowSchema>;

export function derivePhotonicsRow(t: PhotonicsTranscript): PhotonicsRow {
  const calls = toolCallsOf(t.events);
  const answer = submittedAnswer(t.events);
  const checks = gradeTask(t.task, calls, answer);
  const { pass, score, failed } = summarise(checks);
  const usage = taskUsage(t);
  return {
    task_id: t.task.task_id,
    kind: t.task.kind,
    category: t.task.category,
    grid: t.task.grid,
    pass,
    score,
    failed_checks: failed,
    checks,
    status: t.status,
    answered: answer !== null,
    declined: answer?.declined ?? false,
    values_given: answer ? Object.keys(answer.values).length : 0,
    tool_calls: calls.length,
    failed_tool_calls: calls.filter((c) => c.error !== null).length,
    turns: t.events.filter((e) => e.type === 'reply').length,
    wall_ms: t.timings.duration_ms,
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cost_usd: usage.cost_usd,
  };
}
