/**
 * P4 policy-conditioned ranking metrics (paper App. F.4 eq. A-33 and App. H.1 "P4 column
 * definitions"). A parse failure (no predicted permutation) scores 0 on every ranking score for that
 * row — τ included — rather than being dropped, so refusing to answer cannot raise a score.
 */
import { kendallTauB } from '../../stats/kendall.ts';
import type { MetricTable, P4Row } from '../rows.ts';
import { bootstrapMetric, countOf, meanDefined, pooledRatio, proportionMetric, sumOf, type MetricOptions } from './metric-value.ts';

export interface P4Summary {
  parsed: boolean;
  /** Kendall τb(predicted, oracle); 0 on parse failure. */
  tau: number;
  exact: boolean;
  top1: boolean;
  /** Same unordered set of the first two. */
  top2: boolean;
  /** Fraction of all candidate pairs ordered as the oracle orders them; 0 on parse failure. */
  pairwiseAccuracy: number;
  balancedActive: boolean;
  policyPairs: number;
  policyPairsCorrect: number;
  paretoPairs: number;
  /** Pareto pairs [a, b] (a dominates b) with a ranked above b / below b. */
  paretoConcordant: number;
  paretoDiscordant: number;
  modified: boolean;
}

/** Position of every id in an order. */
function positions(order: readonly string[]): Map<string, number> {
  return new Map(order.map((id, i) => [id, i]));
}

/** How a predicted order (a permutation of `oracle`) agrees with the oracle's: the per-row P4 scores VEH and the circuit audit share. */
export interface RankingAgreement {
  /** Kendall τb over the candidates (0 where undefined). */
  tau: number;
  exact: boolean;
  top1: boolean;
  /** The predicted top two are the oracle's top two, in either order. */
  top2: boolean;
  /** Candidate pairs ordered as the oracle orders them. */
  pairwiseAccuracy: number;
  /** Each candidate's predicted position. */
  predicted: Map<string, number>;
}

export function rankingAgreement(oracle: readonly string[], pred: readonly string[]): RankingAgreement {
  const po = positions(oracle);
  const pp = positions(pred);
  // τb over candidates: x = oracle position, y = predicted position of the same candidate.
  const tau = kendallTauB(
    oracle.map((id) => po.get(id) as number),
    oracle.map((id) => pp.get(id) as number),
  );
  // Oracle pairs i < j are in oracle order, so a pair agrees when the prediction puts i first too.
  let agree = 0;
  let total = 0;
  for (let i = 0; i < oracle.length; i++) {
    for (let j = i + 1; j < oracle.length; j++) {
      total++;
      if ((pp.get(oracle[i] as string) as number) < (pp.get(oracle[j] as string) as number)) agree++;
    }
  }
  const top2 = new Set(oracle.slice(0, 2));
  return {
    tau: tau ?? 0,
    exact: pred.every((id, i) => id === oracle[i]),
    top1: pred[0] === oracle[0],
    top2: pred.slice(0, 2).every((id) => top2.has(id)),
    pairwiseAccuracy: total === 0 ? 0 : agree / total,
    predicted: pp,
  };
}

/** The prediction names every candidate exactly once (shared with the circuit audit's P4). */
export function isPermutationOf(pred: readonly string[], of: readonly string[]): boolean {
  if (pred.length !== of.length) return false;
  const want = new Set(of);
  return new Set(pred).size === pred.length && pred.every((id) => want.has(id));
}

export function summariseP4(row: P4Row): P4Summary {
  const oracle = row.oracle_order;
  const pred = row.predicted_order !== null && isPermutationOf(row.predicted_order, oracle) ? row.predicted_order : null;
  const base: P4Summary = {
    parsed: pred !== null,
    tau: 0,
    exact: false,
    top1: false,
    top2: false,
    pairwiseAccuracy: 0,
    balancedActive: row.balanced_active,
    policyPairs: row.policy_sensitive_pairs.length,
    policyPairsCorrect: 0,
    paretoPairs: row.pareto_pairs.length,
    paretoConcordant: 0,
    paretoDiscordant: 0,
    modified: row.modified_candidates,
  };
  if (pred === null) return base;

  const agreement = rankingAgreement(oracle, pred);
  const po = positions(oracle);
  const pp = agreement.predicted;
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
  return {
    ...base,
    tau: agreement.tau,
    exact: agreement.exact,
    top1: agreement.top1,
    top2: agreement.top2,
    pairwiseAccuracy: agreement.pairwiseAccuracy,
    policyPairsCorrect: policyCorrect,
    paretoConcordant: concordant,
    paretoDiscordant: discordant,
  };
}

type S = readonly P4Summary[];
const indicator = (b: boolean): number => (b ? 1 : 0);

export const meanTau = (s: S): number | null => meanDefined(s, (r) => r.tau);
export const exactRate = (s: S): number | null => meanDefined(s, (r) => indicator(r.exact));
export const pairwiseAccuracy = (s: S): number | null => meanDefined(s, (r) => r.pairwiseAccuracy);
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
    kendall_tau: boot('kendall_tau', meanTau, n),
    exact_match: proportionMetric(countOf(s, (r) => r.exact), n),
    top1: proportionMetric(countOf(s, (r) => r.top1), n),
    top2: proportionMetric(countOf(s, (r) => r.top2), n),
    pairwise_accuracy: boot('pairwise_accuracy', pairwiseAccuracy, n),
    pareto_tau: boot('pareto_tau', paretoTau, countOf(s, (r) => r.paretoPairs > 0)),
    policy_pair_accuracy: boot('policy_pair_accuracy', policyPairAccuracy, sumOf(s, (r) => r.policyPairs)),
    bars: boot('bars', bars, countOf(s, (r) => r.balancedActive)),
    parse_failure_rate: proportionMetric(countOf(s, (r) => !r.parsed), n),
    // Attempts to alter a fixed candidate (the "viol." half of Table 21's Parse / viol. column).
    violation_rate: proportionMetric(countOf(s, (r) => r.modified), n),
  };
}
