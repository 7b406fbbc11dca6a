/**
 * Metrics with 95 % intervals: pass rate (Wilson) and mean score (bootstrap over task rows),
 * overall, per category and per kind; the estimate-before-solve rate on grid tasks that solved,
 * pushback recall (pushback tasks declined), the false-pushback rate (standard tasks declined or
 * left without numbers), and a table of failed checks by name (share of the tasks that had the check).
 */
import type { MetricTable, SuiteMetrics } from '../suite/metrics.ts';
import { bootstrapMetric, countOf, proportionMetric, type MetricOptions } from '../suite/metric-value.ts';
import type { PhotonicsRow } from './rows.ts';
import { CATEGORIES, TASK_KINDS } from './task-schema.ts';

const mean = (rows: readonly PhotonicsRow[]): number | null => (rows.length === 0 ? null : rows.reduce((s, r) => s + r.score, 0) / rows.length);

function groupTable(name: string, rows: readonly PhotonicsRow[], opts: MetricOptions): MetricTable {
  return {
    pass_rate: proportionMetric(countOf(rows, (r) => r.pass), rows.length),
    mean_score: bootstrapMetric(`${name}:mean_score`, rows, mean, rows.length, opts),
  };
}

const checkOf = (r: PhotonicsRow, name: string) => r.checks.find((c) => c.name === name);

export function computePhotonicsMetrics(rows: readonly PhotonicsRow[], opts: MetricOptions): SuiteMetrics {
  const metrics: SuiteMetrics = {};
  const overall = groupTable('overall', rows, opts);
  // Grid tasks where a solve of the task's kind ran: was it estimated first?
  const estimated = rows.filter((r) => r.grid && checkOf(r, 'solved_kind')?.passed === true);
  overall.estimate_before_solve_rate = proportionMetric(countOf(estimated, (r) => checkOf(r, 'estimate_before_solve')?.passed === true), estimated.length);
  const pushback = rows.filter((r) => r.category === 'pushback');
  overall.pushback_recall = proportionMetric(countOf(pushback, (r) => checkOf(r, 'pushback')?.passed === true), pushback.length);
  const standard = rows.filter((r) => r.category === 'standard');
  overall.false_pushback_rate = proportionMetric(countOf(standard, (r) => r.declined || (r.answered && r.values_given === 0)), standard.length);
  overall.failed_tool_call_rate = proportionMetric(countOf(rows, (r) => r.failed_tool_calls > 0), rows.length);
  metrics.overall = overall;
  for (const c of CATEGORIES) {
    const sub = rows.filter((r) => r.category === c);
    if (sub.length > 0) metrics[c] = groupTable(c, sub, opts);
  }
  for (const k of TASK_KINDS) {
    const sub = rows.filter((r) => r.kind === k);
    if (sub.length > 0) metrics[`kind:${k}`] = groupTable(`kind:${k}`, sub, opts);
  }
  const failed: MetricTable = {};
  const names = [...new Set(rows.flatMap((r) => r.checks.map((c) => c.name)))].sort();
  for (const name of names) {
    const having = rows.filter((r) => checkOf(r, name) !== undefined);
    failed[name] = proportionMetric(countOf(having, (r) => checkOf(r, name)?.passed === false), having.length);
  }
  metrics.failed_checks = failed;
  return metrics;
}

export const PHOTONICS_METRIC_GROUPS: readonly string[] = ['overall', ...CATEGORIES, ...TASK_KINDS.map((k) => `kind:${k}`), 'failed_checks'];
