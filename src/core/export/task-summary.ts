/**
 * One summary line per task for the export bundle and results.md: pass, score, the checks that
 * failed, tool calls, turns, wall time, tokens, cost and status. Derived from the row (through the
 * metrics module's own per-row summaries, so a line can never disagree with the metric it feeds)
 * and the transcript (counts, timing, usage). Pure and re-derivable: an importer recomputes it.
 *
 * Pass and score per probe (the quantity each task contributes to its headline metric):
 * - P1: pass when the predicted action is the gold action; score 1 or 0.
 * - P2: pass when the final design is feasible (an LLM budget stop never passes); score is the P2b
 *   contribution, P/P_BKF when feasible else 0.
 * - P3: pass on a successful recovery (feasible final design); score P/P_BKF when successful else 0.
 * - P4: pass on an exact match with the oracle's order; score is Kendall τb (0 on a parse failure).
 */
import { z } from 'zod';
import { missingFieldsRecallOfRow } from '../veh/metrics/p1.ts';
import { summariseP2 } from '../veh/metrics/p2.ts';
import { summariseP3 } from '../veh/metrics/p3.ts';
import { summariseP4 } from '../veh/metrics/p4.ts';
import { hadParseFailure } from '../veh/metrics/trajectory.ts';
import { EpisodeStatusSchema, type VehRow } from '../veh/rows.ts';
import { ProbeSchema } from '../veh/task-schema.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import { taskUsage } from '../run/usage.ts';

export const FailedCheckSchema = z.strictObject({ check: z.string(), detail: z.string() });
export type FailedCheck = z.infer<typeof FailedCheckSchema>;

export const TaskSummarySchema = z.strictObject({
  task_index: z.number().int(),
  task_id: z.string(),
  probe: ProbeSchema,
  status: EpisodeStatusSchema,
  pass: z.boolean(),
  score: z.number(),
  failed_checks: z.array(FailedCheckSchema),
  /** Oracle calls the agent asked for (the harness's own evaluations are not the agent's tool calls). */
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

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(3));

function gradeRow(row: VehRow): { pass: boolean; score: number; failed: FailedCheck[] } {
  const failed: FailedCheck[] = [];
  if (hadParseFailure(row)) failed.push({ check: 'parse', detail: `${row.parse_failures} reply(ies) never parsed` });
  if (row.budget_stop !== undefined) failed.push({ check: 'budget_stop', detail: `stopped by the episode budget (${row.budget_stop})` });
  switch (row.probe) {
    case 'P1': {
      const pass = row.predicted_action === row.gold_action;
      if (!pass) failed.push({ check: 'action', detail: `predicted ${row.predicted_action ?? '(none)'}, gold ${row.gold_action}` });
      const recall = row.predicted_action === row.gold_action ? missingFieldsRecallOfRow(row) : null;
      if (recall !== null && recall < 1) failed.push({ check: 'missing_fields', detail: `named ${fmt(recall * 100)} % of the missing fields` });
      return { pass, score: pass ? 1 : 0, failed };
    }
    case 'P2': {
      const s = summariseP2(row);
      if (!row.final.result.feasible) failed.push({ check: 'final_feasible', detail: `final design violates ${row.final.result.violations.join(', ') || 'a constraint'}` });
      return { pass: s.finalFeasible, score: s.finalFeasible ? s.finalRatio : 0, failed };
    }
    case 'P3': {
      const s = summariseP3(row);
      if (!s.escaped) failed.push({ check: 'escape', detail: 'no evaluated design had less violation than the trap' });
      if (s.cascade === true) failed.push({ check: 'cascade', detail: 'an escape violated a constraint the trap satisfied' });
      if (!row.final.result.feasible) failed.push({ check: 'success', detail: `final design violates ${row.final.result.violations.join(', ') || 'a constraint'}` });
      return { pass: s.success, score: s.success ? s.finalRatio : 0, failed };
    }
    case 'P4': {
      const s = summariseP4(row);
      if (s.parsed && !s.exact) failed.push({ check: 'exact', detail: `order differs from the oracle's (τ ${fmt(s.tau)})` });
      if (!s.parsed && !hadParseFailure(row)) failed.push({ check: 'permutation', detail: 'the answer was not a permutation of the candidates' });
      if (s.modified) failed.push({ check: 'modified_candidates', detail: 'the agent tried to alter a fixed candidate' });
      return { pass: s.exact, score: s.tau, failed };
    }
  }
}

/** The summary line of one task; `transcript` may be missing (a row without its transcript). */
export function summariseTask(taskIndex: number, row: VehRow, transcript: Transcript | undefined): TaskSummary {
  const g = gradeRow(row);
  const events = transcript?.events ?? [];
  const usage = transcript ? taskUsage(transcript) : null;
  return {
    task_index: taskIndex,
    task_id: row.task_id,
    probe: row.probe,
    status: row.status,
    pass: g.pass,
    score: g.score,
    failed_checks: g.failed,
    tool_calls: events.filter((e) => e.type === 'oracle_call' && e.purpose === 'agent').length,
    turns: events.filter((e) => e.type === 'reply' && e.attempt === 0).length,
    replies: events.filter((e) => e.type === 'reply').length,
    wall_ms: transcript?.timings.duration_ms ?? 0,
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cost_usd: usage ? usage.cost_usd : null,
  };
}

/** Summary lines in row order, each row matched with its transcript by task index (else by id). */
export function summariseTasks(rows: readonly VehRow[], transcripts: readonly Transcript[]): TaskSummary[] {
  const byId = new Map<string, Transcript>();
  for (const t of transcripts) if (!byId.has(t.task.task_id)) byId.set(t.task.task_id, t);
  return rows.map((row, i) => {
    const t = byId.get(row.task_id);
    return summariseTask(t?.settings.task_index ?? i, row, t);
  });
}
