import { vehSuite } from './suite.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { runVehSuite } from './run/run-veh.ts';
import type { RunBundle } from './run/results-file.ts';
import type { VehOracle } from './run/types.ts';
import { getBuiltinAgent } from './agents/index.ts';
import { fixtureBank, fixtureOracle } from './protocol/test-fixtures.ts';
import { fixtureClock } from './protocol/test-session.ts';
import { formatDiff, verifyRun, type ShippedBank, type VerifyReport } from '../verify/verify.ts';

const BANK_HASH = 'fixture-bank-hash';
const bank: ShippedBank = { hash: BANK_HASH, tasks: fixtureBank() };
let pristine = '';

beforeAll(async () => {
  const result = await runVehSuite({ tasks: fixtureBank(), agent: getBuiltinAgent('random'), oracle: fixtureOracle, clock: fixtureClock(), seed: 5, appVersion: 't', bankHash: BANK_HASH });
  // As exported by the page: one JSON file, read back.
  pristine = JSON.stringify({ status: result.status, error: result.error, manifest: result.manifest, rows: result.rows, metrics: result.metrics, transcripts: result.transcripts });
});

const load = (): RunBundle => JSON.parse(pristine) as RunBundle;
const verify = (b: RunBundle, deps: Partial<{ bank: ShippedBank | null; oracle: VehOracle }> = {}): Promise<VerifyReport> =>
  verifyRun(vehSuite, { results: b, transcripts: b.transcripts }, { env: deps.oracle ?? fixtureOracle, bank: deps.bank === undefined ? bank : deps.bank });
const task = (r: VerifyReport, id: string) => r.tasks.find((t) => t.task_id === id);

describe('verifyRun', () => {
  it('a metric or group named toString, constructor or __proto__ is a mismatch, not a crash', async () => {
    const b = load();
    const mv = { value: 1, ci_low: null, ci_high: null, method: 'none' as const, n: 1 };
    const metrics = b.metrics as Record<string, Record<string, typeof mv>>;
    // As JSON.parse would hand them over: own properties, whatever their names.
    Object.defineProperty(metrics.P1 ?? (metrics.P1 = {}), 'toString', { value: mv, enumerable: true });
    Object.defineProperty(metrics, 'constructor', { value: { n: mv }, enumerable: true });
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    expect(r.metric_diffs.map((d) => d.path)).toEqual(expect.arrayContaining(['P1.toString', 'constructor.n']));
  });

  it('verifies an untouched export: every task, the metrics, every oracle call', async () => {
    const r = await verify(load());
    expect(r.outcome).toBe('verified');
    expect(r.counts).toEqual({ verified: 17, mismatch: 0, unverifiable: 0 });
    expect(r.metric_diffs).toEqual([]);
    expect(r.oracle_calls).toBeGreaterThan(17);
    expect(r.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('flags an edited oracle reply, naming the task, the event and the field', async () => {
    const b = load();
    const t = b.transcripts.find((x) => x.events.some((e) => e.type === 'oracle_call' && e.purpose === 'agent'));
    if (!t) throw new Error('fixture run has no agent oracle call');
    const index = t.events.findIndex((e) => e.type === 'oracle_call' && e.purpose === 'agent');
    const call = t.events[index];
    if (call?.type !== 'oracle_call') throw new Error('unreachable');
    const honest = call.result.load_power_uw;
    call.result.load_power_uw = honest * 1.5;
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    const bad = r.tasks.filter((x) => x.outcome === 'mismatch');
    expect(bad.map((x) => x.task_id)).toEqual([t.task.task_id]);
    const d = bad[0]?.diffs.find((x) => x.check === 'reexecute');
    expect(d).toMatchObject({ path: `events[${index}].result.load_power_uw`, claimed: honest * 1.5, recomputed: honest });
    expect(formatDiff(d!)).toMatch(/^events\[\d+\]\.result\.load_power_uw: claimed .* vs recomputed .* \(oracle_call agent/);
  });

  it('flags a bitwise difference in an oracle reply (one ulp)', async () => {
    const b = load();
    const t = b.transcripts.find((x) => x.events.some((e) => e.type === 'oracle_call'))!;
    const call = t.events.find((e) => e.type === 'oracle_call')!;
    if (call.type !== 'oracle_call') throw new Error('unreachable');
    const v = call.result.effective_mass_kg; // not used by grading: only re-execution can see it
    const buf = new Float64Array([v]);
    new BigInt64Array(buf.buffer)[0]! += 1n;
    call.result.effective_mass_kg = buf[0]!;
    const r = await verify(b);
    const bad = task(r, t.task.task_id);
    expect(bad?.outcome).toBe('mismatch');
    expect(bad?.diffs.map((x) => x.path)).toEqual([expect.stringMatching(/\.result\.effective_mass_kg$/)]);
  });

  it('flags an edited row field, naming the task and the field', async () => {
    const b = load();
    const row = b.rows.find((x) => x.probe === 'P1')!;
    if (row.probe !== 'P1') throw new Error('unreachable');
    const honest = row.predicted_action;
    row.predicted_action = (['propose_design', 'declare_infeasible', 'request_missing_info'] as const).find((a) => a !== honest)!;
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    const bad = r.tasks.filter((x) => x.outcome === 'mismatch');
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ task_id: row.task_id, diffs: [{ check: 'regrade', path: 'predicted_action', recomputed: honest }] });
  });

  it('flags a removed transcript, naming the task', async () => {
    const b = load();
    const removed = b.transcripts.splice(3, 1)[0]!;
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    expect(task(r, removed.task.task_id)).toMatchObject({ outcome: 'mismatch', task_index: null, diffs: [{ path: 'transcript' }] });
    expect(r.file_diffs).toEqual([expect.objectContaining({ path: 'row count', claimed: 17, recomputed: 16 }), expect.objectContaining({ path: `tasks[3].task_id`, recomputed: removed.task.task_id })]);
  });

  it('flags an edited metric, naming it', async () => {
    const b = load();
    const m = b.metrics.P4!['kendall_tau']!;
    m.value = (m.value ?? 0) + 0.25;
    const r = await verify(b);
    expect(r.outcome).toBe('mismatch');
    expect(r.counts.verified).toBe(17);
    expect(r.metric_diffs.map((d) => d.path)).toEqual(['P4.kendall_tau.value']);
  });

  it('a task snapshot that differs from the shipped bank is a mismatch under the same bank hash', async () => {
    const b = load();
    const t = b.transcripts.find((x) => x.task.probe === 'P2')!;
    if (t.task.probe !== 'P2') throw new Error('unreachable');
    t.task.reference.bkf.power_uw *= 0.5;
    const r = await verify(b);
    const bad = task(r, t.task.task_id);
    expect(bad?.outcome).toBe('mismatch');
    expect(bad?.diffs.map((d) => d.path)).toEqual(expect.arrayContaining(['task (sha256 of canonical JSON)', 'task.reference.bkf.power_uw', 'bkf_power_uw']));
  });

  it('a different bank or oracle backend makes the file unverifiable, not a mismatch', async () => {
    const other = await verify(load(), { bank: { hash: 'another', tasks: [] } });
    expect(other.outcome).toBe('unverifiable');
    expect(other.unverifiable[0]).toMatch(/the run used bank fixture-bank-hash; this build ships bank another/);
    expect(other.counts.unverifiable).toBe(17);

    const none = await verify(load(), { bank: null });
    expect(none.outcome).toBe('unverifiable');

    const b = load();
    b.manifest.oracle_backend = 'fem-v9';
    for (const t of b.transcripts) t.settings.oracle_backend = 'fem-v9';
    const r = await verify(b);
    expect(r.outcome).toBe('unverifiable');
    expect(r.oracle_calls).toBe(0);
    expect(r.tasks[0]?.unverifiable[0]).toMatch(/oracle backend "fem-v9"/);
  });

  it('a mismatch wins over unverifiable', async () => {
    const b = load();
    b.metrics.P1!['macro_f1']!.n += 1;
    const r = await verify(b, { bank: null });
    expect(r.outcome).toBe('mismatch');
  });

  it('a request the oracle refuses is a mismatch naming the event', async () => {
    const b = load();
    const t = b.transcripts.find((x) => x.events.some((e) => e.type === 'oracle_call'))!;
    const refusing: VehOracle = {
      backendId: 'reference',
      evaluate: async () => {
        throw new Error('unknown material');
      },
      evaluateMany: async () => {
        throw new Error('unknown material');
      },
    };
    const r = await verifyRun(vehSuite, { results: b, transcripts: [t] }, { env: refusing, bank });
    expect(task(r, t.task.task_id)?.diffs).toEqual(expect.arrayContaining([expect.objectContaining({ check: 'reexecute', recomputed: 'oracle error: unknown material' })]));
  });

  it('gives the same content hash for the same content in any key order', async () => {
    const a = await verify(load());
    const reverse = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(reverse) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reverse(x)])) : v;
    const b = reverse(load()) as RunBundle;
    expect(JSON.stringify(b)).not.toBe(pristine);
    expect((await verify(b)).content_sha256).toBe(a.content_sha256);
  });
});
