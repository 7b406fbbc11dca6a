/**
 * Wilson score interval for a binomial proportion (Wilson 1927). Unlike the Wald interval it stays
 * inside [0, 1] and keeps close to nominal coverage for small n and for rates near 0 or 1, which is
 * where benchmark rates (parse failures, exact matches) usually sit.
 */

/** Two-sided 95% standard-normal quantile, Φ⁻¹(0.975). */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Interval for `successes` out of `n` trials; null when n = 0 (no information).
 * centre = (p̂ + z²/2n) / (1 + z²/n), half-width = z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n).
 */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval | null {
  if (n <= 0) return null;
  if (successes < 0 || successes > n) throw new RangeError(`wilsonInterval: successes ${successes} outside [0, ${n}]`);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Clamp away floating-point spill (e.g. −1e−17) at the boundaries.
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
