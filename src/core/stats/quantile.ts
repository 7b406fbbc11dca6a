/**
 * Sample quantile by linear interpolation between order statistics (Hyndman & Fan type 7, the
 * default of R's quantile() and NumPy's percentile), used to read percentile-bootstrap bounds.
 */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantileSorted: empty sample');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileSorted: q=${q} outside [0, 1]`);
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (h - lo) * (b - a);
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}
