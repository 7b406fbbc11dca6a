/**
 * Circuit P4 policy-conditioned ranking metrics (paper App. R, Table 43; App. F.4). An unparsed
 * ranking (no permutation of the candidates) scores 0 on every ranking score of its row, τ included,
 * so refusing to answer cannot raise a score.
 *
 * Policy-flip accuracy: each circuit P4 pool is ranked under two policies whose orders disagree on
 * some candidate pairs (the row's flip_pairs). Flip accuracy is the fraction of those pairs the agent
 * orders as the task's own policy does, pooled over pairs: it is what an agent that ignores the
 * policy cannot get right on both tasks of a pool.
 *
 * Circuit BARS (F.4): the VEH weights on all rows, with Kendall τ rescaled to [0, 1] and policy-flip
 * accuracy in place of pairwise accuracy: BARS = 0.55 (τ + 1)/2 + 0.25 Flip + 0.20 Exact.
 * (Table 43, qwen3-max: 0.55·0.804 + 0.25·0.769 + 0.20·0.375 = 0.7096 ≈ 0.710.)
 */
import type { MetricTable } from '../../veh/rows.ts';
import { exactRate, meanTau, pairwiseAccuracy, rankingMetrics, scoreRanking, type RankingScores } from '../../probe-protocol/ranking.ts';
import { bootstrapMetric, countOf, pooledRatio, proportionMetric, sumOf, type MetricOptions } from '../../suite/metric-value.ts';
import type { CircuitP4Row } from './rows.ts';

export interface CircuitP4Summary extends RankingScores {
  flipPairs: number;
  flipPairsCorrect: number;
  modified: boolean;
}


export function summariseCircuitP4(row: CircuitP4Row): CircuitP4Summary {
  const { scores, predicted: pp } = scoreRanking(row.oracle_order, row.predicted_order);
  let flipCorrect = 0;
  if (pp !== null) for (const [a, b] of row.flip_pairs) if (pp.has(a) && pp.has(b) && (pp.get(a) as number) < (pp.get(b) as number)) flipCorrect++;
  return { ...scores, flipPairs: row.flip_pairs.length, flipPairsCorrect: flipCorrect, modified: row.modified_candidates };
}

type S = readonly CircuitP4Summary[];

export { meanTau, exactRate, pairwiseAccuracy };
export const flipAccuracy = (s: S): number | null => pooledRatio(s, (r) => r.flipPairsCorrect, (r) => r.flipPairs);

/** Circuit BARS of the header; null when a component is undefined. */
export function circuitBars(s: S): number | null {
  const tau = meanTau(s);
  const flip = flipAccuracy(s);
  const exact = exactRate(s);
  if (tau === null || flip === null || exact === null) return null;
  // Integer weights over 100 (0.55 + 0.25 + 0.2 is not exactly 1 in floats).
  return (55 * ((tau + 1) / 2) + 25 * flip + 20 * exact) / 100;
}

/** Table 43's columns, headline (Kendall τ) first. */
export function circuitP4Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const boot = (name: string, stat: (x: S) => number | null, denom: number) => bootstrapMetric(`circuit.P4.${name}`, s, stat, denom, opts);
  return {
    ...rankingMetrics('circuit.P4', s, opts),
    flip_accuracy: boot('flip_accuracy', flipAccuracy, sumOf(s, (r) => r.flipPairs)),
    bars: boot('bars', circuitBars, n),
    parse_failure_rate: proportionMetric(countOf(s, (r) => !r.parsed), n),
    violation_rate: proportionMetric(countOf(s, (r) => r.modified), n),
  };
}
