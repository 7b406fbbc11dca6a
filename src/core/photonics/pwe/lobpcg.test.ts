import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { hermitianEigen } from './hermitian-eigen.ts';
import { lobpcg } from './lobpcg.ts';

/** A Hermitian test matrix with a growing diagonal (like |k+G|²) and a weak random coupling. */
function testMatrix(n: number, seed: number): { re: Float64Array; im: Float64Array } {
  const rng = createRng(seed);
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    re[i * n + i] = 1 + i + rng.uniform(0, 0.5);
    for (let j = i + 1; j < n; j++) {
      const a = 0.3 * rng.uniform(-1, 1);
      const b = 0.3 * rng.uniform(-1, 1);
      re[i * n + j] = a;
      re[j * n + i] = a;
      im[i * n + j] = b;
      im[j * n + i] = -b;
    }
  }
  return { re, im };
}

function dense(re: Float64Array, im: Float64Array, n: number) {
  return (xr: Float64Array, xi: Float64Array, yr: Float64Array, yi: Float64Array): void => {
    for (let i = 0; i < n; i++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        sr += re[i * n + j]! * xr[j]! - im[i * n + j]! * xi[j]!;
        si += re[i * n + j]! * xi[j]! + im[i * n + j]! * xr[j]!;
      }
      yr[i] = sr;
      yi[i] = si;
    }
  };
}

describe('LOBPCG', () => {
  it('finds the lowest eigenvalues of a Hermitian matrix (checked against the dense Jacobi solve)', () => {
    const n = 80;
    const { re, im } = testMatrix(n, 7);
    const exact = hermitianEigen(re, im, n).values;
    const preconditioner = Float64Array.from({ length: n }, (_, i) => 1 / re[i * n + i]!);
    const r = lobpcg({ size: n, apply: dense(re, im, n), preconditioner }, { wanted: 5, blockSize: 7, tolerance: 1e-9, maxIterations: 200, seed: 1 });
    expect(r.converged).toBe(true);
    for (let b = 0; b < 5; b++) expect(r.values[b]).toBeCloseTo(exact[b]!, 10);
    expect(r.maxResidual).toBeLessThanOrEqual(1e-9);
  });

  it('deflates a fixed component: the solve stays in its orthogonal complement', () => {
    const n = 40;
    const { re, im } = testMatrix(n, 3);
    // Decouple component 0 and give it the lowest value, like the k = 0, G = 0 mode.
    for (let j = 0; j < n; j++) {
      re[j] = 0;
      im[j] = 0;
      re[j * n] = 0;
      im[j * n] = 0;
    }
    const exact = hermitianEigen(re, im, n).values; // exact[0] = 0 is the decoupled mode
    expect(exact[0]).toBeCloseTo(0, 14);
    const preconditioner = Float64Array.from({ length: n }, (_, i) => 1 / Math.max(re[i * n + i]!, 1));
    const r = lobpcg({ size: n, apply: dense(re, im, n), preconditioner, fixedZero: [0] }, { wanted: 3, blockSize: 4, tolerance: 1e-9, maxIterations: 200, seed: 2 });
    for (let b = 0; b < 3; b++) expect(r.values[b]).toBeCloseTo(exact[b + 1]!, 10);
    for (let j = 0; j < 4; j++) expect(Math.hypot(r.vectorsRe[j * n]!, r.vectorsIm[j * n]!)).toBe(0);
  });

  it('is deterministic and a warm start converges in fewer iterations', () => {
    const n = 60;
    const { re, im } = testMatrix(n, 11);
    const preconditioner = Float64Array.from({ length: n }, (_, i) => 1 / re[i * n + i]!);
    const opts = { wanted: 4, blockSize: 6, tolerance: 1e-8, maxIterations: 200, seed: 5 };
    const a = lobpcg({ size: n, apply: dense(re, im, n), preconditioner }, opts);
    const b = lobpcg({ size: n, apply: dense(re, im, n), preconditioner }, opts);
    expect(Buffer.from(a.values.buffer).equals(Buffer.from(b.values.buffer))).toBe(true);
    const warm = lobpcg({ size: n, apply: dense(re, im, n), preconditioner }, { ...opts, initial: { re: a.vectorsRe, im: a.vectorsIm, count: 6 } });
    expect(warm.iterations).toBeLessThan(a.iterations);
    expect(warm.values[3]).toBeCloseTo(a.values[3]!, 10);
  });
});
