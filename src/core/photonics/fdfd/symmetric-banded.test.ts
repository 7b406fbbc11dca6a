import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { symmetricBandedAdd, symmetricBandedFactor, symmetricBandedMultiply, symmetricBandedSolve, symmetricBandedZeros } from './symmetric-banded.ts';

/** A complex symmetric banded matrix with a dominant diagonal (so elimination without pivoting is safe) and random off-diagonals. */
function randomMatrix(n: number, bw: number, seed: number) {
  const rng = createRng(seed);
  const m = symmetricBandedZeros(n, bw);
  for (let i = 0; i < n; i++) {
    symmetricBandedAdd(m, i, i, 4 * bw + rng.uniform(-1, 1), rng.uniform(-1, 1));
    for (let j = i + 1; j <= Math.min(n - 1, i + bw); j++) symmetricBandedAdd(m, i, j, rng.uniform(-1, 1), rng.uniform(-1, 1));
  }
  return m;
}

function randomVector(n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  return Float64Array.from({ length: 2 * n }, () => rng.uniform(-1, 1));
}

/** Unconjugated bilinear form xᵀy of interleaved complex vectors. */
function bilinear(x: Float64Array, y: Float64Array): { re: number; im: number } {
  let re = 0;
  let im = 0;
  for (let k = 0; k < x.length; k += 2) {
    re += (x[k] as number) * (y[k] as number) - (x[k + 1] as number) * (y[k + 1] as number);
    im += (x[k] as number) * (y[k + 1] as number) + (x[k + 1] as number) * (y[k] as number);
  }
  return { re, im };
}

describe('complex symmetric banded LDLᵀ', () => {
  it('solves A·x = b to rounding (residual below 1e-13 for n = 300, bw = 17)', () => {
    const a = randomMatrix(300, 17, 7);
    const b = randomVector(300, 8);
    const x = b.slice();
    symmetricBandedSolve(symmetricBandedFactor(a), x);
    const ax = new Float64Array(b.length);
    symmetricBandedMultiply(a, x, ax);
    const err = Math.sqrt(ax.reduce((s, v, k) => s + (v - (b[k] as number)) ** 2, 0) / b.reduce((s, v) => s + v * v, 0));
    expect(err).toBeLessThan(1e-13);
  });

  it('the same factors solve the transpose: cᵀ(A⁻¹b) = (A⁻¹c)ᵀb, which is what the adjoint solve relies on', () => {
    const a = randomMatrix(120, 9, 3);
    const f = symmetricBandedFactor(a);
    const b = randomVector(120, 4);
    const c = randomVector(120, 5);
    const x = b.slice();
    symmetricBandedSolve(f, x);
    const y = c.slice();
    symmetricBandedSolve(f, y);
    const left = bilinear(c, x);
    const right = bilinear(y, b);
    expect(Math.abs(left.re - right.re) + Math.abs(left.im - right.im)).toBeLessThan(1e-12 * (Math.abs(left.re) + Math.abs(left.im)));
  });

  it('multiplies with the stored upper band as a full symmetric matrix would', () => {
    const m = symmetricBandedZeros(3, 1);
    symmetricBandedAdd(m, 0, 0, 1, 0);
    symmetricBandedAdd(m, 1, 0, 0, 2); // A01 = A10 = 2i
    symmetricBandedAdd(m, 1, 1, 3, 0);
    symmetricBandedAdd(m, 1, 2, 5, 0);
    symmetricBandedAdd(m, 2, 2, 7, 0);
    const y = new Float64Array(6);
    symmetricBandedMultiply(m, Float64Array.from([1, 0, 1, 0, 1, 0]), y);
    // Row sums of [[1, 2i, 0], [2i, 3, 5], [0, 5, 7]].
    expect(Array.from(y)).toEqual([1, 2, 8, 2, 12, 0]);
    expect(() => symmetricBandedAdd(m, 0, 2, 1, 0)).toThrow(/outside the band/);
  });
});
