/**
 * VEH suite metrics: groups task rows by probe and returns one MetricTable per probe present, keyed by
 * the paper's metric names. Every value carries a 95% interval (Wilson for per-row proportions,
 * task-row percentile bootstrap otherwise) and is deterministic for a given seed.
 */
import type { SuiteMetrics } from '../../run/types.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import { p1ErrorFamilies, p2ErrorFamilies, p3ErrorFamilies, p4ErrorFamilies } from './error-families.ts';
import type { MetricOptions } from './metric-value.ts';
import { p1Metrics } from './p1.ts';
import { p2Metrics } from './p2.ts';
import { p3Metrics } from './p3.ts';
import { p4Metrics } from './p4.ts';

export { pairedBootstrapDelta, type PairedDelta } from '../../stats/bootstrap.ts';
export { ERROR_FAMILIES } from './error-families.ts';
export type { MetricOptions } from './metric-value.ts';

export function computeVehMetrics(rows: readonly VehRow[], opts: { seed: number; resamples?: number }): SuiteMetrics {
  const p1: P1Row[] = [];
  const p2: P2Row[] = [];
  const p3: P3Row[] = [];
  const p4: P4Row[] = [];
  for (const r of rows) {
    if (r.probe === 'P1') p1.push(r);
    else if (r.probe === 'P2') p2.push(r);
    else if (r.probe === 'P3') p3.push(r);
    else p4.push(r);
  }
  const o: MetricOptions = { seed: opts.seed, resamples: opts.resamples };
  const out: SuiteMetrics = {};
  if (p1.length > 0) out.P1 = { ...p1Metrics(p1, o), ...p1ErrorFamilies(p1, o) };
  if (p2.length > 0) out.P2 = { ...p2Metrics(p2, o), ...p2ErrorFamilies(p2, o) };
  if (p3.length > 0) out.P3 = { ...p3Metrics(p3, o), ...p3ErrorFamilies(p3, o) };
  if (p4.length > 0) out.P4 = { ...p4Metrics(p4, o), ...p4ErrorFamilies(p4, o) };
  return out;
}
