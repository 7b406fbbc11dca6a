/**
 * Replay verification of a circuit audit run (paper App. R): the circuit counterpart of verifyRun
 * (verify.ts), with the same three checks and the same report shape, so the CLI prints and gates
 * both alike.
 *
 * 1. Re-grade: every row re-derived from its transcript (deriveCircuitRow) and compared field by
 *    field with the claimed row of the same task id; the metrics recomputed from the re-derived rows
 *    in run order with the manifest's seed and compared exactly.
 * 2. Re-execute: every logged circuit_oracle_call request evaluated again on a fresh circuit oracle
 *    and compared bitwise. The circuit oracle's WASM and TypeScript backends are bit-identical (the
 *    circuit parity suite), so no tolerance is needed.
 * 3. Bank: each task snapshot (SHA-256 of canonical JSON) against the shipped circuit task of the
 *    same id, and the manifest's bank hash against the shipped circuit bank's.
 *
 * Outcome rules are verify.ts's: a mismatch wins over unverifiable; a file is verified only when
 * every task and every metric agrees.
 */
import type { SuiteMetrics } from '../suite/metrics.ts';
import { computeCircuitMetrics } from '../circuit-audit/metrics/index.ts';
import type { CircuitRow } from '../circuit-audit/metrics/rows.ts';
import type { CircuitOracle, CircuitResult } from '../circuit-audit/oracle.ts';
import type { CircuitOracleCallEvent } from '../circuit-audit/protocol/events.ts';
import { deriveCircuitRow } from '../circuit-audit/protocol/derive-row.ts';
import type { CircuitTranscript } from '../circuit-audit/protocol/transcript.ts';
import type { CircuitRunManifest } from '../circuit-audit/run/manifest.ts';
import type { CircuitTask } from '../circuit-audit/task-schema.ts';
import { contentHash } from './canonical-json.ts';
import { diffValues, type TaskVerification, type VerifyDiff, type VerifyOutcome, type VerifyReport } from './verify.ts';

/** The circuit oracle's backends this build reproduces bit for bit (src/core/kernels/circuit-parity.test.ts). */
export const CIRCUIT_ORACLE_BACKENDS: readonly string[] = ['wasm', 'reference'];

export interface ShippedCircuitBank {
  /** sha256 of the circuit bank's manifest.json bytes, as circuit run manifests record it. */
  hash: string;
  tasks: readonly CircuitTask[];
}

export interface CircuitVerifyDeps {
  /** A fresh circuit oracle (nothing cached from the run being checked). */
  oracle: CircuitOracle;
  /** null: no bank available; the bank check is then unverifiable. */
  bank: ShippedCircuitBank | null;
  oracleBackends?: readonly string[];
  /** Bootstrap resamples for the metric recomputation; must match the run's (the runner's default when omitted). */
  resamples?: number;
}

export interface CircuitVerifyInput {
  results: { manifest: CircuitRunManifest; rows: readonly CircuitRow[]; metrics: SuiteMetrics };
  transcripts: readonly CircuitTranscript[];
}

const toJson = (v: unknown): unknown => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

function metricDiffs(claimed: SuiteMetrics, recomputed: SuiteMetrics): VerifyDiff[] {
  // One diff per differing leaf, with the probe.metric path; a metric present on one side only is one diff.
  return diffValues(toJson(claimed), toJson(recomputed), '').map((d) => ({ check: 'metrics' as const, ...d }));
}

async function reexecute(t: CircuitTranscript, oracle: CircuitOracle): Promise<{ diffs: VerifyDiff[]; calls: number }> {
  const calls: { index: number; event: CircuitOracleCallEvent }[] = [];
  t.events.forEach((e, index) => {
    if (e.type === 'circuit_oracle_call') calls.push({ index, event: e });
  });
  if (calls.length === 0) return { diffs: [], calls: 0 };
  const where = (c: { event: CircuitOracleCallEvent }): string => `circuit_oracle_call ${c.event.purpose} "${c.event.label}"${c.event.step !== null ? `, step ${c.event.step}` : ''}`;
  let results: (CircuitResult | Error)[];
  try {
    results = await oracle.evaluateMany(calls.map((c) => c.event.request));
  } catch {
    // Find the call(s) the oracle refused, one by one.
    results = await Promise.all(calls.map((c) => oracle.evaluate(c.event.request).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))));
  }
  const diffs: VerifyDiff[] = [];
  calls.forEach((c, i) => {
    const r = results[i];
    const path = `events[${c.index}]`;
    if (r === undefined || r instanceof Error) {
      diffs.push({ check: 'reexecute', path: `${path}.request`, claimed: 'a request the oracle evaluates', recomputed: `oracle error: ${r?.message ?? 'no result'}`, note: where(c) });
      return;
    }
    for (const d of diffValues(toJson(c.event.result), toJson(r), `${path}.result`)) diffs.push({ check: 'reexecute', ...d, note: where(c) });
  });
  return { diffs, calls: calls.length };
}

function snapshotDiffs(snapshot: CircuitTask, shipped: CircuitTask): VerifyDiff[] {
  const claimedHash = contentHash(snapshot);
  const shippedHash = contentHash(shipped);
  if (claimedHash === shippedHash) return [];
  const fields = diffValues(toJson(snapshot), toJson(shipped), 'task');
  const shown = fields.slice(0, 5).map((f) => ({ check: 'bank' as const, ...f, note: 'task snapshot vs the shipped bank' }));
  return [{ check: 'bank', path: 'task (sha256 of canonical JSON)', claimed: claimedHash, recomputed: shippedHash, note: `shipped bank's task; ${fields.length} field(s) differ` }, ...shown];
}

/** Cause first: a re-executed oracle reply that differs explains the row diffs after it. */
const CHECK_ORDER: readonly VerifyDiff['check'][] = ['reexecute', 'bank', 'settings', 'regrade'];

export async function verifyCircuitRun(input: CircuitVerifyInput, deps: CircuitVerifyDeps): Promise<VerifyReport> {
  const { manifest, rows, metrics } = input.results;
  const backends = deps.oracleBackends ?? CIRCUIT_ORACLE_BACKENDS;
  const fileDiffs: VerifyDiff[] = [];
  const fileUnverifiable: string[] = [];

  const ordered = input.transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
  const indices = new Set<number>();
  for (const t of ordered) {
    if (indices.has(t.settings.task_index)) fileDiffs.push({ check: 'file', path: `transcripts (task_index ${t.settings.task_index})`, claimed: 'one transcript per task index', recomputed: `duplicate at ${t.task.task_id}` });
    indices.add(t.settings.task_index);
  }
  if (rows.length !== ordered.length) fileDiffs.push({ check: 'file', path: 'row count', claimed: rows.length, recomputed: ordered.length, note: 'rows vs transcripts' });

  const shipped = new Map<string, CircuitTask>();
  for (const t of deps.bank?.tasks ?? []) shipped.set(t.task_id, t);
  const sameBank = deps.bank !== null && manifest.bank_hash === deps.bank.hash;
  if (deps.bank === null) fileUnverifiable.push('no shipped circuit bank to check the task snapshots against');
  else if (!sameBank) fileUnverifiable.push(`the run used bank ${manifest.bank_hash}; this build ships circuit bank ${deps.bank.hash}`);
  if (!backends.includes(manifest.oracle_backend)) fileUnverifiable.push(`the run's oracle backend "${manifest.oracle_backend}" is not one this build reproduces (${backends.join(', ')})`);

  const claimedById = new Map<string, CircuitRow[]>();
  for (const r of rows) claimedById.set(r.task_id, [...(claimedById.get(r.task_id) ?? []), r]);

  const tasks: TaskVerification[] = [];
  const rederived: CircuitRow[] = [];
  let oracleCalls = 0;
  for (const t of ordered) {
    const id = t.task.task_id;
    const diffs: VerifyDiff[] = [];
    const unverifiable: string[] = [];

    if (t.settings.run_seed !== manifest.seed) diffs.push({ check: 'settings', path: 'settings.run_seed', claimed: t.settings.run_seed, recomputed: manifest.seed, note: "the manifest's seed" });
    if (t.settings.p3_variant !== manifest.p3_variant) diffs.push({ check: 'settings', path: 'settings.p3_variant', claimed: t.settings.p3_variant, recomputed: manifest.p3_variant, note: "the manifest's P3 variant" });

    // 1. Re-grade.
    let derived: CircuitRow | null = null;
    try {
      derived = deriveCircuitRow(t);
      rederived.push(derived);
    } catch (e) {
      diffs.push({ check: 'regrade', path: 'row', claimed: 'a gradable transcript', recomputed: `grading failed: ${(e as Error).message}` });
    }
    const claimed = claimedById.get(id)?.shift();
    if (!claimed) diffs.push({ check: 'regrade', path: 'row', claimed: undefined, recomputed: 'a row from the transcript', note: 'the file has a transcript but no row for this task' });
    else if (derived) for (const d of diffValues(toJson(claimed), toJson(derived), '')) diffs.push({ check: 'regrade', ...d });

    // 2. Re-execute.
    let calls = 0;
    if (!backends.includes(t.settings.oracle_backend)) {
      unverifiable.push(`logged by oracle backend "${t.settings.oracle_backend}", which this build does not reproduce`);
    } else {
      const r = await reexecute(t, deps.oracle);
      diffs.push(...r.diffs);
      calls = r.calls;
      oracleCalls += r.calls;
    }

    // 3. Bank.
    const shippedTask = shipped.get(id);
    if (deps.bank === null) unverifiable.push('no shipped circuit bank to compare the task snapshot with');
    else if (!shippedTask) {
      if (sameBank) diffs.push({ check: 'bank', path: 'task.task_id', claimed: id, recomputed: undefined, note: 'no task with this id in the shipped bank the manifest names' });
      else unverifiable.push('task not in the circuit bank this build ships (the run used a different bank)');
    } else {
      const snap = snapshotDiffs(t.task, shippedTask);
      if (snap.length > 0) {
        if (sameBank) diffs.push(...snap);
        else unverifiable.push('task snapshot differs from the shipped bank, and the run used a different bank');
      }
    }

    diffs.sort((a, b) => CHECK_ORDER.indexOf(a.check) - CHECK_ORDER.indexOf(b.check));
    const outcome: VerifyOutcome = diffs.length > 0 ? 'mismatch' : unverifiable.length > 0 ? 'unverifiable' : 'verified';
    tasks.push({ task_id: id, task_index: t.settings.task_index, outcome, diffs, unverifiable, oracle_calls: calls });
  }
  // Rows left without a transcript (e.g. a removed transcript file).
  for (const [id, queue] of claimedById) {
    for (let k = 0; k < queue.length; k++) {
      tasks.push({
        task_id: id,
        task_index: null,
        outcome: 'mismatch',
        diffs: [{ check: 'regrade', path: 'transcript', claimed: 'a row', recomputed: undefined, note: 'the file has a row but no transcript for this task' }],
        unverifiable: [],
        oracle_calls: 0,
      });
    }
  }

  const recomputed = computeCircuitMetrics(rederived, { seed: manifest.seed, ...(deps.resamples !== undefined ? { resamples: deps.resamples } : {}) });
  const metric_diffs = metricDiffs(metrics, recomputed);
  const counts: Record<VerifyOutcome, number> = { verified: 0, mismatch: 0, unverifiable: 0 };
  for (const t of tasks) counts[t.outcome]++;
  const outcome: VerifyOutcome =
    counts.mismatch > 0 || metric_diffs.length > 0 || fileDiffs.length > 0 ? 'mismatch' : counts.unverifiable > 0 || fileUnverifiable.length > 0 ? 'unverifiable' : 'verified';

  return {
    outcome,
    run_id: manifest.run_id,
    tasks,
    metric_diffs,
    file_diffs: fileDiffs,
    unverifiable: fileUnverifiable,
    counts,
    oracle_calls: oracleCalls,
    content_sha256: contentHash({ manifest, rows, metrics, transcripts: ordered }),
  };
}
