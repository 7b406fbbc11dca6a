/**
 * Paired deltas between two circuit runs on the same tasks (the circuit counterpart of
 * paired-delta.ts): each probe's headline plus P3 cascade, matched by task id, with a paired
 * percentile bootstrap that resamples matched tasks jointly (cascade is conditional on escape, so
 * the statistic is recomputed on each resample rather than averaged per task). When the two runs'
 * manifests differ in p3_variant, Δ reads state_summary − raw_history.
 */
import { circuitP1Composite } from '../circuit/metrics/p1.ts';
import { p2b, summariseCircuitP2 } from '../circuit/metrics/p2.ts';
import { summariseCircuitP3 } from '../circuit/metrics/p3.ts';
import { meanTau, summariseCircuitP4 } from '../circuit/metrics/p4.ts';
import type { CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitRow } from '../circuit/metrics/rows.ts';
import { bootstrapInterval, DEFAULT_RESAMPLES } from '../stats/bootstrap.ts';
import { deriveSeed } from '../stats/rng.ts';
import type { Probe } from '../veh/task-schema.ts';
import type { CircuitAnalysisRun } from './circuit-profiles.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable } from './table.ts';

/** A circuit run with the manifest field the orientation reads. */
export interface CircuitPairedRun extends CircuitAnalysisRun {
  p3_variant: 'raw_history' | 'state_summary' | null;
}

interface CircuitPairedMetric<R> {
  key: string;
  label: string;
  stat: (rows: readonly R[]) => number | null;
}

const share = <T>(xs: readonly T[], hit: (x: T) => boolean): number | null => (xs.length === 0 ? null : xs.filter(hit).length / xs.length);

export const CIRCUIT_PAIRED_METRICS: {
  P1: CircuitPairedMetric<CircuitP1Row>[];
  P2: CircuitPairedMetric<CircuitP2Row>[];
  P3: CircuitPairedMetric<CircuitP3Row>[];
  P4: CircuitPairedMetric<CircuitP4Row>[];
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

export interface CircuitPairedResult {
  probe: Probe;
  key: string;
  label: string;
  n: number;
  a: number | null;
  b: number | null;
  delta: number | null;
  ci_low: number | null;
  ci_high: number | null;
  task_ids: string[];
}

function matchCircuitTasks<R extends CircuitRow>(a: readonly R[], b: readonly R[]): { a: R[]; b: R[]; unmatched: number } {
  const byId = new Map(b.map((r) => [r.task_id, r]));
  const outA: R[] = [];
  const outB: R[] = [];
  for (const r of a) {
    const other = byId.get(r.task_id);
    if (!other) continue;
    outA.push(r);
    outB.push(other);
  }
  return { a: outA, b: outB, unmatched: a.length + b.length - 2 * outA.length };
}

function pairedResult<R extends CircuitRow>(probe: Probe, metric: CircuitPairedMetric<R>, a: readonly R[], b: readonly R[], seed: number, resamples: number): CircuitPairedResult {
  const va = metric.stat(a);
  const vb = metric.stat(b);
  const delta = va === null || vb === null ? null : va - vb;
  const diff = (sample: readonly number[]): number | null => {
    const x = metric.stat(sample.map((i) => a[i] as R));
    const y = metric.stat(sample.map((i) => b[i] as R));
    return x === null || y === null ? null : x - y;
  };
  const ci = delta === null ? null : bootstrapInterval(a.map((_, i) => i), diff, { seed: deriveSeed(seed, 'circuit-paired', probe, metric.key), resamples });
  return { probe, key: metric.key, label: metric.label, n: a.length, a: va, b: vb, delta, ci_low: ci?.low ?? null, ci_high: ci?.high ?? null, task_ids: a.map((r) => r.task_id) };
}

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
    const m = matchCircuitTasks(
      a.rows.filter((r) => r.probe === probe),
      b.rows.filter((r) => r.probe === probe),
    );
    unmatched += m.unmatched;
    if (m.a.length === 0) continue;
    // Safe: both sides were filtered to rows of `probe`, the row type CIRCUIT_PAIRED_METRICS[probe] reads.
    const metrics = CIRCUIT_PAIRED_METRICS[probe] as CircuitPairedMetric<CircuitRow>[];
    for (const metric of metrics) results.push(pairedResult(probe, metric, m.a, m.b, opts.seed, resamples));
  }
  return { results, unmatched };
}

/** The circuit paired-delta table, oriented state_summary − raw_history when the P3 openings differ. */
export function circuitPairedTable(x: CircuitPairedRun, y: CircuitPairedRun, opts: { seed: number; resamples?: number }): AnalysisTable {
  const { a, b, reason } = orientCircuitPair(x, y);
  const { results, unmatched } = circuitPairedDeltas(a, b, opts);
  const rows: AnalysisRow[] = results.map((r) => ({
    cells: { probe: r.probe, metric: r.label, n: r.n, a: r.a, b: r.b, delta: r.delta, ci_low: r.ci_low, ci_high: r.ci_high },
    provenance: { run_ids: [a.run_id, b.run_id], task_ids: r.task_ids },
  }));
  const notes = [
    `Δ = A − B on circuit tasks both runs share, A = ${a.label} (${a.run_id}), B = ${b.label} (${b.run_id})${reason ? `; oriented ${reason}` : ''}.`,
    `95 % paired percentile bootstrap over matched tasks, ${opts.resamples ?? DEFAULT_RESAMPLES} resamples, seed ${opts.seed}.`,
  ];
  if (unmatched > 0) notes.push(`${unmatched} task rows without a partner in the other run were left out.`);
  if (results.length === 0) notes.push('The runs share no task: nothing to pair.');
  return makeTable({
    id: 'circuit-paired-delta',
    title: `Circuit paired deltas: ${a.label} − ${b.label}`,
    columns: [
      textColumn('probe', 'Probe'),
      textColumn('metric', 'Metric'),
      numberColumn('n', 'Tasks'),
      numberColumn('a', 'A'),
      numberColumn('b', 'B'),
      numberColumn('delta', 'Δ (A − B)'),
      numberColumn('ci_low', '95 % low'),
      numberColumn('ci_high', '95 % high'),
    ],
    rows,
    notes,
  });
}
