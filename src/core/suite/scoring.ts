/**
 * How a suite's rows are read by the layers that compare runs: the leaderboard (which group a row
 * belongs to, what one task's outcome is, which way a metric ranks), the paired comparison of two
 * runs (the headline as a statistic of a resample of tasks), the export's per-task summary lines
 * (pass, score and the checks that failed) and the radar profile (each headline on [0, 1]).
 * Every suite grades differently, so all of it lives in the suite; the generic layers only call it.
 */
import { z } from 'zod';

/** A headline (or any per-run metric) computed on the rows at `indices` of a fixed row list; null where undefined. */
export type IndexedStatistic = (indices: readonly number[]) => number | null;

export type MetricDirection = 'higher' | 'lower' | 'neutral';

export const FailedCheckSchema = z.strictObject({ check: z.string(), detail: z.string() });
export type FailedCheck = z.infer<typeof FailedCheckSchema>;

/** One task's result as the comparison views read it: pass/fail and a score in the group headline's units. */
export interface TaskOutcome {
  pass: boolean;
  score: number;
}

/** One task's line in an export's summary table (re-derived by every importer, so it cannot lie). */
export interface TaskGrade {
  status: string;
  pass: boolean;
  score: number;
  failed: FailedCheck[];
}

export interface SuiteScoring<Row, T> {
  /** The task group (VEH: probe) a row belongs to: one of the suite's groups.ids. */
  groupOf(row: Row): string;
  /** The comparison verdict of a task (leaderboard histograms, task-by-task compare). */
  outcome(row: Row): TaskOutcome;
  /** What a task's outcome score means, per group, for axis labels. */
  readonly scoreLabel: Readonly<Record<string, string>>;
  /** Axis range of a group's task scores. */
  scoreDomain(group: string, scores: readonly number[]): readonly [number, number];
  /** The group's headline on a subset of `rows` (all in `group`), for bootstraps that resample tasks. */
  headlineStatistic(group: string, rows: readonly Row[]): IndexedStatistic;
  /** The group's headline value mapped onto [0, 1] for profile plots (not for ranking). */
  normaliseHeadline(group: string, value: number): number;
  /** Which side of a metric is better (error rates rank lower-is-better). */
  metricDirection(key: string): MetricDirection;
  /** A metric key's label in a group: the headline's label, an error family's name, or the key. */
  metricLabel(group: string, key: string): string;
  /** The export's per-task grade: pass, score and the checks that failed, in words. */
  grade(row: Row): TaskGrade;
  /** Tool or oracle calls the agent itself asked for in a transcript (the harness's own calls excluded). */
  agentCalls(transcript: T): number;
  /** One paragraph for results.md: what pass and score mean per group, and what a tool call counts. */
  readonly passRule: string;
}

/**
 * The checks every probe-style suite fails the same way (VEH and the circuit audit): replies that
 * never parsed, and an LLM episode stopped by its budget. A suite's grade starts from these.
 */
export function protocolFailures(row: { parse_failures: number; status: string; budget_stop?: string | undefined }, parseFailed: boolean): FailedCheck[] {
  const failed: FailedCheck[] = [];
  if (parseFailed) failed.push({ check: 'parse', detail: `${row.parse_failures} reply(ies) never parsed` });
  if (row.budget_stop !== undefined) failed.push({ check: 'budget_stop', detail: `stopped by the episode budget (${row.budget_stop})` });
  return failed;
}

/** A probe suite's P1 check: the predicted action is the gold one; a miss is recorded in `failed`. */
export function actionCheck(row: { predicted_action: string | null; gold_action: string }, failed: FailedCheck[]): boolean {
  const pass = row.predicted_action === row.gold_action;
  if (!pass) failed.push({ check: 'action', detail: `predicted ${row.predicted_action ?? '(none)'}, gold ${row.gold_action}` });
  return pass;
}

const fmt3 = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(3));

/** The failed checks of a P4-style ranking task (VEH and the circuit audit grade P4 alike). */
export function rankingFailures(s: { parsed: boolean; exact: boolean; tau: number; modified: boolean }, parseFailed: boolean): FailedCheck[] {
  const failed: FailedCheck[] = [];
  if (s.parsed && !s.exact) failed.push({ check: 'exact', detail: `order differs from the oracle's (τ ${fmt3(s.tau)})` });
  if (!s.parsed && !parseFailed) failed.push({ check: 'permutation', detail: 'the answer was not a permutation of the candidates' });
  if (s.modified) failed.push({ check: 'modified_candidates', detail: 'the agent tried to alter a fixed candidate' });
  return failed;
}
