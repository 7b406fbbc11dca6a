/**
 * Circuit audit metrics: groups rows by probe and returns one MetricTable per probe present, keyed
 * like the VEH tables (p1_composite, p2b, p3_success, kendall_tau are the headlines), each value with
 * its 95 % interval (Wilson for per-row proportions, task-row bootstrap otherwise), deterministic for
 * a given seed.
 */
import type { SuiteMetrics } from '../../suite/metrics.ts';
import type { MetricOptions } from '../../suite/metric-value.ts';
import { circuitP1Metrics } from './p1.ts';
import { circuitP2Metrics, summariseCircuitP2 } from './p2.ts';
import { circuitP3Metrics, summariseCircuitP3 } from './p3.ts';
import { circuitP4Metrics, summariseCircuitP4 } from './p4.ts';
import type { CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitRow } from './rows.ts';

export function computeCircuitMetrics(rows: readonly CircuitRow[], opts: { seed: number; resamples?: number }): SuiteMetrics {
  const p1: CircuitP1Row[] = [];
  const p2: CircuitP2Row[] = [];
  const p3: CircuitP3Row[] = [];
  const p4: CircuitP4Row[] = [];
  for (const r of rows) {
    if (r.probe === 'P1') p1.push(r);
    else if (r.probe === 'P2') p2.push(r);
    else if (r.probe === 'P3') p3.push(r);
    else p4.push(r);
  }
  const o: MetricOptions = { seed: opts.seed, ...(opts.resamples !== undefined ? { resamples: opts.resamples } : {}) };
  const out: SuiteMetrics = {};
  if (p1.length > 0) out.P1 = circuitP1Metrics(p1, o);
  if (p2.length > 0) out.P2 = circuitP2Metrics(p2.map(summariseCircuitP2), o);
  if (p3.length > 0) out.P3 = circuitP3Metrics(p3.map(summariseCircuitP3), o);
  if (p4.length > 0) out.P4 = circuitP4Metrics(p4.map(summariseCircuitP4), o);
  return out;
}
