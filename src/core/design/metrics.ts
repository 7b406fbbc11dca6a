/**
 * Metrics with 95 % intervals, as the seed's Table 3: the mean task score per family (bootstrap
 * over tasks), the rate of valid designs (Wilson), and overall; plus the submission rate and the
 * mean share of the probe budget spent.
 */
import type { MetricTable, SuiteMetrics } from '../suite/metrics.ts';
import { bootstrapMetric, countOf, proportionMetric, type MetricOptions } from '../suite/metric-value.ts';
import type { DesignRow } from './rows.ts';
import { DESIGN_FAMILIES } from './task.ts';

const mean = (f: (r: DesignRow) => number) => (rows: readonly DesignRow[]): number | null => (rows.length === 0 ? null : rows.reduce((s, r) => s + f(r), 0) / rows.length);

function table(name: string, rows: readonly DesignRow[], opts: MetricOptions): MetricTable {
  return {
    mean_score: bootstrapMetric(`${name}:mean_score`, rows, mean((r) => r.score), rows.length, opts),
    valid_rate: proportionMetric(countOf(rows, (r) => r.valid), rows.length),
    submitted_rate: proportionMetric(countOf(rows, (r) => r.submitted), rows.length),
    probe_budget_used: bootstrapMetric(`${name}:probe_budget_used`, rows, mean((r) => r.probes_used / r.probe_budget), rows.length, opts),
  };
}

export function computeDesignMetrics(rows: readonly DesignRow[], opts: MetricOptions): SuiteMetrics {
  const metrics: SuiteMetrics = { overall: table('overall', rows, opts) };
  for (const f of DESIGN_FAMILIES) {
    const sub = rows.filter((r) => r.family === f);
    if (sub.length > 0) metrics[f] = table(f, sub, opts);
  }
  return metrics;
}

export const DESIGN_METRIC_GROUPS: readonly string[] = ['overall', ...DESIGN_FAMILIES];
