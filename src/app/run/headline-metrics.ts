/**
 * Which metrics lead each probe's table and the CI plot. The paper's headline per probe comes first
 * (P1 composite, P2b, P3 success, P4 Kendall τ); the rest of the table follows in the metrics
 * module's own order.
 */
import type { Probe } from '../../core/veh/task-schema.ts';

export const HEADLINE_METRICS: Readonly<Record<Probe, readonly string[]>> = {
  P1: ['p1_composite', 'macro_f1', 'accuracy', 'acs', 'mds', 'ids'],
  P2: ['p2b', 'p2a', 'final_feasible_rate', 'cond_ratio', 'auc'],
  P3: ['p3_success', 'escape_rate', 'recovery_quality', 'cascade_rate', 'dead_budget_rate'],
  P4: ['kendall_tau', 'exact_match', 'top1', 'bars', 'policy_pair_accuracy'],
};

export const PROBE_TITLES: Readonly<Record<Probe, string>> = {
  P1: 'P1 · specification triage',
  P2: 'P2 · verifier-guided search',
  P3: 'P3 · corrupted-state recovery',
  P4: 'P4 · policy-conditioned selection',
};

/** Metric names of one probe's table: headlines first, then the others as the module listed them. */
export function orderMetricNames(probe: Probe, names: readonly string[]): { headline: string[]; other: string[] } {
  const present = new Set(names);
  const headline = HEADLINE_METRICS[probe].filter((n) => present.has(n));
  const headlineSet = new Set(headline);
  return { headline, other: names.filter((n) => !headlineSet.has(n)) };
}
