/**
 * One summary line per task for the export bundle and results.md: pass, score, the checks that
 * failed, tool calls, turns, wall time, tokens, cost and status. Pass, score and failed checks come
 * from the suite's grade of the row (src/core/suite/scoring.ts; VEH: src/core/veh/scoring/grade.ts),
 * the counts, timing and usage from the transcript. Pure and re-derivable: an importer recomputes it.
 */
import { z } from 'zod';
import { isEvent } from '../agent/events.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import { taskUsage } from '../run/usage.ts';
import { FailedCheckSchema, type SuiteScoring } from '../suite/scoring.ts';

export { FailedCheckSchema, type FailedCheck } from '../suite/scoring.ts';

export const TaskSummarySchema = z.strictObject({
  task_index: z.number().int(),
  task_id: z.string(),
  /** The task's group (VEH and the circuit audit: its probe). Run export version 1 called it `probe`. */
  group: z.string(),
  status: z.string(),
  pass: z.boolean(),
  score: z.number(),
  failed_checks: z.array(FailedCheckSchema),
  /** Oracle or tool calls the agent asked for (the harness's own evaluations are not the agent's tool calls). */
  tool_calls: z.number().int(),
  /** Prompts the agent answered (first replies; parse retries are not new turns). */
  turns: z.number().int(),
  /** Agent replies including retries. */
  replies: z.number().int(),
  wall_ms: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** USD; null when a reply's price is unknown. Built-in agents cost 0. */
  cost_usd: z.number().nullable(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

type Scoring = Pick<SuiteScoring<{ task_id: string }, TranscriptCore>, 'grade' | 'groupOf' | 'agentCalls'>;

/** The summary line of one task; `transcript` may be missing (a row without its transcript). */
export function summariseTask<Row extends { task_id: string }, T extends TranscriptCore>(scoring: Pick<SuiteScoring<Row, T>, 'grade' | 'groupOf' | 'agentCalls'>, taskIndex: number, row: Row, transcript: T | undefined): TaskSummary {
  const g = scoring.grade(row);
  const events = transcript?.events ?? [];
  const usage = transcript ? taskUsage(transcript) : null;
  const replies = events.filter(isEvent('reply'));
  return {
    task_index: taskIndex,
    task_id: row.task_id,
    group: scoring.groupOf(row),
    status: g.status,
    pass: g.pass,
    score: g.score,
    failed_checks: g.failed,
    tool_calls: transcript ? scoring.agentCalls(transcript) : 0,
    turns: replies.filter((e) => e.attempt === 0).length,
    replies: replies.length,
    wall_ms: transcript?.timings.duration_ms ?? 0,
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cost_usd: usage ? usage.cost_usd : null,
  };
}

/** Summary lines in row order, each row matched with its transcript by task index (else by id). */
export function summariseTasks(scoring: Scoring, rows: readonly { task_id: string }[], transcripts: readonly TranscriptCore[]): TaskSummary[] {
  const byId = new Map<string, TranscriptCore>();
  for (const t of transcripts) if (!byId.has(t.task.task_id)) byId.set(t.task.task_id, t);
  return rows.map((row, i) => {
    const t = byId.get(row.task_id);
    return summariseTask(scoring, t?.settings.task_index ?? i, row, t);
  });
}
