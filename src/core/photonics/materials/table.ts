/**
 * Tabulated data: where a table may be interpolated, and the interpolation itself.
 *
 * Interpolation is linear in n and in k against wavelength, between neighbouring rows only. That is
 * what the database's own plots draw (straight segments between tabulated points) and what the
 * common Python readers of the database do (scipy `interp1d`, linear); unlike a spline it never
 * overshoots, so k stays ≥ 0 and an absorption edge that falls by decades between rows (Si near
 * 1.1 µm) is not given wiggles that are not in the data.
 *
 * A table is never interpolated across a gap. A gap is a spacing more than GAP_FACTOR times larger
 * than the larger of its neighbouring spacings (or a repeated wavelength, which the database uses
 * where two measurements meet). Coarsening sampling (0.02 µm steps, then 0.05, 0.25, 1 µm as in
 * Li's silicon table) is not a gap because the larger neighbour is coarse too; the largest ratio in
 * the built-in files is 3.4 (Rakić's Al, in the X-ray range), so 5 leaves margin.
 */

export const GAP_FACTOR = 5;

/** A run of rows [first, last] (inclusive indices) that may be interpolated. */
export interface Run {
  readonly first: number;
  readonly last: number;
}

/** Splits a non-decreasing wavelength list into runs with no gap inside. */
export function splitAtGaps(wavelength_nm: readonly number[]): Run[] {
  const runs: Run[] = [];
  const h = (i: number): number => (wavelength_nm[i + 1] as number) - (wavelength_nm[i] as number);
  let first = 0;
  for (let i = 0; i + 1 < wavelength_nm.length; i++) {
    const here = h(i);
    const before = i > 0 ? h(i - 1) : 0;
    const after = i + 2 < wavelength_nm.length ? h(i + 1) : 0;
    const neighbour = Math.max(before, after);
    const gap = here === 0 || (neighbour > 0 && here > GAP_FACTOR * neighbour);
    if (gap) {
      runs.push({ first, last: i });
      first = i + 1;
    }
  }
  if (wavelength_nm.length > 0) runs.push({ first, last: wavelength_nm.length - 1 });
  return runs;
}

/**
 * Linear interpolation of `values` at `x`, within rows run.first…run.last (x must lie inside).
 * A tabulated wavelength returns its tabulated value exactly.
 */
export function interpolate(wavelength_nm: readonly number[], values: readonly number[], run: Run, x: number): number {
  let lo = run.first;
  let hi = run.last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((wavelength_nm[mid] as number) <= x) lo = mid;
    else hi = mid;
  }
  const x0 = wavelength_nm[lo] as number;
  const y0 = values[lo] as number;
  if (x === x0 || hi === lo) return y0;
  const x1 = wavelength_nm[hi] as number;
  const y1 = values[hi] as number;
  if (x === x1) return y1;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}
