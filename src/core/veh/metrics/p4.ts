/**
 * P4 policy-conditioned ranking metrics (paper App. F.4 eq. A-33 and App. H.1 "P4 column
 * definitions"). A parse failure (no predicted permutation) scores 0 on every ranking score for that
 * row — τ included — rather than being dropped, so refusing to answer cannot raise a score.
 */
import { exactRate, meanTau, pairwiseAccuracy, positions, rankingMetrics, scoreRanking, type RankingScores } from '../../probe-protocol/ranking.ts';
import type { MetricTable, P4Row } from '../rows.ts';
import { bootstrapMetric, countOf, meanDefined, pooledRatio, proportionMetric, sumOf, type MetricOptions } from '../../suite/metric-value.ts';

export interface P4Summary extends RankingScores {
  balancedActive: boolean;
  policyPairs: number;
  policyPairsCorrect: number;
  paretoPairs: number;
  /** Pareto pairs [a, b] (a dominates b) with a ranked above b / below b. */
  paretoConcordant: number;
  paretoDiscordant: number;
  modified: boolean;
}

export function summariseP4(row: P4Row): P4Summary {
  const { scores, predicted: pp } = scoreRanking(row.oracle_order, row.predicted_order);
  const base: P4Summary = {
    ...scores,
    balancedActive: row.balanced_active,
    policyPairs: row.policy_sensitive_pairs.length,
    policyPairsCorrect: 0,
    paretoPairs: row.pareto_pairs.length,
    paretoConcordant: 0,
    paretoDiscordant: 0,
    modified: row.modified_candidates,
  };
  if (pp === null) return base;
  const po = positions(row.oracle_order);
  const sameOrder = (a: string, b: string): boolean =>
    Math.sign((po.get(a) as number) - (po.get(b) as number)) === Math.sign((pp.get(a) as number) - (pp.get(b) as number));
  const inPred = (id: string): boolean => pp.has(id);
  let policyCorrect = 0;
  for (const [a, b] of row.policy_sensitive_pairs) if (inPred(a) && inPred(b) && sameOrder(a, b)) policyCorrect++;
  let concordant = 0;
  let discordant = 0;
  for (const [a, b] of row.pareto_pairs) {
    if (!inPred(a) || !inPred(b)) continue;
    if ((pp.get(a) as number) < (pp.get(b) as number)) concordant++;
    else discordant++;
  }
  return { ...base, policyPairsCorrect: policyCorrect, paretoConcordant: concordant, paretoDiscordant: discordant };
}

type S = readonly P4Summary[];

export { meanTau, exactRate, pairwiseAccuracy };
/** Pareto τ: per row (C − D)/|pareto pairs|, averaged over rows that have Pareto pairs. */
export const paretoTau = (s: S): number | null =>
  meanDefined(s, (r) => (r.paretoPairs === 0 ? null : (r.paretoConcordant - r.paretoDiscordant) / r.paretoPairs));
/** Accuracy on policy-sensitive pairs, pooled over pairs (parse failures: all pairs wrong). */
export const policyPairAccuracy = (s: S): number | null => pooledRatio(s, (r) => r.policyPairsCorrect, (r) => r.policyPairs);
/**
 * Dominance error: Pareto pairs ranked against dominance, pooled over the pairs of parsed rows
 * (an unparsed ranking orders nothing; it is reported as parse failure instead).
 */
export const dominanceError = (s: S): number | null =>
  pooledRatio(s, (r) => r.paretoDiscordant, (r) => (r.parsed ? r.paretoPairs : 0));

/** BARS (A-33) = 0.55 τ_BA + 0.25 PairAcc_BA + 0.20 Exact_BA on balanced-active rows only. */
export function bars(s: S): number | null {
  const ba = s.filter((r) => r.balancedActive);
  const tau = meanTau(ba);
  const pair = policyPairAccuracy(ba);
  const exact = exactRate(ba);
  if (tau === null || pair === null || exact === null) return null;
  return 0.55 * tau + 0.25 * pair + 0.2 * exact;
}

/** Headline and column metrics of Table 21 from per-row summaries (error families are added by error-families.ts). */
export function p4Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const boot = (name: string, stat: (x: S) => number | null, denom: number) => bootstrapMetric(`P4.${name}`, s, stat, denom, opts);
  return {
    ...rankingMetrics('P4', s, opts),
    pareto_tau: boot('pareto_tau', paretoTau, countOf(s, (r) => r.paretoPairs > 0)),
    policy_pair_accuracy: boot('policy_pair_accuracy', policyPairAccuracy, sumOf(s, (r) => r.policyPairs)),
    bars: boot('bars', bars, countOf(s, (r) => r.balancedActive)),
    parse_failure_rate: proportionMetric(countOf(s, (r) => !r.parsed), n),
    // Attempts to alter a fixed candidate (the "viol." half of Table 21's Parse / viol. column).
    violation_rate: proportionMetric(countOf(s, (r) => r.modified), n),
  };
}
