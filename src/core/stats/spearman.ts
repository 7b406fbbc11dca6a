/**
 * Spearman's rank correlation ρ: Pearson's r on average ranks, which handles ties exactly (the
 * 1 − 6Σd²/(n(n²−1)) shortcut is only valid without ties). Used for stage-rank correlations (App. K.1).
 */
import { averageRanks } from './ranks.ts';

export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`pearson: lengths differ (${x.length} vs ${y.length})`);
  const n = x.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] as number;
    my += y[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A constant variable has no ranking to correlate with.
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

export function spearmanRho(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`spearmanRho: lengths differ (${x.length} vs ${y.length})`);
  return pearson(averageRanks(x), averageRanks(y));
}
