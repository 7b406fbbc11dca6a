import { describe, expect, it } from 'vitest';
import { jacobiEigen } from './jacobi.ts';
import { createRng } from '../stats/rng.ts';

function reconstruct(values: number[], vectors: number[][]): number[][] {
  const n = values.length;
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let k = 0; k < n; k++) s += (vectors[i]?.[k] ?? 0) * (values[k] ?? 0) * (vectors[j]?.[k] ?? 0);
      return s;
    }),
  );
}

describe('jacobiEigen', () => {
  it('diagonalises a known 2×2 matrix', () => {
    const { values } = jacobiEigen([
      [2, 1],
      [1, 2],
    ]);
    expect(values.slice().sort((a, b) => a - b)).toEqual([expect.closeTo(1, 12), expect.closeTo(3, 12)]);
  });

  it('reconstructs a symmetric 3×3 matrix from its eigenpairs', () => {
    const a = [
      [4, 1, 0.5],
      [1, 3, 0.2],
      [0.5, 0.2, 2],
    ];
    const { values, vectors } = jacobiEigen(a);
    const back = reconstruct(values, vectors);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(back[i]?.[j]).toBeCloseTo(a[i]?.[j] ?? NaN, 10);
  });

  it('reconstructs random symmetric 6×6 matrices with orthonormal vectors', () => {
    const rng = createRng(7);
    for (let trial = 0; trial < 20; trial++) {
      const n = 6;
      const b = Array.from({ length: n }, () => Array.from({ length: n }, () => rng.normal()));
      // A = B Bᵀ + I: symmetric positive definite, like a covariance matrix.
      const a = b.map((ri, i) => b.map((rj, j) => ri.reduce((s, x, k) => s + x * (rj[k] ?? 0), 0) + (i === j ? 1 : 0)));
      const { values, vectors } = jacobiEigen(a);
      const back = reconstruct(values, vectors);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(back[i]?.[j]).toBeCloseTo(a[i]?.[j] ?? NaN, 9);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let dot = 0;
          for (let k = 0; k < n; k++) dot += (vectors[k]?.[i] ?? 0) * (vectors[k]?.[j] ?? 0);
          expect(dot).toBeCloseTo(i === j ? 1 : 0, 10);
        }
      }
      expect(Math.min(...values)).toBeGreaterThan(0.99);
    }
  });
});
