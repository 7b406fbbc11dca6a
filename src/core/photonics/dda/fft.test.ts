/** The radix-2 FFT against the O(N²) definition of the DFT (X_k = Σ x_n e^{−2πikn/N}), in 1-D and 3-D. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { fft1d, fft3d, nextPowerOfTwo, type Dims } from './fft.ts';

function randomVector(n: number, seed: number): { re: Float64Array; im: Float64Array } {
  const rng = createRng(seed);
  return { re: Float64Array.from({ length: n }, () => rng.uniform(-1, 1)), im: Float64Array.from({ length: n }, () => rng.uniform(-1, 1)) };
}

function naiveDft3d(re: Float64Array, im: Float64Array, [nx, ny, nz]: Dims, sign: number): { re: Float64Array; im: Float64Array } {
  const oRe = new Float64Array(re.length);
  const oIm = new Float64Array(re.length);
  for (let kz = 0; kz < nz; kz++)
    for (let ky = 0; ky < ny; ky++)
      for (let kx = 0; kx < nx; kx++) {
        let sr = 0;
        let si = 0;
        for (let z = 0; z < nz; z++)
          for (let y = 0; y < ny; y++)
            for (let x = 0; x < nx; x++) {
              const phase = sign * 2 * Math.PI * ((kx * x) / nx + (ky * y) / ny + (kz * z) / nz);
              const i = x + nx * (y + ny * z);
              sr += (re[i] as number) * Math.cos(phase) - (im[i] as number) * Math.sin(phase);
              si += (re[i] as number) * Math.sin(phase) + (im[i] as number) * Math.cos(phase);
            }
        oRe[kx + nx * (ky + ny * kz)] = sr;
        oIm[kx + nx * (ky + ny * kz)] = si;
      }
  return { re: oRe, im: oIm };
}

function maxDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs((a[i] as number) - (b[i] as number)));
  return m;
}

describe('fft1d', () => {
  for (const n of [1, 2, 4, 8, 64]) {
    it(`matches the naive DFT at N = ${n}, forward and inverse`, () => {
      for (const inverse of [false, true]) {
        const v = randomVector(n, n);
        const want = naiveDft3d(v.re, v.im, [n, 1, 1], inverse ? 1 : -1);
        fft1d(v.re, v.im, inverse);
        expect(maxDiff(v.re, want.re)).toBeLessThan(1e-12 * n);
        expect(maxDiff(v.im, want.im)).toBeLessThan(1e-12 * n);
      }
    });
  }

  it('refuses a length that is not a power of two', () => {
    expect(() => fft1d(new Float64Array(6), new Float64Array(6))).toThrow(/power-of-two/);
  });

  it('nextPowerOfTwo rounds up', () => {
    expect([1, 2, 3, 16, 17].map(nextPowerOfTwo)).toEqual([1, 2, 4, 16, 32]);
  });
});

describe('fft3d', () => {
  const dims: Dims = [4, 2, 8];
  it('matches the naive 3-D DFT on a 4×2×8 grid, forward and inverse', () => {
    for (const inverse of [false, true]) {
      const v = randomVector(64, 7);
      const want = naiveDft3d(v.re, v.im, dims, inverse ? 1 : -1);
      fft3d(v.re, v.im, dims, inverse);
      expect(maxDiff(v.re, want.re)).toBeLessThan(1e-11);
      expect(maxDiff(v.im, want.im)).toBeLessThan(1e-11);
    }
  });

  it('skipping zero lines (forward) and unread lines (inverse) changes nothing where it matters', () => {
    const occ: Dims = [2, 1, 4];
    const v = randomVector(64, 11);
    for (let z = 0; z < 8; z++) for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) if (x >= 2 || y >= 1 || z >= 4) { v.re[x + 4 * (y + 2 * z)] = 0; v.im[x + 4 * (y + 2 * z)] = 0; }
    const full = { re: Float64Array.from(v.re), im: Float64Array.from(v.im) };
    fft3d(full.re, full.im, dims);
    fft3d(v.re, v.im, dims, false, occ);
    expect(maxDiff(v.re, full.re)).toBeLessThan(1e-12);
    fft3d(full.re, full.im, dims, true);
    fft3d(v.re, v.im, dims, true, occ);
    for (let z = 0; z < 4; z++) for (let x = 0; x < 2; x++) {
      const i = x + 4 * 2 * z;
      expect(v.re[i]).toBeCloseTo(full.re[i] as number, 10);
      expect(v.im[i]).toBeCloseTo(full.im[i] as number, 10);
    }
  });
});
