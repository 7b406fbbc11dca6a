/**
 * Paired deltas between two circuit runs on the same tasks (the circuit counterpart of
 * paired-delta.ts): each probe's headline plus P3 cascade, matched by task id, with a paired
 * percentile bootstrap that resamples matched tasks jointly (cascade is conditional on escape, so
 * the statistic is recomputed on each resample rather than averaged per task). When the two runs'
 * manifests differ in p3_variant, Δ reads state_summary − raw_history.
 */
import { circuitP1Composite } from '../metrics/p1.ts';
import { p2b, summariseCircuitP2 } from '../metrics/p2.ts';
import { summariseCircuitP3 } from '../metrics/p3.ts';
import { meanTau, summariseCircuitP4 } from '../metrics/p4.ts';
import type { CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitRow } from '../metrics/rows.ts';
import { DEFAULT_RESAMPLES } from '../../stats/bootstrap.ts';
import type { CircuitAnalysisRun } from './circuit-profiles.ts';
import { matchTasks, pairedMetricDelta, pairedResultsTable, type PairedDeltaResult, type PairedMetric } from '../../veh/analyses/paired-delta.ts';
import type { AnalysisTable } from '../../analyses/table.ts';

/** A circuit run with the manifest field the orientation reads. */
export interface CircuitPairedRun extends CircuitAnalysisRun {
  p3_variant: 'raw_history' | 'state_summary' | null;
}

const share = <T>(xs: readonly T[], hit: (x: T) => boolean): number | null => (xs.length === 0 ? null : xs.filter(hit).length / xs.length);

export const CIRCUIT_PAIRED_METRICS: {
  P1: PairedMetric<CircuitP1Row>[];
  P2: PairedMetric<CircuitP2Row>[];
  P3: PairedMetric<CircuitP3Row>[];
  P4: PairedMetric<CircuitP4Row>[];
} = {
  P1: [{ key: 'p1_composite', label: 'P1-Composite', stat: (r) => circuitP1Composite(r) }],
  P2: [{ key: 'p2b', label: 'P2b', stat: (r) => p2b(r.map(summariseCircuitP2)) }],
  P3: [
    { key: 'p3_success', label: 'P3 success', stat: (r) => share(r.map(summariseCircuitP3), (s) => s.success) },
    {
      key: 'cascade_rate',
      label: 'cascade rate (of escaped)',
      stat: (r) => share(r.map(summariseCircuitP3).filter((s) => s.escaped), (s) => s.cascade === true),
    },
  ],
  P4: [{ key: 'kendall_tau', label: 'Kendall τ', stat: (r) => meanTau(r.map(summariseCircuitP4)) }],
};

/** A circuit paired delta: the same shape as a VEH one. */
export type CircuitPairedResult = PairedDeltaResult;

/** Puts the state_summary run first when the two runs' P3 openings differ; otherwise keeps the order given. */
export function orientCircuitPair(x: CircuitPairedRun, y: CircuitPairedRun): { a: CircuitPairedRun; b: CircuitPairedRun; reason: string | null } {
  if (x.p3_variant === 'raw_history' && y.p3_variant === 'state_summary') return { a: y, b: x, reason: 'state_summary − raw_history' };
  if (x.p3_variant === 'state_summary' && y.p3_variant === 'raw_history') return { a: x, b: y, reason: 'state_summary − raw_history' };
  return { a: x, b: y, reason: null };
}

export function circuitPairedDeltas(a: CircuitAnalysisRun, b: CircuitAnalysisRun, opts: { seed: number; resamples?: number }): { results: CircuitPairedResult[]; unmatched: number } {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const results: CircuitPairedResult[] = [];
  let unmatched = 0;
  for (const probe of ['P1', 'P2', 'P3', 'P4'] as const) {
    const m = matchTasks(
      a.rows.filter((r) => r.probe === probe),
      b.rows.filter((r) => r.probe === probe),
    );
    unmatched += m.unmatched;
    if (m.a.length === 0) continue;
    // Safe: both sides were filtered to rows of `probe`, the row type CIRCUIT_PAIRED_METRICS[probe] reads.
    const metrics = CIRCUIT_PAIRED_METRICS[probe] as PairedMetric<CircuitRow>[];
    for (const metric of metrics) results.push(pairedMetricDelta(probe, metric, m.a, m.b, { seed: opts.seed, resamples }, 'circuit-paired'));
  }
  return { results, unmatched };
}

/** The circuit paired-delta table, oriented state_summary − raw_history when the P3 openings differ. */
export function circuitPairedTable(x: CircuitPairedRun, y: CircuitPairedRun, opts: { seed: number; resamples?: number }): AnalysisTable {
  const { a, b, reason } = orientCircuitPair(x, y);
  const { results, unmatched } = circuitPairedDeltas(a, b, opts);
  return pairedResultsTable({
    id: 'circuit-paired-delta',
    title: `Circuit paired deltas: ${a.label} − ${b.label}`,
    firstNote: `Δ = A − B on circuit tasks both runs share, A = ${a.label} (${a.run_id}), B = ${b.label} (${b.run_id})${reason ? `; oriented ${reason}` : ''}.`,
    runIds: [a.run_id, b.run_id],
    results,
    unmatched,
    opts,
  });
}
