/**
 * The photonics agent's scoring for the comparison layers (src/core/suite/scoring.ts): groups are
 * the categories (standard, trap, pushback, warning); a task's outcome is its pass and its score
 * (the fraction of checks passed); a group's headline is its pass rate. Failure rates (false
 * pushback, failed tool calls, each failed check) rank lower-is-better. Tool calls count every call
 * the agent made (all of them are the agent's: the harness makes none).
 */
import type { IndexedStatistic, MetricDirection, SuiteScoring } from '../suite/scoring.ts';
import type { PhotonicsTranscript } from './episode.ts';
import type { PhotonicsRow } from './rows.ts';

const HIGHER = new Set(['pass_rate', 'mean_score', 'estimate_before_solve_rate', 'pushback_recall']);
const LABELS: Readonly<Record<string, string>> = {
  pass_rate: 'pass rate',
  mean_score: 'mean score',
  estimate_before_solve_rate: 'estimate before solve (grid tasks)',
  pushback_recall: 'pushback recall',
  false_pushback_rate: 'false pushback (standard tasks)',
  failed_tool_call_rate: 'tasks with a failed tool call',
};
const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

function headlineStatistic(group: string, rows: readonly PhotonicsRow[]): IndexedStatistic {
  const wrong = rows.find((r) => r.category !== group);
  if (wrong) throw new RangeError(`headlineStatistic(${group}): row ${wrong.task_id} is a ${wrong.category} task`);
  return (idx) => (idx.length === 0 ? null : idx.filter((i) => rows[i]?.pass === true).length / idx.length);
}

export const photonicsScoring: SuiteScoring<PhotonicsRow, PhotonicsTranscript> = {
  groupOf: (row) => row.category,
  outcome: (row) => ({ pass: row.pass, score: row.score }),
  scoreLabel: { standard: 'fraction of checks passed', trap: 'fraction of checks passed', pushback: 'fraction of checks passed', warning: 'fraction of checks passed' },
  scoreDomain: () => [0, 1],
  headlineStatistic,
  normaliseHeadline: (_group, value) => clip01(value),
  metricDirection: (key): MetricDirection => (HIGHER.has(key) ? 'higher' : 'lower'),
  metricLabel: (_group, key) => LABELS[key] ?? key.replace(/_/g, ' '),
  grade: (row) => ({ status: row.status, pass: row.pass, score: row.score, failed: row.checks.filter((c) => !c.passed).map((c) => ({ check: c.name, detail: c.reason })) }),
  agentCalls: (t) => t.events.filter((e) => e.type === 'tool_call').length,
  passRule:
    'Pass: every required check (value:<key>, solved_kind, estimate_before_solve on grid tasks, pushback, mentions, self_consistent, threshold). Score: the fraction of all checks passed, the spec/material/wavelength diagnostics included. Tool calls are every call the agent made.',
};
