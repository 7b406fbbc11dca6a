/**
 * The design suite's scoring for the comparison layers (src/core/suite/scoring.ts): groups are the
 * families (design, reimplementation); a task's outcome is its Table 3 score S and whether that
 * design is valid ("pass"); a group's headline is its mean S. Tool calls count every call the
 * agent made (probes, submission and simulator calls alike: the harness makes none).
 */
import type { IndexedStatistic, MetricDirection, SuiteScoring } from '../suite/scoring.ts';
import type { DesignTranscript } from './episode.ts';
import type { DesignRow } from './rows.ts';

const LABELS: Readonly<Record<string, string>> = {
  mean_score: 'mean S',
  valid_rate: 'valid designs',
  submitted_rate: 'tasks with a submission',
  probe_budget_used: 'share of the probe budget used',
};

function headlineStatistic(group: string, rows: readonly DesignRow[]): IndexedStatistic {
  const wrong = rows.find((r) => r.family !== group);
  if (wrong) throw new RangeError(`headlineStatistic(${group}): row ${wrong.task_id} is a ${wrong.family} task`);
  return (idx) => (idx.length === 0 ? null : idx.reduce((s, i) => s + (rows[i]?.score ?? 0), 0) / idx.length);
}

export const designScoring: SuiteScoring<DesignRow, DesignTranscript> = {
  groupOf: (row) => row.family,
  outcome: (row) => ({ pass: row.valid, score: row.score }),
  scoreLabel: { design: 'S of the best evaluated design', reimplementation: 'S of the submission' },
  scoreDomain: () => [0, 1],
  headlineStatistic,
  normaliseHeadline: (_group, value) => Math.min(1, Math.max(0, value)),
  metricDirection: (key): MetricDirection => (key === 'probe_budget_used' ? 'lower' : 'higher'),
  metricLabel: (_group, key) => LABELS[key] ?? key.replace(/_/g, ' '),
  grade: (row) => ({
    status: row.status,
    pass: row.valid,
    score: row.score,
    failed: row.valid ? [] : [{ check: 'valid design', detail: row.evaluated.length === 0 ? 'no design was evaluated' : `the scored design failed ${row.evaluated.find((e) => e.source_sha256 === row.scored_sha256)?.first_failed_gate ?? 'a gate'}` }],
  }),
  agentCalls: (t) => t.events.filter((e) => e.type === 'tool_call').length,
  passRule:
    'Score (seed Table 3): Design tasks take the best S over every evaluated design (probes and submission); Reimplementation tasks take the submission. A design failing any gate scores 0; S = 1/(1 + J/c). Pass = the scored design is valid.',
};
