/**
 * Metrics with 95 % intervals (seed 003): Partial — the mean task score over the fixed set
 * (bootstrap over tasks) — and the Full rate (score strictly above 0.9; Wilson), the mean score of
 * each stage (Modeling, Execution, Validation; tasks where the stage was judged), the submission
 * rate and the number of replays that need a rerun (evaluator failures are never counted as zeros
 * silently: they are listed).
 */
import type { MetricTable, SuiteMetrics } from '../suite/metrics.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../suite/metric-value.ts';
import { STAGES } from './rubric.ts';
import type { ReproductionRow } from './rows.ts';

export const REPRODUCTION_GROUP = 'claims';

function table(name: string, rows: readonly ReproductionRow[], opts: MetricOptions): MetricTable {
  const out: MetricTable = {
    partial: bootstrapMetric(`${name}:partial`, rows, (rs) => (rs.length === 0 ? null : rs.reduce((s, r) => s + r.score, 0) / rs.length), rows.length, opts),
    full_rate: proportionMetric(countOf(rows, (r) => r.full), rows.length),
    submitted_rate: proportionMetric(countOf(rows, (r) => r.submitted), rows.length),
    requires_rerun: proportionMetric(countOf(rows, (r) => r.replay_status === 'requires-rerun'), rows.length),
  };
  for (const s of STAGES) out[`${s}_stage`] = bootstrapMetric(`${name}:${s}`, rows, (rs) => meanDefined(rs, (r) => r.stages[s]), rows.length, opts);
  return out;
}

export function computeReproductionMetrics(rows: readonly ReproductionRow[], opts: MetricOptions): SuiteMetrics {
  return { overall: table('overall', rows, opts), [REPRODUCTION_GROUP]: table(REPRODUCTION_GROUP, rows, opts) };
}

export const REPRODUCTION_METRIC_GROUPS: readonly string[] = ['overall', REPRODUCTION_GROUP];
