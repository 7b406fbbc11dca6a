import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { spdInverse } from './spd-inverse.ts';

describe('spdInverse', () => {
  it('inverts a random symmetric positive-definite matrix: A·A⁻¹ = I to 1e-12', () => {
    const n = 50;
    const rng = createRng(3);
    const b = Array.from({ length: n * n }, () => rng.next() - 0.5);
    // A = BᵀB + n·I is symmetric positive definite.
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = i === j ? n : 0;
      for (let k = 0; k < n; k++) s += (b[k * n + i] as number) * (b[k * n + j] as number);
      a[i * n + j] = s;
    }
    const inv = spdInverse(a, n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < n; k++) s += (a[i * n + k] as number) * (inv[k * n + j] as number);
      expect(Math.abs(s - (i === j ? 1 : 0))).toBeLessThan(1e-12);
    }
  });

  it('refuses a matrix that is not positive definite', () => {
    expect(() => spdInverse(new Float64Array([1, 2, 2, 1]), 2)).toThrow(/not positive definite/);
  });
});
