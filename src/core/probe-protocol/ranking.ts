/**
 * The per-row P4 scores both probe suites share (VEHBench App. F.4 / H.1; the circuit audit's
 * App. R): how a predicted order agrees with the oracle's. A reply that is not a permutation of the
 * candidates scores 0 on every one of them, τ included, so refusing to answer cannot raise a score.
 */
import { kendallTauB } from '../stats/kendall.ts';
import type { MetricTable } from '../suite/metrics.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../suite/metric-value.ts';

export interface RankingScores {
  /** The reply named every candidate exactly once. */
  parsed: boolean;
  /** Kendall τb(predicted, oracle) over the candidates; 0 on parse failure or where undefined. */
  tau: number;
  exact: boolean;
  top1: boolean;
  /** The predicted top two are the oracle's top two, in either order. */
  top2: boolean;
  /** Fraction of candidate pairs ordered as the oracle orders them; 0 on parse failure. */
  pairwiseAccuracy: number;
}

/** Position of every id in an order. */
export function positions(order: readonly string[]): Map<string, number> {
  return new Map(order.map((id, i) => [id, i]));
}

/** The prediction names every candidate exactly once. */
export function isPermutationOf(pred: readonly string[], of: readonly string[]): boolean {
  if (pred.length !== of.length) return false;
  const want = new Set(of);
  return new Set(pred).size === pred.length && pred.every((id) => want.has(id));
}

const UNPARSED: RankingScores = { parsed: false, tau: 0, exact: false, top1: false, top2: false, pairwiseAccuracy: 0 };

/** The shared scores of one row, and each candidate's predicted position (null when the reply is not a permutation). */
export function scoreRanking(
  oracle: readonly string[],
  predictedOrder: readonly string[] | null,
): { scores: RankingScores; predicted: Map<string, number> | null } {
  if (predictedOrder === null || !isPermutationOf(predictedOrder, oracle)) return { scores: UNPARSED, predicted: null };
  const pred = predictedOrder;
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
  const scores: RankingScores = {
    parsed: true,
    tau: tau ?? 0,
    exact: pred.every((id, i) => id === oracle[i]),
    top1: pred[0] === oracle[0],
    top2: pred.slice(0, 2).every((id) => top2.has(id)),
    pairwiseAccuracy: total === 0 ? 0 : agree / total,
  };
  return { scores, predicted: pp };
}

type Scored = readonly RankingScores[];
export const meanTau = (s: Scored): number | null => meanDefined(s, (r) => r.tau);
export const exactRate = (s: Scored): number | null => meanDefined(s, (r) => (r.exact ? 1 : 0));
export const pairwiseAccuracy = (s: Scored): number | null => meanDefined(s, (r) => r.pairwiseAccuracy);

/** The P4 columns every probe suite reports, headline (Kendall τ) first; `prefix` names the bootstrap streams ("P4", "circuit.P4"). */
export function rankingMetrics(prefix: string, s: Scored, opts: MetricOptions): MetricTable {
  const n = s.length;
  return {
    kendall_tau: bootstrapMetric(`${prefix}.kendall_tau`, s, meanTau, n, opts),
    exact_match: proportionMetric(countOf(s, (r) => r.exact), n),
    top1: proportionMetric(countOf(s, (r) => r.top1), n),
    top2: proportionMetric(countOf(s, (r) => r.top2), n),
    pairwise_accuracy: bootstrapMetric(`${prefix}.pairwise_accuracy`, s, pairwiseAccuracy, n, opts),
  };
}
