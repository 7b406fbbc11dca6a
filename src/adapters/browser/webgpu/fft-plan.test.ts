/**
 * The GPU FFT's schedule replayed on the CPU in f64 with exactly the shader's index arithmetic
 * (butterflyIndices), against dda/fft.ts: a wrong stride, twiddle or output slot shows up here,
 * in Node, instead of as a wrong Qext in a browser.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../core/stats/rng.ts';
import { fft3d, type Dims } from '../../../core/photonics/dda/fft.ts';
import { butterflyIndices, dispatchSize, fftPlan } from './fft-plan.ts';

/** Runs all stages on `components` grids laid one after another, as the shader does, and returns the result. */
function replay(grid: Dims, components: number, re: Float64Array, im: Float64Array, inverse: boolean): { re: Float64Array; im: Float64Array } {
  const plan = fftPlan(grid);
  let src = { re: Float64Array.from(re), im: Float64Array.from(im) };
  const threads = (components * grid[0] * grid[1] * grid[2]) / 2;
  for (const stage of plan.stages) {
    const dst = { re: new Float64Array(re.length), im: new Float64Array(re.length) };
    for (let t = 0; t < threads; t++) {
      const i = butterflyIndices(stage, t);
      const wr = plan.twiddles[2 * i.twiddle] as number;
      const wi = (inverse ? -1 : 1) * (plan.twiddles[2 * i.twiddle + 1] as number);
      const br = src.re[i.b] as number;
      const bi = src.im[i.b] as number;
      const tr = wr * br - wi * bi;
      const ti = wr * bi + wi * br;
      dst.re[i.outA] = (src.re[i.a] as number) + tr;
      dst.im[i.outA] = (src.im[i.a] as number) + ti;
      dst.re[i.outB] = (src.re[i.a] as number) - tr;
      dst.im[i.outB] = (src.im[i.a] as number) - ti;
    }
    src = dst;
  }
  return src;
}

describe('fftPlan', () => {
  it.each([
    [[8, 4, 2]],
    [[2, 16, 4]],
    [[4, 4, 32]],
  ] as [Dims][])('its stages reproduce fft3d on three stacked %j grids, forward and inverse', (grid) => {
    const total = grid[0] * grid[1] * grid[2];
    const rng = createRng(7);
    const re = Float64Array.from({ length: 3 * total }, () => rng.uniform(-1, 1));
    const im = Float64Array.from({ length: 3 * total }, () => rng.uniform(-1, 1));
    for (const inverse of [false, true]) {
      const got = replay(grid, 3, re, im, inverse);
      for (let c = 0; c < 3; c++) {
        const wantRe = re.slice(c * total, (c + 1) * total);
        const wantIm = im.slice(c * total, (c + 1) * total);
        fft3d(wantRe, wantIm, grid, inverse);
        for (let i = 0; i < total; i++) {
          expect(Math.abs((got.re[c * total + i] as number) - (wantRe[i] as number))).toBeLessThan(1e-12);
          expect(Math.abs((got.im[c * total + i] as number) - (wantIm[i] as number))).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('has log2 of each side stages and shares twiddle tables between equal sides', () => {
    const plan = fftPlan([16, 16, 8]);
    expect(plan.stages).toHaveLength(4 + 4 + 3);
    // One table of 8 entries for 16, one of 4 for 8, interleaved re/im.
    expect(plan.twiddles).toHaveLength(2 * (8 + 4));
    expect(() => fftPlan([12, 8, 8])).toThrow(/power-of-two/);
  });
});

describe('dispatchSize', () => {
  it('covers every thread and splits over y above 65535 workgroups', () => {
    expect(dispatchSize(1000, 64)).toEqual({ x: 16, y: 1, rowThreads: 1024 });
    const big = dispatchSize(65536 * 64 + 1, 64);
    expect(big.x).toBe(65535);
    expect(big.x * big.y * 64).toBeGreaterThanOrEqual(65536 * 64 + 1);
  });
});
