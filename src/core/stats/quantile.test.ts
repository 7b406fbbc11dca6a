import { describe, expect, it } from 'vitest';
import { mean, quantileSorted } from './quantile.ts';

describe('quantileSorted (type 7)', () => {
  it('matches numpy.percentile([1,2,3,4], 25) = 1.75 and 97.5 → 3.925', () => {
    // h = (4−1)·0.25 = 0.75 → 1 + 0.75·(2−1); h = 3·0.975 = 2.925 → 3 + 0.925·(4−3).
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantileSorted([1, 2, 3, 4], 0.975)).toBeCloseTo(3.925, 12);
  });

  it('returns the extremes at q = 0 and q = 1 and the only value of a singleton', () => {
    expect(quantileSorted([2, 5, 9], 0)).toBe(2);
    expect(quantileSorted([2, 5, 9], 1)).toBe(9);
    expect(quantileSorted([7], 0.3)).toBe(7);
  });

  it('rejects empty samples and q outside [0, 1]', () => {
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted([1], 1.5)).toThrow(RangeError);
  });

  it('mean is null on an empty sample', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
  });
});
