/** The pruned radix-2 FFT and the direct DFT (other sides) against the O(N⁴) definition, on data confined to the band of orders. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { createFftPlan, toFourier, toRealSpace } from './fft2d.ts';

function naive(re: Float64Array, im: Float64Array, n: number, sign: number): { re: Float64Array; im: Float64Array } {
  const oRe = new Float64Array(n * n);
  const oIm = new Float64Array(n * n);
  for (let kv = 0; kv < n; kv++)
    for (let ku = 0; ku < n; ku++) {
      let sr = 0;
      let si = 0;
      for (let v = 0; v < n; v++)
        for (let u = 0; u < n; u++) {
          const phase = (sign * 2 * Math.PI * (ku * u + kv * v)) / n;
          const i = u + n * v;
          sr += (re[i] as number) * Math.cos(phase) - (im[i] as number) * Math.sin(phase);
          si += (re[i] as number) * Math.sin(phase) + (im[i] as number) * Math.cos(phase);
        }
      oRe[ku + n * kv] = sr;
      oIm[ku + n * kv] = si;
    }
  return { re: oRe, im: oIm };
}

const inBand = (i: number, n: number, p: number): boolean => i <= p || i >= n - p;

describe('pruned 2-D FFT', () => {
  for (const [n, p] of [[1, 0], [2, 0], [8, 2], [16, 3], [7, 3], [9, 4], [15, 5]] as const) {
    it(`N = ${n}, orders ±${p}: toRealSpace is the inverse DFT of band-limited data, toFourier the DFT on the band`, () => {
      const rng = createRng(n * 31 + p);
      const re = new Float64Array(n * n);
      const im = new Float64Array(n * n);
      for (let v = 0; v < n; v++)
        for (let u = 0; u < n; u++)
          if (inBand(u, n, p) && inBand(v, n, p)) {
            re[u + n * v] = rng.uniform(-1, 1);
            im[u + n * v] = rng.uniform(-1, 1);
          }
      const plan = createFftPlan(n, p);
      const expected = naive(re, im, n, 1);
      const gRe = re.slice();
      const gIm = im.slice();
      toRealSpace(plan, gRe, gIm);
      for (let i = 0; i < n * n; i++) {
        expect(gRe[i]).toBeCloseTo(expected.re[i]!, 10);
        expect(gIm[i]).toBeCloseTo(expected.im[i]!, 10);
      }
      // A full grid of values back to the band: Σ e^{−i} of the e^{+i} sum is N² times the input.
      const forward = naive(gRe, gIm, n, -1);
      toFourier(plan, gRe, gIm);
      for (let v = 0; v < n; v++)
        for (let u = 0; u < n; u++) {
          if (!(inBand(u, n, p) && inBand(v, n, p))) continue;
          const i = u + n * v;
          expect(gRe[i]).toBeCloseTo(forward.re[i]!, 9);
          expect(gRe[i]! / (n * n)).toBeCloseTo(re[i]!, 12);
          expect(gIm[i]! / (n * n)).toBeCloseTo(im[i]!, 12);
        }
    });
  }

  it('rejects a side that is not a positive integer and a band that does not fit', () => {
    expect(() => createFftPlan(12.5, 2)).toThrow(/positive integer/);
    expect(() => createFftPlan(8, 4)).toThrow(/do not fit/);
  });
});
