/**
 * Ranking with ties. Equal values (within float noise) share a rank and the next rank skips
 * ("1, 1, 3", standard competition ranking); entries without a value are listed last, unranked.
 * Beside the strict rank, each entry says whether its 95 % interval overlaps the leader's: such an
 * entry is not distinguishable from first place at this sample size, which a reader should know
 * before reading much into the order.
 */
import type { MetricValue } from '../suite/metrics.ts';
import type { MetricDirection } from '../suite/scoring.ts';

export const TIE_EPS = 1e-12;

export interface Ranked {
  /** 1-based competition rank; null for an entry without a value. */
  rank: number | null;
  /** Its interval overlaps the leader's (the leader itself included). */
  overlaps_leader: boolean;
}

export function rankByMetric<T extends { metric: MetricValue }>(entries: readonly T[], direction: MetricDirection): (T & Ranked)[] {
  const sign = direction === 'lower' ? 1 : -1;
  const valued = entries.filter((e) => e.metric.value !== null);
  const unvalued = entries.filter((e) => e.metric.value === null);
  // Stable sort: equal values keep the caller's order.
  const sorted = [...valued].sort((a, b) => sign * ((a.metric.value as number) - (b.metric.value as number)));
  const out: (T & Ranked)[] = [];
  const leader = sorted[0];
  sorted.forEach((e, i) => {
    const prev = out[i - 1];
    const tiedWithPrev = prev !== undefined && Math.abs((prev.metric.value as number) - (e.metric.value as number)) <= TIE_EPS;
    const rank = tiedWithPrev ? (prev.rank as number) : i + 1;
    out.push({ ...e, rank, overlaps_leader: leader !== undefined && intervalsOverlap(leader.metric, e.metric) });
  });
  for (const e of unvalued) out.push({ ...e, rank: null, overlaps_leader: false });
  return out;
}

/** Closed intervals overlap; a value without an interval counts as the point [value, value]. */
export function intervalsOverlap(a: MetricValue, b: MetricValue): boolean {
  if (a.value === null || b.value === null) return false;
  const aLo = a.ci_low ?? a.value;
  const aHi = a.ci_high ?? a.value;
  const bLo = b.ci_low ?? b.value;
  const bHi = b.ci_high ?? b.value;
  return aLo <= bHi + TIE_EPS && bLo <= aHi + TIE_EPS;
}
