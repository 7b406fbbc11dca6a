/**
 * Radix-2 complex FFT on an N × N grid (N a power of two), split re/im Float64Arrays, index
 * u + N·v. It is pruned for the plane-wave operator: the Fourier data live only in a band of
 * P ≪ N orders per axis around zero (wrapped: 0…p and N−p…N−1), so
 * - `toRealSpace` (e^{+i}, unnormalised) transforms along u only the P rows v that hold data,
 *   then along v every column;
 * - `toFourier` (e^{−i}, unnormalised) transforms along v every column, then along u only the P
 *   rows whose orders are read back.
 * Both skip about a quarter of the work on a grid twice the basis. Rows are contiguous; the
 * v-axis transform runs its butterflies over whole rows at a time so memory is read in order.
 * Any other side (the odd P × P grid of the fft band solver, where grid = basis) is transformed by
 * a direct DFT, row by row then column by column: O(N³), all rows.
 */

import { fftLine, fftRows, isPowerOfTwo } from '../dda/fft.ts';

export interface FftPlan {
  readonly n: number;
  /** The rows v (= the orders n mod N) that carry plane-wave data, ascending. */
  readonly bandRows: Int32Array;
  /** Sides that are not a power of two: e^{2πij/N} for j < N (direct DFT by matrix, O(N³) per 2-D transform). */
  readonly dftCos: Float64Array | null;
  readonly dftSin: Float64Array | null;
  /** Scratch of N² values per part for the direct DFT. */
  readonly scratchRe: Float64Array;
  readonly scratchIm: Float64Array;
}

/** A plan for an N × N grid whose Fourier data sit in orders −p…p on each axis. */
export function createFftPlan(n: number, p: number): FftPlan {
  if (!(Number.isInteger(n) && n >= 1)) throw new Error(`fft2d: grid side must be a positive integer, got ${n}`);
  if (!(Number.isInteger(p) && p >= 0 && 2 * p + 1 <= n)) throw new Error(`fft2d: orders −${p}…${p} do not fit a grid of ${n}`);
  if (!isPowerOfTwo(n)) {
    const dftCos = new Float64Array(n);
    const dftSin = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      dftCos[j] = Math.cos((2 * Math.PI * j) / n);
      dftSin[j] = Math.sin((2 * Math.PI * j) / n);
    }
    const bandRows = Int32Array.from({ length: n }, (_, i) => i);
    return { n, bandRows, dftCos, dftSin, scratchRe: new Float64Array(n * n), scratchIm: new Float64Array(n * n) };
  }
  const bandRows = new Int32Array(2 * p + 1);
  for (let m = -p; m <= p; m++) bandRows[m + p] = ((m % n) + n) % n;
  bandRows.sort();
  return { n, bandRows, dftCos: null, dftSin: null, scratchRe: new Float64Array(0), scratchIm: new Float64Array(0) };
}

/**
 * Direct 2-D DFT for a side that is not a power of two, in place: rows (along u) first, then
 * columns (along v) with whole rows accumulated at a time. For the odd sides of a plane-wave grid
 * (N ≤ 41) the N³ multiply-adds cost less than a zero-padded power-of-two FFT twice the size.
 */
function directDft(plan: FftPlan, re: Float64Array, im: Float64Array, sign: number): void {
  const { n, scratchRe: tr, scratchIm: ti } = plan;
  const c = plan.dftCos as Float64Array;
  const s = plan.dftSin as Float64Array;
  // Along u: t[v][k] = Σ_u f[v][u] w^{ku}.
  for (let v = 0; v < n; v++) {
    const o = v * n;
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      let w = 0;
      for (let u = 0; u < n; u++) {
        const wr = c[w] as number;
        const wi = sign * (s[w] as number);
        const xr = re[o + u] as number;
        const xi = im[o + u] as number;
        sr += wr * xr - wi * xi;
        si += wr * xi + wi * xr;
        w += k;
        if (w >= n) w -= n;
      }
      tr[o + k] = sr;
      ti[o + k] = si;
    }
  }
  // Along v: f[k] = Σ_v t[v] w^{kv}, a row at a time.
  re.fill(0);
  im.fill(0);
  for (let k = 0; k < n; k++) {
    const out = k * n;
    let w = 0;
    for (let v = 0; v < n; v++) {
      const wr = c[w] as number;
      const wi = sign * (s[w] as number);
      const o = v * n;
      for (let t = 0; t < n; t++) {
        const xr = tr[o + t] as number;
        const xi = ti[o + t] as number;
        re[out + t] = (re[out + t] as number) + wr * xr - wi * xi;
        im[out + t] = (im[out + t] as number) + wr * xi + wi * xr;
      }
      w += k;
      if (w >= n) w -= n;
    }
  }
}

function checkSize(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  if (re.length !== plan.n * plan.n || im.length !== re.length) throw new Error('fft2d: array length does not match the grid');
}

/**
 * Fourier orders → grid values, f(u, v) = Σ c(m, n) e^{+2πi(mu + nv)/N}, in place. Entries
 * outside the band of orders must be zero on entry (they are skipped, not read).
 */
export function toRealSpace(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  checkSize(plan, re, im);
  if (plan.dftCos) return directDft(plan, re, im, 1);
  // Rows are contiguous lines; the v transform runs its butterflies over whole rows (dda/fft.ts fftRows).
  for (const v of plan.bandRows) fftLine(re, im, v * plan.n, 1, plan.n, true);
  fftRows(re, im, 0, plan.n, plan.n, true);
}

/**
 * Grid values → Fourier sums, c(m, n) = Σ f(u, v) e^{−2πi(mu + nv)/N} (no 1/N²), in place.
 * Only the band of orders is valid on return: the other rows are left half-transformed.
 */
export function toFourier(plan: FftPlan, re: Float64Array, im: Float64Array): void {
  checkSize(plan, re, im);
  if (plan.dftCos) return directDft(plan, re, im, -1);
  fftRows(re, im, 0, plan.n, plan.n, false);
  for (const v of plan.bandRows) fftLine(re, im, v * plan.n, 1, plan.n, false);
}
