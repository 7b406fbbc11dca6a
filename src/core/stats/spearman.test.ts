import { describe, expect, it } from 'vitest';
import { averageRanks } from './ranks.ts';
import { spearmanRho } from './spearman.ts';

describe('averageRanks', () => {
  it('gives tied values the mean of their ranks', () => {
    expect(averageRanks([5, 6, 7, 8, 7])).toEqual([1, 2, 3.5, 5, 3.5]);
    expect(averageRanks([3, 3, 3])).toEqual([2, 2, 2]);
  });
});

describe('spearmanRho', () => {
  it('matches the scipy.stats.spearmanr docs example with a tie', () => {
    // Ranks y = [1,2,3.5,5,3.5]; deviations x: [−2,−1,0,1,2], y: [−2,−1,0.5,2,0.5];
    // Σdxdy = 8, Σdx² = 10, Σdy² = 9.5 → ρ = 8/√95 = 0.8207826816681233.
    expect(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 14);
  });

  it('equals 1 − 6Σd²/(n(n²−1)) without ties', () => {
    // d = [0, 2, −1, −1] → Σd² = 6 → 1 − 36/60 = 0.4.
    expect(spearmanRho([1, 2, 3, 4], [1, 4, 2, 3])).toBeCloseTo(0.4, 14);
  });

  it('is invariant to monotone transforms and undefined for constants', () => {
    expect(spearmanRho([1, 2, 3, 4], [10, 100, 1000, 10000])).toBeCloseTo(1, 14);
    expect(spearmanRho([1, 2, 3], [4, 4, 4])).toBeNull();
  });
});
