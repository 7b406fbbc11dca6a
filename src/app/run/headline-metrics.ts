/**
 * Which metrics lead each probe's table and the CI plot: the paper's headline (from core, the same
 * one the CLI summary prints) first, then the probe's other main scores; the rest of the table
 * follows in the metrics module's own order.
 */
import { HEADLINE_METRICS as CORE_HEADLINES } from '../../core/veh/run/headline.ts';
import type { Probe } from '../../core/veh/task-schema.ts';

const SUPPORTING_METRICS: Readonly<Record<Probe, readonly string[]>> = {
  P1: ['macro_f1', 'accuracy', 'acs', 'mds', 'ids'],
  P2: ['p2a', 'final_feasible_rate', 'cond_ratio', 'auc'],
  P3: ['escape_rate', 'recovery_quality', 'cascade_rate', 'dead_budget_rate'],
  P4: ['exact_match', 'top1', 'bars', 'policy_pair_accuracy'],
};

export const HEADLINE_METRICS: Readonly<Record<Probe, readonly string[]>> = {
  P1: [CORE_HEADLINES.P1.key, ...SUPPORTING_METRICS.P1],
  P2: [CORE_HEADLINES.P2.key, ...SUPPORTING_METRICS.P2],
  P3: [CORE_HEADLINES.P3.key, ...SUPPORTING_METRICS.P3],
  P4: [CORE_HEADLINES.P4.key, ...SUPPORTING_METRICS.P4],
};

/** Label of a probe's main metric, e.g. "P1-Composite". */
export const headlineLabel = (probe: Probe): string => CORE_HEADLINES[probe].label;

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
