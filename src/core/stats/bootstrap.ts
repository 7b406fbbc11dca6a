/**
 * Nonparametric percentile bootstrap over task rows (Efron & Tibshirani 1993, ch. 13), as the paper's
 * Appendix E prescribes for continuous aggregates, plus the paired variant used for deltas between two
 * runs on the same tasks. Resampling is driven by the seeded sfc32 RNG so intervals are reproducible.
 */
import { createRng } from './rng.ts';
import { mean, quantileSorted } from './quantile.ts';
import type { Interval } from './wilson.ts';

export const DEFAULT_RESAMPLES = 2000;

export interface BootstrapOptions {
  seed: number;
  /** Number of bootstrap resamples (default 2000). */
  resamples?: number;
  /** Two-sided coverage (default 0.95). */
  level?: number;
}

/**
 * Percentile interval of `statistic` under resampling `items` with replacement.
 * A statistic may return null on a resample where it is undefined (e.g. a conditional rate whose
 * condition never occurs in that resample); such resamples are dropped, which conditions the interval
 * on the statistic being defined. Returns null when items is empty or no resample is defined.
 */
export function bootstrapInterval<T>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number | null,
  opts: BootstrapOptions,
): Interval | null {
  const n = items.length;
  if (n === 0) return null;
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const alpha = 1 - (opts.level ?? 0.95);
  const rng = createRng(opts.seed);
  const stats: number[] = [];
  const sample: T[] = new Array<T>(n);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) sample[i] = items[rng.int(n)] as T;
    const s = statistic(sample);
    if (s !== null && Number.isFinite(s)) stats.push(s);
  }
  if (stats.length === 0) return null;
  stats.sort((a, b) => a - b);
  return { low: quantileSorted(stats, alpha / 2), high: quantileSorted(stats, 1 - alpha / 2) };
}

export interface PairedDelta {
  /** mean(a) − mean(b) on the full aligned sample. */
  delta: number;
  ci_low: number;
  ci_high: number;
}

/**
 * Paired bootstrap for the difference of means of two aligned per-task score vectors (a[i] and b[i]
 * belong to the same task). Resampling task indices jointly keeps the within-task covariance, so the
 * interval is narrower than two independent bootstraps when both runs find the same tasks hard.
 */
export function pairedBootstrapDelta(
  a: readonly number[],
  b: readonly number[],
  seed: number,
  resamples: number = DEFAULT_RESAMPLES,
): PairedDelta {
  if (a.length !== b.length) throw new RangeError(`pairedBootstrapDelta: lengths differ (${a.length} vs ${b.length})`);
  if (a.length === 0) throw new RangeError('pairedBootstrapDelta: no tasks');
  const diffs = a.map((x, i) => x - (b[i] as number));
  const delta = mean(diffs) as number;
  const ci = bootstrapInterval(diffs, (s) => mean(s), { seed, resamples }) as Interval;
  return { delta, ci_low: ci.low, ci_high: ci.high };
}
