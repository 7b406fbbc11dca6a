/**
 * Builders for MetricValue: every reported number carries a 95% interval and the method behind it
 * (paper App. E). Proportions of independent per-row trials get Wilson intervals; everything else
 * (composites, means, ratios, rates pooled over transitions or pairs inside a task) gets a percentile
 * bootstrap that resamples whole task rows, so within-task correlation is respected.
 */
import { bootstrapInterval, DEFAULT_RESAMPLES } from '../stats/bootstrap.ts';
import { deriveSeed } from '../stats/rng.ts';
import { wilsonInterval } from '../stats/wilson.ts';
import type { MetricValue } from './metrics.ts';

export interface MetricOptions {
  seed: number;
  resamples?: number;
}

/** Value undefined because its denominator is empty. */
export function noMetric(): MetricValue {
  return { value: null, ci_low: null, ci_high: null, method: 'none', n: 0 };
}

/** `successes` out of `n` independent trials, with a Wilson interval; n = trials. */
export function proportionMetric(successes: number, n: number): MetricValue {
  const ci = wilsonInterval(successes, n);
  if (ci === null) return noMetric();
  return { value: successes / n, ci_low: ci.low, ci_high: ci.high, method: 'wilson', n };
}

/**
 * A statistic of task rows with a percentile-bootstrap interval over rows. `n` is the size of the
 * point estimate's denominator, in its own units (rows, feasible finals, transitions, pairs), so a
 * reader sees how much evidence a value rests on. Each metric draws from its own stream,
 * deriveSeed(seed, name), so adding or reordering metrics never shifts another metric's interval.
 */
export function bootstrapMetric<T>(
  name: string,
  rows: readonly T[],
  statistic: (sample: readonly T[]) => number | null,
  n: number,
  opts: MetricOptions,
): MetricValue {
  const value = statistic(rows);
  if (value === null || n === 0) return noMetric();
  const ci = bootstrapInterval(rows, statistic, {
    seed: deriveSeed(opts.seed, name),
    resamples: opts.resamples ?? DEFAULT_RESAMPLES,
  });
  // ci is null only when the statistic was undefined on every resample (a conditional metric resting
  // on one or two rows with very few resamples); report the value without inventing an interval.
  return { value, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, method: 'bootstrap', n };
}

/** Clip to [0, 1], for error families defined as clip[0,1](…) in App. H.1. */
export const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

/** Sum of a numeric field over rows (used by pooled rates: Σ numerators / Σ denominators). */
export function sumOf<T>(rows: readonly T[], pick: (row: T) => number): number {
  let s = 0;
  for (const r of rows) s += pick(r);
  return s;
}

/** Number of rows satisfying `pred`. */
export function countOf<T>(rows: readonly T[], pred: (row: T) => boolean): number {
  let k = 0;
  for (const r of rows) if (pred(r)) k++;
  return k;
}

/** Pooled ratio Σnum/Σden over rows; null when Σden = 0. */
export function pooledRatio<T>(rows: readonly T[], num: (row: T) => number, den: (row: T) => number): number | null {
  const d = sumOf(rows, den);
  return d === 0 ? null : sumOf(rows, num) / d;
}

/** Mean of a per-row value over the rows where it is defined (non-null); null when none is. */
export function meanDefined<T>(rows: readonly T[], pick: (row: T) => number | null): number | null {
  let s = 0;
  let k = 0;
  for (const r of rows) {
    const v = pick(r);
    if (v !== null) {
      s += v;
      k++;
    }
  }
  return k === 0 ? null : s / k;
}
