/** COCG on a small dense complex-symmetric system against Gaussian elimination. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { cocg } from './cocg.ts';

type C = [number, number];
const cmul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const cdiv = (a: C, b: C): C => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};

/** Dense Gaussian elimination with partial pivoting: the reference solution. */
function gauss(A: C[][], b: C[]): C[] {
  const n = b.length;
  const M = A.map((row, i) => [...row.map((v) => [...v] as C), [...b[i]!] as C]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.hypot(...M[r]![col]!) > Math.hypot(...M[piv]![col]!)) piv = r;
    [M[col], M[piv]] = [M[piv]!, M[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = cdiv(M[r]![col]!, M[col]![col]!);
      for (let k = col; k <= n; k++) {
        const p = cmul(f, M[col]![k]!);
        M[r]![k] = [M[r]![k]![0] - p[0], M[r]![k]![1] - p[1]];
      }
    }
  }
  const x: C[] = Array.from({ length: n }, () => [0, 0]);
  for (let i = n - 1; i >= 0; i--) {
    let s: C = [...M[i]![n]!] as C;
    for (let k = i + 1; k < n; k++) {
      const p = cmul(M[i]![k]!, x[k]!);
      s = [s[0] - p[0], s[1] - p[1]];
    }
    x[i] = cdiv(s, M[i]![i]!);
  }
  return x;
}

describe('cocg', () => {
  const n = 12;
  const rng = createRng(3);
  // Complex symmetric (not Hermitian), diagonally weighted like the DDA matrix.
  const A: C[][] = Array.from({ length: n }, () => Array.from({ length: n }, (): C => [0, 0]));
  for (let i = 0; i < n; i++) {
    A[i]![i] = [4 + rng.uniform(0, 1), rng.uniform(-1, 1)];
    for (let j = i + 1; j < n; j++) {
      const v: C = [rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)];
      A[i]![j] = v;
      A[j]![i] = v;
    }
  }
  const b: C[] = Array.from({ length: n }, () => [rng.uniform(-1, 1), rng.uniform(-1, 1)]);
  const apply = (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array): void => {
    for (let i = 0; i < n; i++) {
      let s: C = [0, 0];
      for (let j = 0; j < n; j++) {
        const p = cmul(A[i]![j]!, [xRe[j]!, xIm[j]!]);
        s = [s[0] + p[0], s[1] + p[1]];
      }
      yRe[i] = s[0];
      yIm[i] = s[1];
    }
  };
  const bv = { re: Float64Array.from(b, (v) => v[0]), im: Float64Array.from(b, (v) => v[1]) };

  it('converges to the Gaussian-elimination solution', () => {
    const r = cocg(apply, bv, { re: new Float64Array(n), im: new Float64Array(n) }, { tolerance: 1e-12, maxIterations: 100 });
    const want = gauss(A, b);
    expect(r.converged).toBe(true);
    expect(r.iterations).toBeLessThanOrEqual(n + 5);
    want.forEach((w, i) => {
      expect(r.x.re[i]).toBeCloseTo(w[0], 9);
      expect(r.x.im[i]).toBeCloseTo(w[1], 9);
    });
  });

  it('reports no convergence when the iteration cap bites', () => {
    const seen: number[] = [];
    const r = cocg(apply, bv, { re: new Float64Array(n), im: new Float64Array(n) }, { tolerance: 1e-14, maxIterations: 2, onIteration: (it) => seen.push(it) });
    expect(r.converged).toBe(false);
    expect(r.iterations).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(r.relativeResidual).toBeGreaterThan(1e-14);
  });
});
