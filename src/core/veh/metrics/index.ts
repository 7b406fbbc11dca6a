/**
 * VEH suite metrics: groups task rows by probe and returns one MetricTable per probe present, keyed by
 * the paper's metric names. Every value carries a 95% interval (Wilson for per-row proportions,
 * task-row percentile bootstrap otherwise) and is deterministic for a given seed.
 */
import type { VehMetrics as SuiteMetrics } from '../run/types.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import { p1ErrorFamilies, p2ErrorFamilies, p3ErrorFamilies, p4ErrorFamilies } from './error-families.ts';
import type { MetricOptions } from '../../suite/metric-value.ts';
import { p1Metrics } from './p1.ts';
import { p2Metrics, summariseP2 } from './p2.ts';
import { p3Metrics, summariseP3 } from './p3.ts';
import { p4Metrics, summariseP4 } from './p4.ts';

export { pairedBootstrapDelta, type PairedDelta } from '../../stats/bootstrap.ts';
export { ERROR_FAMILIES } from './error-families.ts';
export type { MetricOptions } from '../../suite/metric-value.ts';

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
  // Each probe's rows are summarised once; metrics and error families read the same summaries. Their
  // bootstrap streams are keyed by metric name, so sharing the summaries leaves every interval as is.
  if (p2.length > 0) {
    const s = p2.map(summariseP2);
    out.P2 = { ...p2Metrics(s, o), ...p2ErrorFamilies(s, o) };
  }
  if (p3.length > 0) {
    const s = p3.map(summariseP3);
    out.P3 = { ...p3Metrics(s, o), ...p3ErrorFamilies(s, o) };
  }
  if (p4.length > 0) {
    const s = p4.map(summariseP4);
    out.P4 = { ...p4Metrics(s, o), ...p4ErrorFamilies(s, o) };
  }
  return out;
}
