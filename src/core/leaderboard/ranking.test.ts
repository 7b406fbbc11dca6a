import { describe, expect, it } from 'vitest';
import type { MetricValue } from '../veh/rows.ts';
import { intervalsOverlap, rankByMetric } from './ranking.ts';

const mv = (value: number | null, lo: number | null = value, hi: number | null = value): MetricValue => ({ value, ci_low: lo, ci_high: hi, method: 'bootstrap', n: 10 });
const e = (id: string, metric: MetricValue) => ({ id, metric });

describe('rankByMetric', () => {
  it('uses competition ranking for ties and lists missing values last, unranked', () => {
    const out = rankByMetric([e('c', mv(0.5)), e('none', mv(null)), e('a', mv(0.9)), e('b', mv(0.9)), e('d', mv(0.1))], 'higher');
    expect(out.map((x) => [x.id, x.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
      ['d', 4],
      ['none', null],
    ]);
  });

  it('ranks error rates lowest first', () => {
    const out = rankByMetric([e('x', mv(0.7)), e('y', mv(0.2))], 'lower');
    expect(out.map((x) => x.id)).toEqual(['y', 'x']);
  });

  it('treats values within float noise as tied', () => {
    const out = rankByMetric([e('a', mv(0.1 + 0.2)), e('b', mv(0.3))], 'higher');
    expect(out.map((x) => x.rank)).toEqual([1, 1]);
  });

  it('marks entries whose interval overlaps the leader', () => {
    const out = rankByMetric([e('lead', mv(0.8, 0.7, 0.9)), e('close', mv(0.65, 0.5, 0.72)), e('far', mv(0.3, 0.2, 0.4))], 'higher');
    expect(out.map((x) => [x.id, x.overlaps_leader])).toEqual([
      ['lead', true],
      ['close', true],
      ['far', false],
    ]);
  });
});

describe('intervalsOverlap', () => {
  it('treats a value without an interval as a point', () => {
    expect(intervalsOverlap(mv(0.5, null, null), mv(0.4, 0.3, 0.5))).toBe(true);
    expect(intervalsOverlap(mv(0.5, null, null), mv(0.4, 0.3, 0.45))).toBe(false);
    expect(intervalsOverlap(mv(null), mv(0.4))).toBe(false);
  });
});
