/**
 * Test helper: how far the FFT interaction product is from the direct O(N²) sum on one seeded
 * random vector, as the worst component difference over the largest direct component.
 */
import { createRng } from '../../stats/rng.ts';
import { directOperator, fftOperator } from './green.ts';
import type { buildLattice } from './geometry.ts';

export function fftVsDirectGap(l: ReturnType<typeof buildLattice>, k: number, invAlpha: { re: number; im: number }): number {
  const fast = fftOperator(l.dims, l.sites, k, invAlpha);
  const direct = directOperator(l.dims, l.sites, k, invAlpha);
  const rng = createRng(42);
  const xRe = Float64Array.from({ length: fast.size }, () => rng.uniform(-1, 1));
  const xIm = Float64Array.from({ length: fast.size }, () => rng.uniform(-1, 1));
  const a = { re: new Float64Array(fast.size), im: new Float64Array(fast.size) };
  const b = { re: new Float64Array(fast.size), im: new Float64Array(fast.size) };
  fast.apply(xRe, xIm, a.re, a.im);
  direct.apply(xRe, xIm, b.re, b.im);
  let worst = 0;
  let scale = 0;
  for (let i = 0; i < fast.size; i++) {
    worst = Math.max(worst, Math.abs(a.re[i]! - b.re[i]!), Math.abs(a.im[i]! - b.im[i]!));
    scale = Math.max(scale, Math.abs(b.re[i]!), Math.abs(b.im[i]!));
  }
  return worst / scale;
}
