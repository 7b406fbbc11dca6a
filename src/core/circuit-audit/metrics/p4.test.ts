import { describe, expect, it } from 'vitest';
import { circuitBars, circuitP4Metrics, flipAccuracy, meanTau, summariseCircuitP4 } from './p4.ts';
import { p4Row } from './test-utils.ts';

const ORDER = ['A', 'B', 'C', 'D', 'E'];
// One adjacent swap at the top: 9 concordant, 1 discordant pair → τ = 0.8; top-2 set still right.
const swapped = p4Row(ORDER, ['B', 'A', 'C', 'D', 'E'], [['A', 'B'], ['C', 'D']]);
const exact = p4Row(ORDER, ORDER, [['A', 'B']]);
const unparsed = p4Row(ORDER, null, [['A', 'E']]);

describe('circuit P4 metrics', () => {
  it('scores one ranking: τ, exact, top-1, top-2, pairwise, flip pairs', () => {
    expect(summariseCircuitP4(swapped)).toMatchObject({ parsed: true, exact: false, top1: false, top2: true, flipPairs: 2, flipPairsCorrect: 1 });
    expect(summariseCircuitP4(swapped).tau).toBeCloseTo(0.8, 12);
    expect(summariseCircuitP4(swapped).pairwiseAccuracy).toBeCloseTo(0.9, 12);
  });

  it('an unparsed ranking scores 0 everywhere, its flip pairs count as wrong', () => {
    expect(summariseCircuitP4(unparsed)).toMatchObject({ parsed: false, tau: 0, exact: false, flipPairsCorrect: 0, flipPairs: 1 });
  });

  it('circuit BARS = 0.55 (τ+1)/2 + 0.25 flip + 0.20 exact', () => {
    const s = [swapped, exact, unparsed].map(summariseCircuitP4);
    expect(meanTau(s)).toBeCloseTo(0.6, 12);
    expect(flipAccuracy(s)).toBe(2 / 4);
    expect(circuitBars(s)).toBeCloseTo(0.55 * 0.8 + 0.25 * 0.5 + 0.2 / 3, 12);
    const m = circuitP4Metrics(s, { seed: 9, resamples: 100 });
    expect(m.exact_match?.value).toBe(1 / 3);
    expect(m.top2?.value).toBe(2 / 3);
    expect(m.parse_failure_rate?.value).toBe(1 / 3);
    expect(m.flip_accuracy?.n).toBe(4);
  });

  it('a perfect log scores τ 1, flip 1 and BARS exactly 1', () => {
    const s = [exact, p4Row(ORDER, ORDER, [['C', 'E']])].map(summariseCircuitP4);
    expect(meanTau(s)).toBe(1);
    expect(circuitBars(s)).toBe(1);
  });
});
