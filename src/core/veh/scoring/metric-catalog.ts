/**
 * Which metrics a leaderboard can rank, and in which direction. Headline and diagnostic scores are
 * higher-is-better; the error families of Figure 3 (ERROR_FAMILIES) and the other failure rates are
 * lower-is-better (paper §4.1: "Figure 3 reports lower-is-better, non-exclusive error rates").
 * Counts with no better side (mean queries, edit size) are ranked but marked neutral.
 */
import { HEADLINE_METRICS } from '../run/headline.ts';
import { ERROR_FAMILIES } from '../metrics/error-families.ts';
import type { Probe } from '../task-schema.ts';
import type { MetricDirection } from '../../suite/scoring.ts';


const LOWER_IS_BETTER = new Set<string>([
  ...Object.values(ERROR_FAMILIES).flatMap((fams) => fams.map((f) => f.key)),
  'parse_failure_rate',
  'spurious_propose',
  'spurious_request',
  'spurious_infeasible',
  'protocol_invalid_rate',
  'violation_rate',
  'dominance_error',
]);
const NEUTRAL = new Set<string>(['queries', 'mean_log_edit_delta']);

export function metricDirection(key: string): MetricDirection {
  if (LOWER_IS_BETTER.has(key)) return 'lower';
  if (NEUTRAL.has(key)) return 'neutral';
  return 'higher';
}

export function isErrorFamily(probe: Probe, key: string): boolean {
  return ERROR_FAMILIES[probe].some((f) => f.key === key);
}

/** Human label of a metric key: the headline's label, an error family's name, or the key itself. */
export function metricLabel(probe: Probe, key: string): string {
  if (HEADLINE_METRICS[probe].key === key) return HEADLINE_METRICS[probe].label;
  const family = ERROR_FAMILIES[probe].find((f) => f.key === key);
  if (family) return `${family.family} (error rate)`;
  return key.replace(/_/g, ' ');
}
