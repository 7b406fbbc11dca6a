/**
 * Replay verification of a result file, for every suite, pure (the suite's environment and the
 * shipped bank are passed in), so the CLI (WASM oracles) and the page (worker oracles) share it.
 * What is suite-specific — grading, metrics, which recorded calls to re-execute and how, which
 * settings must agree with the manifest, how a task_filter selects, how an episode is re-run —
 * comes from the suite (VerifiableSuite); this file knows no suite. It proves the result, not only
 * its arithmetic (issue 17; the forgeries it catches are in test/forgery/):
 *
 * 1. Bind the run: the manifest's selection from the shipped bank must be exactly the file's tasks,
 *    each once, in order (selection.ts, the suite's selectTasks); agent, run and task seed, retry
 *    policy and episode budget must agree in the manifest and every transcript.
 * 2. Re-derive: every episode re-run through the suite's own protocol from the shipped task — a
 *    built-in agent from the seed (`replayed`), a model's recorded replies fed back (`regraded`) —
 *    must give the transcript event by event (rederive.ts, the suite's rederive): requests rebuilt
 *    from task and reply, validity, budgets, status and end event recomputed.
 * 3. Re-grade: every row re-derived from its transcript with the suite's deriveRow and compared
 *    field by field with the claimed row (matched by task_id); the metrics recomputed from the
 *    re-derived rows (the manifest's seed, run order) and compared exactly with the claimed ones.
 * 4. Re-execute: every recorded call (an oracle call, a tool call) evaluated again on a fresh
 *    environment, its result compared bitwise (Object.is) with the logged one. The oracles are
 *    bit-identical across their backends (the parity suites), so no tolerance is needed.
 * 5. Bank: each transcript's task snapshot (SHA-256 of its canonical JSON) against the task of the
 *    same id in the bank this build ships, and the manifest's bank hash against the shipped one.
 *
 * Outcome per task: `verified`, `mismatch` (a check found a difference; the diffs say where), or
 * `unverifiable` (a check could not be made: a different bank, an oracle backend this build does not
 * have, no bank to compare with). A mismatch wins over unverifiable: a difference found is a
 * difference whatever else could not be checked. Per file: verified only when every task is verified
 * and the metrics and file-level checks agree; any mismatch makes it a mismatch; else unverifiable.
 *
 * A task snapshot that differs from the shipped task of the same id while the manifest claims the
 * shipped bank is a mismatch (the file contradicts itself: it says this bank and carries another
 * task, e.g. an edited reference); under a manifest naming a different bank it is unverifiable (we
 * cannot say what that bank held).
 *
 * The content hash (canonical JSON) only catches accidental damage: whoever edits a file can
 * recompute it. Re-derivation, replay and re-execution are the real checks; a signature
 * (signing.ts) can only say who vouches for a file.
 */
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import { runUsage, taskUsage, type TaskUsage } from '../run/usage.ts';
import { deriveSeed } from '../stats/rng.ts';
import { contentHash } from './canonical-json.ts';
import type { Rederivation, RederiveContext, ReplayVerdict } from './rederive.ts';
import { selectionDiffs, type Selection } from './selection.ts';

export type VerifyOutcome = 'verified' | 'mismatch' | 'unverifiable';
export type VerifyCheck = 'regrade' | 'reexecute' | 'bank' | 'settings' | 'rederive';

/** One difference: where, what the file claims, what this build recomputed. */
export interface VerifyDiff {
  check: VerifyCheck | 'metrics' | 'file';
  /** e.g. `final.result.load_power_uw`, `events[7].result.tip_stress_mpa`, `P4.kendall_tau.value`. */
  path: string;
  claimed: unknown;
  recomputed: unknown;
  /** Extra context (the oracle call's step and label, …). */
  note?: string;
}

export interface TaskVerification {
  task_id: string;
  /** Position in the run (transcript settings.task_index); null for a row without transcript. */
  task_index: number | null;
  outcome: VerifyOutcome;
  diffs: VerifyDiff[];
  /** Why a check could not be made (set for unverifiable tasks; may also accompany a mismatch). */
  unverifiable: string[];
  /** Oracle calls re-executed for this task. */
  oracle_calls: number;
  /** How the replies were checked (the suite re-ran the episode); absent when it was not re-run. */
  verdict?: ReplayVerdict;
}

export interface VerifyReport {
  outcome: VerifyOutcome;
  run_id: string;
  tasks: TaskVerification[];
  /** Metrics that differ between the file and the recomputation from re-derived rows. */
  metric_diffs: VerifyDiff[];
  /** File-level differences (row count, duplicate task indices, …). */
  file_diffs: VerifyDiff[];
  /** File-level reasons for unverifiable (different bank, no bank, unknown oracle backend). */
  unverifiable: string[];
  counts: Record<VerifyOutcome, number>;
  oracle_calls: number;
  /** SHA-256 of the canonical JSON of {manifest, rows, metrics, transcripts}: names the content, detects accidental damage only. */
  content_sha256: string;
  /**
   * How the agent's replies were checked: `replayed` (a built-in agent re-run from the seed
   * reproduced every reply), `regraded` (a model's replies taken as recorded; everything else
   * re-derived and re-executed), null when no episode was re-run (no shipped task, an oracle
   * backend this build does not reproduce, or a suite without `rederive`).
   */
  verdict: ReplayVerdict | null;
}

/** The bank this build ships: its hash (sha256 of manifest.json bytes, as run manifests record it) and tasks. */
export interface ShippedBank<Task extends { task_id: string } = { task_id: string }> {
  hash: string;
  tasks: readonly Task[];
}

/** One call the grade depends on, as the transcript recorded it. */
export interface RecordedCall {
  /** Index of its event in the transcript. */
  index: number;
  request: unknown;
  result: unknown;
  /** How a report names it: `oracle_call agent "step 3", step 3`. */
  where: string;
}

/** What verify needs from a suite. */
export interface VerifiableSuite<Env, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore> {
  deriveRow(transcript: T): Row;
  computeMetrics(rows: readonly Row[], opts: { seed: number; resamples?: number }): SuiteMetrics;
  /** Metric groups in the order their diffs are listed (VEH: P1–P4); other groups follow. */
  readonly metricGroups: readonly string[];
  /** Settings of one episode that must agree with the run's manifest. */
  settingsDiffs(t: T, manifest: M): VerifyDiff[];
  recordedCalls(t: T): RecordedCall[];
  /** Re-executes the requests on a fresh environment: one result or Error per request, in order. */
  replayCalls(env: Env, requests: readonly unknown[]): Promise<(unknown | Error)[]>;
  /** Backend ids whose results this build reproduces bit for bit (the parity suites). */
  readonly reproducibleBackends: readonly string[];
  /** How messages name the suite's bank ("bank", "circuit bank"). */
  readonly bankNoun: string;
  /**
   * The tasks the manifest's task_filter selects from the shipped bank, in run order (a shard is cut
   * by verify). Optional: without it the task list is not bound to the selection.
   */
  selectTasks?(bank: readonly unknown[], manifest: M): Selection<{ task_id: string }>;
  /**
   * Re-runs the episode through the suite's own protocol from the shipped task and the recorded
   * replies (or the built-in agent itself) and lists what differs (src/core/verify/rederive.ts).
   * Optional: without it the requests, actions and statuses the harness logged are taken as logged.
   */
  rederive?(t: T, ctx: RederiveContext<Env, M>): Promise<Rederivation>;
}

export interface VerifyDeps<Task extends { task_id: string } = { task_id: string }, Env = unknown> {
  /** A fresh environment (nothing cached from the run being checked). */
  env: Env;
  /** null: no bank available; the bank check is then unverifiable. */
  bank: ShippedBank<Task> | null;
  /** Overrides the suite's reproducible backends (tests). */
  oracleBackends?: readonly string[];
  /** Bootstrap resamples for the metric recomputation; must match the run's (the runner's default when omitted). */
  resamples?: number;
}

export interface VerifyInput<Row, T, M> {
  /** A results.json (task_usage optional) or the page's bundle. */
  results: { manifest: M; rows: readonly Row[]; metrics: SuiteMetrics; task_usage?: readonly TaskUsage[] | undefined };
  transcripts: readonly T[];
}

export const HASH_NOTE = 'The content hash (SHA-256 of canonical JSON) catches accidental damage only: anyone who edits a file can recompute it. Re-execution of the logged oracle calls and re-grading are the real checks.';

// ---------------------------------------------------------------------------------------------
// Deep comparison, as JSON would store the values.

const toJson = (v: unknown): unknown => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

/** A key's own value: a file's key named `toString` or `__proto__` never reads the prototype's. */
const own = (o: Record<string, unknown>, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);

const same = (a: unknown, b: unknown): boolean => (typeof a === 'number' && typeof b === 'number' ? Object.is(a, b) || (a === 0 && b === 0) : a === b);

/** Every leaf where `claimed` and `recomputed` differ, with its dotted path. */
export function diffValues(claimed: unknown, recomputed: unknown, path: string, out: { path: string; claimed: unknown; recomputed: unknown }[] = []): { path: string; claimed: unknown; recomputed: unknown }[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(claimed) && Array.isArray(recomputed)) {
    const n = Math.max(claimed.length, recomputed.length);
    for (let i = 0; i < n; i++) {
      if (i >= claimed.length || i >= recomputed.length) {
        out.push({ path: `${path}[${i}]`, claimed: i < claimed.length ? claimed[i] : undefined, recomputed: i < recomputed.length ? recomputed[i] : undefined });
      } else diffValues(claimed[i], recomputed[i], `${path}[${i}]`, out);
    }
    return out;
  }
  if (isObj(claimed) && isObj(recomputed)) {
    const keys = [...new Set([...Object.keys(recomputed), ...Object.keys(claimed)])];
    for (const k of keys) diffValues(own(claimed, k), own(recomputed, k), path ? `${path}.${k}` : k, out);
    return out;
  }
  if (!same(claimed, recomputed)) out.push({ path, claimed, recomputed });
  return out;
}

/**
 * Text from a file made safe to print: control characters (C0, DEL, C1: ANSI escapes among them)
 * and the bidirectional overrides that reorder what a terminal shows are written as \u{…}, so a
 * crafted run id or metric key cannot paint a clean "VERIFIED" over a mismatch.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

/** Readable form of a claimed/recomputed value: numbers at full precision, absent as "(absent)". */
export function formatValue(v: unknown): string {
  if (v === undefined) return '(absent)';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  const s = printable(JSON.stringify(v) ?? String(v));
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
}

export function formatDiff(d: VerifyDiff): string {
  return `${printable(d.path)}: claimed ${formatValue(d.claimed)} vs recomputed ${formatValue(d.recomputed)}${d.note ? ` (${printable(d.note)})` : ''}`;
}

// ---------------------------------------------------------------------------------------------

function metricDiffs(groups: readonly string[], claimed: SuiteMetrics, recomputed: SuiteMetrics): VerifyDiff[] {
  const a = toJson(claimed) as SuiteMetrics;
  const b = toJson(recomputed) as SuiteMetrics;
  const out: VerifyDiff[] = [];
  for (const group of [...new Set([...groups, ...Object.keys(a), ...Object.keys(b)])]) {
    const ta = (Object.hasOwn(a, group) ? a[group] : undefined) ?? {};
    const tb = (Object.hasOwn(b, group) ? b[group] : undefined) ?? {};
    for (const key of [...new Set([...Object.keys(tb), ...Object.keys(ta)])]) {
      const ma = Object.hasOwn(ta, key) ? ta[key] : undefined;
      const mb = Object.hasOwn(tb, key) ? tb[key] : undefined;
      if (!ma || !mb) {
        out.push({ check: 'metrics', path: `${group}.${key}`, claimed: ma, recomputed: mb });
        continue;
      }
      for (const d of diffValues(ma, mb, `${group}.${key}`)) out.push({ check: 'metrics', ...d });
    }
  }
  return out;
}

async function reexecute<Env>(calls: readonly RecordedCall[], replay: (env: Env, requests: readonly unknown[]) => Promise<(unknown | Error)[]>, env: Env): Promise<{ diffs: VerifyDiff[]; calls: number }> {
  if (calls.length === 0) return { diffs: [], calls: 0 };
  const results = await replay(
    env,
    calls.map((c) => c.request),
  );
  const diffs: VerifyDiff[] = [];
  calls.forEach((c, i) => {
    const r = results[i];
    const path = `events[${c.index}]`;
    if (r === undefined || r instanceof Error) {
      diffs.push({ check: 'reexecute', path: `${path}.request`, claimed: 'a request the oracle evaluates', recomputed: `oracle error: ${r instanceof Error ? r.message : 'no result'}`, note: c.where });
      return;
    }
    for (const d of diffValues(toJson(c.result), toJson(r), `${path}.result`)) diffs.push({ check: 'reexecute', ...d, note: c.where });
  });
  return { diffs, calls: calls.length };
}

/** Batch evaluation with a one-by-one fallback that finds the request(s) the oracle refused. */
export async function replayEach<Req, Res>(requests: readonly Req[], many: (rs: readonly Req[]) => Promise<Res[]>, one: (r: Req) => Promise<Res>): Promise<(Res | Error)[]> {
  try {
    return await many(requests);
  } catch {
    return Promise.all(requests.map((r) => one(r).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))));
  }
}

function taskSnapshotDiffs(snapshot: unknown, shipped: unknown): VerifyDiff[] {
  const claimedHash = contentHash(snapshot);
  const shippedHash = contentHash(shipped);
  if (claimedHash === shippedHash) return [];
  const fields = diffValues(toJson(snapshot), toJson(shipped), 'task');
  const shown = fields.slice(0, 5).map((f) => ({ check: 'bank' as const, ...f, note: 'task snapshot vs the shipped bank' }));
  return [{ check: 'bank', path: 'task (sha256 of canonical JSON)', claimed: claimedHash, recomputed: shippedHash, note: `shipped bank's task; ${fields.length} field(s) differ` }, ...shown];
}

/** Diffs of a task listed cause first: a re-executed oracle reply that differs explains the row diffs after it. */
const CHECK_ORDER: readonly VerifyDiff['check'][] = ['reexecute', 'bank', 'settings', 'rederive', 'regrade'];

/** Run-wide settings every transcript must share with the manifest: agent, seeds, retry policy, budget. */
function bindingDiffs(t: TranscriptCore, manifest: ManifestCore): VerifyDiff[] {
  const diffs: VerifyDiff[] = [];
  if (t.settings.run_seed !== manifest.seed) diffs.push({ check: 'settings', path: 'settings.run_seed', claimed: t.settings.run_seed, recomputed: manifest.seed, note: "the manifest's seed" });
  const taskSeed = deriveSeed(manifest.seed, t.task.task_id);
  if (t.settings.task_seed !== taskSeed) diffs.push({ check: 'settings', path: 'settings.task_seed', claimed: t.settings.task_seed, recomputed: taskSeed, note: "deriveSeed(the manifest's seed, task id)" });
  if (t.settings.max_retries !== manifest.max_retries) diffs.push({ check: 'settings', path: 'settings.max_retries', claimed: t.settings.max_retries, recomputed: manifest.max_retries, note: "the manifest's retry policy" });
  for (const d of diffValues(toJson(t.agent), toJson(manifest.agent), 'agent')) diffs.push({ check: 'settings', ...d, note: "the manifest's agent" });
  const budget = manifest.model?.budget;
  const empty = (b: unknown): boolean => b === undefined || (typeof b === 'object' && b !== null && Object.keys(b).length === 0);
  if (!(empty(t.settings.budget) && empty(budget))) for (const d of diffValues(toJson(t.settings.budget), toJson(budget), 'settings.budget')) diffs.push({ check: 'settings', ...d, note: "the manifest's episode budget" });
  return diffs;
}

/** A re-derived field that re-execution already names (a forged oracle result) is listed once. */
function dedupe(diffs: VerifyDiff[]): VerifyDiff[] {
  const seen = new Set(diffs.filter((d) => d.check === 'reexecute').map((d) => d.path));
  return diffs.filter((d) => d.check !== 'rederive' || !seen.has(d.path));
}

export async function verifyRun<Task extends { task_id: string }, Env, Row extends { task_id: string }, T extends TranscriptCore, M extends ManifestCore>(
  suite: VerifiableSuite<Env, Row, T, M>,
  input: VerifyInput<Row, T, M>,
  deps: VerifyDeps<Task, Env>,
): Promise<VerifyReport> {
  const { manifest, rows, metrics } = input.results;
  const backends = deps.oracleBackends ?? suite.reproducibleBackends;
  const noun = suite.bankNoun;
  const fileDiffs: VerifyDiff[] = [];
  const fileUnverifiable: string[] = [];

  const ordered = input.transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
  const indices = new Set<number>();
  for (const t of ordered) {
    if (indices.has(t.settings.task_index)) fileDiffs.push({ check: 'file', path: `transcripts (task_index ${t.settings.task_index})`, claimed: 'one transcript per task index', recomputed: `duplicate at ${t.task.task_id}` });
    indices.add(t.settings.task_index);
  }
  if (rows.length !== ordered.length) fileDiffs.push({ check: 'file', path: 'row count', claimed: rows.length, recomputed: ordered.length, note: 'rows vs transcripts' });

  // Bank (file level).
  const shipped = new Map<string, Task>();
  for (const t of deps.bank?.tasks ?? []) shipped.set(t.task_id, t);
  const sameBank = deps.bank !== null && manifest.bank_hash === deps.bank.hash;
  if (deps.bank === null) fileUnverifiable.push(`no shipped ${noun} to check the task snapshots against`);
  else if (!sameBank) fileUnverifiable.push(`the run used bank ${manifest.bank_hash}; this build ships ${noun} ${deps.bank.hash}`);
  if (!backends.includes(manifest.oracle_backend)) fileUnverifiable.push(`the run's oracle backend "${manifest.oracle_backend}" is not one this build reproduces (${backends.join(', ')})`);

  // Claimed rows by task id (queues, in case an id repeats).
  const claimedById = new Map<string, Row[]>();
  for (const r of rows) claimedById.set(r.task_id, [...(claimedById.get(r.task_id) ?? []), r]);

  // Claimed per-task usage (LLM runs), by task id.
  const usageById = new Map<string, TaskUsage[]>();
  for (const u of input.results.task_usage ?? []) usageById.set(u.task_id, [...(usageById.get(u.task_id) ?? []), u]);
  if (manifest.usage) {
    for (const d of diffValues(toJson(manifest.usage), toJson(runUsage(ordered)), 'manifest.usage')) fileDiffs.push({ check: 'file', ...d, note: 'run totals vs the transcripts' });
  }

  // The task list against the manifest's selection from the shipped bank.
  if (suite.selectTasks && deps.bank !== null && sameBank) {
    fileDiffs.push(...selectionDiffs(suite.selectTasks(deps.bank.tasks, manifest), manifest, ordered.map((t) => ({ task_id: t.task.task_id, task_index: t.settings.task_index }))));
  }

  const tasks: TaskVerification[] = [];
  const verdicts = new Set<ReplayVerdict>();
  const rederived: Row[] = [];
  let oracleCalls = 0;
  for (const t of ordered) {
    const id = t.task.task_id;
    const diffs: VerifyDiff[] = [];
    const unverifiable: string[] = [];

    // Settings that must agree with the manifest.
    diffs.push(...bindingDiffs(t, manifest));
    diffs.push(...suite.settingsDiffs(t, manifest));

    // 1. Re-grade.
    let derived: Row | null = null;
    try {
      derived = suite.deriveRow(t);
      rederived.push(derived);
    } catch (e) {
      diffs.push({ check: 'regrade', path: 'row', claimed: 'a gradable transcript', recomputed: `grading failed: ${(e as Error).message}` });
    }
    const queue = claimedById.get(id);
    const claimed = queue?.shift();
    if (!claimed) diffs.push({ check: 'regrade', path: 'row', claimed: undefined, recomputed: 'a row from the transcript', note: 'the file has a transcript but no row for this task' });
    else if (derived) for (const d of diffValues(toJson(claimed), toJson(derived), '')) diffs.push({ check: 'regrade', ...d });
    if (input.results.task_usage) {
      const u = usageById.get(id)?.shift();
      for (const d of diffValues(toJson(u), toJson(taskUsage(t)), 'task_usage')) diffs.push({ check: 'regrade', ...d });
    }

    // 2. Re-execute.
    let calls = 0;
    if (!backends.includes(t.settings.oracle_backend)) {
      unverifiable.push(`logged by oracle backend "${t.settings.oracle_backend}", which this build does not reproduce`);
    } else {
      const r = await reexecute(suite.recordedCalls(t), (env, requests) => suite.replayCalls(env, requests), deps.env);
      diffs.push(...r.diffs);
      calls = r.calls;
      oracleCalls += r.calls;
    }

    const shippedTask = shipped.get(id);
    // 2b. Re-derive: the episode re-run from the shipped task (replies re-run or as recorded).
    let verdict: ReplayVerdict | undefined;
    if (suite.rederive && backends.includes(t.settings.oracle_backend) && shippedTask && sameBank) {
      const r = await suite.rederive(t, { env: deps.env, manifest, task: shippedTask });
      verdict = r.verdict;
      verdicts.add(r.verdict);
      diffs.push(...r.diffs);
    } else if (suite.rederive) unverifiable.push('the episode was not re-run (no shipped task of this id under the bank the manifest names, or an oracle backend this build does not reproduce)');

    // 3. Bank.
    if (deps.bank === null) unverifiable.push(`no shipped ${noun} to compare the task snapshot with`);
    else if (!shippedTask) {
      if (sameBank) diffs.push({ check: 'bank', path: 'task.task_id', claimed: id, recomputed: undefined, note: 'no task with this id in the shipped bank the manifest names' });
      else unverifiable.push(`task not in the ${noun} this build ships (the run used a different bank)`);
    } else {
      const snap = taskSnapshotDiffs(t.task, shippedTask);
      if (snap.length > 0) {
        if (sameBank) diffs.push(...snap);
        else unverifiable.push('task snapshot differs from the shipped bank, and the run used a different bank');
      }
    }

    const listed = dedupe(diffs).sort((a, b) => CHECK_ORDER.indexOf(a.check) - CHECK_ORDER.indexOf(b.check));
    const outcome: VerifyOutcome = listed.length > 0 ? 'mismatch' : unverifiable.length > 0 ? 'unverifiable' : 'verified';
    tasks.push({ task_id: id, task_index: t.settings.task_index, outcome, diffs: listed, unverifiable, oracle_calls: calls, ...(verdict ? { verdict } : {}) });
  }
  // Rows without a transcript.
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

  const recomputed = suite.computeMetrics(rederived, { seed: manifest.seed, ...(deps.resamples !== undefined ? { resamples: deps.resamples } : {}) });
  const metric_diffs = metricDiffs(suite.metricGroups, metrics, recomputed);
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
    // Replayed only when every re-run task was replayed; one task taken as recorded makes it re-graded.
    verdict: verdicts.has('regraded') ? 'regraded' : verdicts.has('replayed') ? 'replayed' : null,
  };
}
