import { describe, expect, it } from 'vitest';
import { kendallTauB } from './kendall.ts';

describe('kendallTauB', () => {
  it('matches the scipy.stats.kendalltau docs example with ties', () => {
    // x=[12,2,1,12,2], y=[1,4,7,1,0]: C=2, D=6, 2 pairs tied in x, 1 tied in y, n0=10
    // → τb = −4/√(8·9) = −0.47140452079103173.
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 14);
  });

  it('hand-worked example with ties in both variables', () => {
    // x=[1,1,2,3], y=[1,2,2,3]. Pairs: (0,1) tied x; (0,2) C; (0,3) C; (1,2) tied y; (1,3) C; (2,3) C.
    // C=4, D=0, n0=6, n1=1, n2=1 → τb = 4/√(5·5) = 0.8.
    expect(kendallTauB([1, 1, 2, 3], [1, 2, 2, 3])).toBeCloseTo(0.8, 14);
  });

  it('is ±1 for identical and reversed permutations and τa-like without ties', () => {
    expect(kendallTauB([1, 2, 3, 4, 5], [1, 2, 3, 4, 5])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])).toBe(-1);
    // One adjacent swap of five: C=9, D=1 → 8/10.
    expect(kendallTauB([1, 2, 3, 4, 5], [2, 1, 3, 4, 5])).toBeCloseTo(0.8, 14);
  });

  it('is undefined for a constant variable or fewer than two items', () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(kendallTauB([1], [1])).toBeNull();
    expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
  });
});
