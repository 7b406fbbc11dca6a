/**
 * Paired deltas between two runs on the same tasks (App. E, F.3, Q): the state-summary intervention
 * (state-summary − raw-history P3 success and cascade) and the controlled-prompt audit (targeted −
 * neutral). Tasks are matched by id; each metric's 95 % interval comes from a paired percentile
 * bootstrap that resamples matched tasks jointly, so both runs see the same resampled task set.
 */
import { bootstrapInterval, DEFAULT_RESAMPLES } from '../../stats/bootstrap.ts';
import { deriveSeed } from '../../stats/rng.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import type { Probe } from '../task-schema.ts';
import { p1Composite } from '../metrics/p1.ts';
import { p2b, summariseP2 } from '../metrics/p2.ts';
import { escapeRate, successRate, summariseP3 } from '../metrics/p3.ts';
import { exactRate, meanTau, summariseP4 } from '../metrics/p4.ts';
import { manifestField, runLabel, type AnalysisRun } from './analysis-run.ts';
import { P1_ACCURACY } from './stage-scores.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable } from '../../analyses/table.ts';

export interface PairedMetric<R> {
  key: string;
  label: string;
  stat: (rows: readonly R[]) => number | null;
}

const p3Cascade = (rows: readonly P3Row[]): number | null => {
  const escaped = rows.map(summariseP3).filter((s) => s.escaped);
  return escaped.length === 0 ? null : escaped.filter((s) => s.cascade === true).length / escaped.length;
};
const p2Feasible = (rows: readonly P2Row[]): number | null =>
  rows.length === 0 ? null : rows.map(summariseP2).filter((s) => s.finalFeasible).length / rows.length;

/** The metrics compared per probe: the headline first, then the endpoints App. Q and Figure 4 report. */
export const PAIRED_METRICS: {
  P1: PairedMetric<P1Row>[];
  P2: PairedMetric<P2Row>[];
  P3: PairedMetric<P3Row>[];
  P4: PairedMetric<P4Row>[];
} = {
  P1: [
    { key: 'p1_composite', label: 'P1-Composite', stat: (r) => (r.length === 0 ? null : p1Composite(r)) },
    { key: 'accuracy', label: 'accuracy', stat: P1_ACCURACY },
  ],
  P2: [
    { key: 'p2b', label: 'P2b', stat: (r) => p2b(r.map(summariseP2)) },
    { key: 'final_feasible_rate', label: 'final feasible rate', stat: p2Feasible },
  ],
  P3: [
    { key: 'p3_success', label: 'P3-Success', stat: (r) => successRate(r.map(summariseP3)) },
    { key: 'cascade_rate', label: 'cascade rate (of escaped)', stat: p3Cascade },
    { key: 'escape_rate', label: 'escape rate', stat: (r) => escapeRate(r.map(summariseP3)) },
  ],
  P4: [
    { key: 'kendall_tau', label: 'Kendall τ', stat: (r) => meanTau(r.map(summariseP4)) },
    { key: 'exact_match', label: 'exact match', stat: (r) => exactRate(r.map(summariseP4)) },
  ],
};

export interface PairedDeltaOptions {
  seed: number;
  resamples?: number;
}

export interface PairedDeltaResult {
  probe: Probe;
  key: string;
  label: string;
  /** Matched tasks (the denominator of a conditional metric such as cascade may be smaller). */
  n: number;
  a: number | null;
  b: number | null;
  delta: number | null;
  ci_low: number | null;
  ci_high: number | null;
  task_ids: string[];
}

/** Rows of the two runs matched by task id, in `a`'s order (VEH or circuit rows alike). */
export function matchTasks<R extends { task_id: string }>(a: readonly R[], b: readonly R[]): { a: R[]; b: R[]; unmatched: number } {
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

/**
 * Delta of one metric with its paired-bootstrap interval; the stream is keyed by `stream` (one per
 * suite, so a circuit and a VEH delta never share random numbers), probe and metric.
 */
export function pairedMetricDelta<R extends { task_id: string }>(
  probe: Probe,
  metric: PairedMetric<R>,
  a: readonly R[],
  b: readonly R[],
  opts: PairedDeltaOptions,
  stream = 'paired-delta',
): PairedDeltaResult {
  const va = metric.stat(a);
  const vb = metric.stat(b);
  const delta = va === null || vb === null ? null : va - vb;
  const indices = a.map((_, i) => i);
  const diff = (sample: readonly number[]): number | null => {
    const x = metric.stat(sample.map((i) => a[i] as R));
    const y = metric.stat(sample.map((i) => b[i] as R));
    return x === null || y === null ? null : x - y;
  };
  const ci =
    delta === null
      ? null
      : bootstrapInterval(indices, diff, { seed: deriveSeed(opts.seed, stream, probe, metric.key), resamples: opts.resamples ?? DEFAULT_RESAMPLES });
  return {
    probe,
    key: metric.key,
    label: metric.label,
    n: a.length,
    a: va,
    b: vb,
    delta,
    ci_low: ci?.low ?? null,
    ci_high: ci?.high ?? null,
    task_ids: a.map((r) => r.task_id),
  };
}

function rowsOf(run: AnalysisRun, probe: Probe): VehRow[] {
  return run.rows.filter((r) => r.probe === probe);
}

/** Every paired metric of every probe both runs share, as `a − b`. */
export function pairedDeltas(a: AnalysisRun, b: AnalysisRun, opts: PairedDeltaOptions): { results: PairedDeltaResult[]; unmatched: number } {
  const results: PairedDeltaResult[] = [];
  let unmatched = 0;
  for (const probe of ['P1', 'P2', 'P3', 'P4'] as const) {
    const m = matchTasks(rowsOf(a, probe), rowsOf(b, probe));
    unmatched += m.unmatched;
    if (m.a.length === 0) continue;
    // The casts are safe: rowsOf kept only rows of `probe`, the probe PAIRED_METRICS[probe] reads.
    const metrics = PAIRED_METRICS[probe] as PairedMetric<VehRow>[];
    for (const metric of metrics) results.push(pairedMetricDelta(probe, metric, m.a, m.b, opts));
  }
  return { results, unmatched };
}

/** The paired-delta table (one row per probe and metric), `a − b`. */
export function pairedDeltaTable(a: AnalysisRun, b: AnalysisRun, opts: PairedDeltaOptions): AnalysisTable {
  const { results, unmatched } = pairedDeltas(a, b, opts);
  const la = runLabel(a);
  const lb = runLabel(b);
  return pairedResultsTable({
    id: 'paired-delta',
    title: `Paired deltas: ${la} − ${lb}`,
    firstNote: `Δ = A − B on tasks both runs share, A = ${la} (${a.run_id}), B = ${lb} (${b.run_id}).`,
    runIds: [a.run_id, b.run_id],
    results,
    unmatched,
    opts,
  });
}

/** The table of paired results shared by every suite: one row per probe and metric, with its sources. */
export function pairedResultsTable(t: {
  id: string;
  title: string;
  firstNote: string;
  runIds: [string, string];
  results: readonly PairedDeltaResult[];
  unmatched: number;
  opts: PairedDeltaOptions;
}): AnalysisTable {
  const rows: AnalysisRow[] = t.results.map((r) => ({
    cells: { probe: r.probe, metric: r.label, n: r.n, a: r.a, b: r.b, delta: r.delta, ci_low: r.ci_low, ci_high: r.ci_high },
    provenance: { run_ids: [...t.runIds], task_ids: r.task_ids },
  }));
  const notes = [t.firstNote, `95 % paired percentile bootstrap over matched tasks, ${t.opts.resamples ?? DEFAULT_RESAMPLES} resamples, seed ${t.opts.seed}.`];
  if (t.unmatched > 0) notes.push(`${t.unmatched} task rows without a partner in the other run were left out.`);
  if (t.results.length === 0) notes.push('The runs share no task: nothing to pair.');
  return makeTable({
    id: t.id,
    title: t.title,
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

/**
 * Orders two runs so Δ reads as the intervention's effect: state-summary − raw-history (Finding 3)
 * and targeted − neutral (App. Q); any other pair keeps the order given.
 */
export function orientPair(x: AnalysisRun, y: AnalysisRun): { a: AnalysisRun; b: AnalysisRun; reason: string | null } {
  // The control block is the intervention when the two runs differ in it; the P3 form is then a
  // left-over form setting (P1/P2/P4 runs ignore it), so it decides only between equal controls.
  const control = (r: AnalysisRun) => manifestField(r, 'control') ?? 'default';
  if (control(x) === 'neutral' && control(y) === 'targeted') return { a: y, b: x, reason: 'targeted − neutral' };
  if (control(x) === 'targeted' && control(y) === 'neutral') return { a: x, b: y, reason: 'targeted − neutral' };
  if (control(x) !== control(y)) return { a: x, b: y, reason: null };
  const variant = (r: AnalysisRun) => r.manifest?.p3_variant ?? null;
  if (variant(x) === 'raw_history' && variant(y) === 'state_summary') return { a: y, b: x, reason: 'state-summary − raw-history' };
  if (variant(x) === 'state_summary' && variant(y) === 'raw_history') return { a: x, b: y, reason: 'state-summary − raw-history' };
  return { a: x, b: y, reason: null };
}
