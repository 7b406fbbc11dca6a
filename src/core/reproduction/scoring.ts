/**
 * The reproduction suite's scoring for the comparison layers: one group (the claims); a task's
 * outcome is its rubric score and whether it is Full; the headline is Partial, the mean task score.
 * Tool calls count every call the agent made (file edits, development runs, the submission).
 */
import type { IndexedStatistic, MetricDirection, SuiteScoring } from '../suite/scoring.ts';
import type { ReproductionTranscript } from './episode.ts';
import { REPRODUCTION_GROUP } from './metrics.ts';
import type { ReproductionRow } from './rows.ts';

const LABELS: Readonly<Record<string, string>> = {
  partial: 'Partial (mean task score)',
  full_rate: 'Full (score > 0.9)',
  submitted_rate: 'tasks with a submission',
  requires_rerun: 'replays needing a rerun',
  modeling_stage: 'Modeling stage',
  execution_stage: 'Execution stage',
  validation_stage: 'Validation stage',
};

function headlineStatistic(_group: string, rows: readonly ReproductionRow[]): IndexedStatistic {
  return (idx) => (idx.length === 0 ? null : idx.reduce((s, i) => s + (rows[i]?.score ?? 0), 0) / idx.length);
}

export const reproductionScoring: SuiteScoring<ReproductionRow, ReproductionTranscript> = {
  groupOf: () => REPRODUCTION_GROUP,
  outcome: (row) => ({ pass: row.full, score: row.score }),
  scoreLabel: { [REPRODUCTION_GROUP]: 'rubric score of the clean replay' },
  scoreDomain: () => [0, 1],
  headlineStatistic,
  normaliseHeadline: (_group, value) => Math.min(1, Math.max(0, value)),
  metricDirection: (key): MetricDirection => (key === 'requires_rerun' ? 'lower' : 'higher'),
  metricLabel: (_group, key) => LABELS[key] ?? key.replace(/_/g, ' '),
  grade: (row) => ({
    status: row.status,
    pass: row.full,
    score: row.score,
    failed: !row.submitted
      ? [{ check: 'submission', detail: 'no package was submitted' }]
      : row.replay_status !== 'completed'
        ? [{ check: 'replay', detail: `${row.replay_status}: ${row.replay_reason ?? ''}` }]
        : row.failed_leaves.map((id) => ({ check: id, detail: 'rubric leaf below full credit' })),
  }),
  agentCalls: (t) => t.events.filter((e) => e.type === 'tool_call').length,
  passRule:
    'Score (seed 003): the submitted package is replayed from scratch in a fresh sandbox and graded by the task’s hidden rubric on the regenerated evidence only; task score = Σ wᵢ sᵢ over the judged leaves; Full when the score is strictly above 0.9; Partial = the mean task score. Interpretive leaves without a judge are not judged (coverage), never zero.',
};
