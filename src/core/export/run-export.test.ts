import { readFileSync } from 'node:fs';
import { p1Task, p2Task, p3Task, p4Task } from '../circuit-audit/protocol/test-fixtures.ts';
import { referenceCircuitOracle } from '../circuit-audit/run/reference-oracle.ts';
import { runSuite } from '../run/run-suite.ts';
import { fixtureClock } from '../veh/protocol/test-session.ts';
import { vehSuite } from '../veh/suite.ts';
import { SUITES } from '../suites.ts';
import type { VehRow } from '../veh/rows.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VehRunResult as RunResult } from '../veh/run/run-veh.ts';
import { ResultsFileSchema, RunBundleSchema, toResultsFile } from '../veh/run/results-file.ts';
import { fixtureBank, fixtureOracle } from '../veh/protocol/test-fixtures.ts';
import { ImportError } from '../verify/import.ts';
import { verifyRun } from '../verify/verify.ts';
import { parseRunFile } from './import-run.ts';
import { RUN_EXPORT_FORMAT, buildRunExport, exportFileStem, runContentHash, type RunExport } from './run-export.ts';
import { summariseTasks } from './task-summary.ts';
import { EXPORT_META, FIXTURE_BANK_HASH, fixtureRun } from './test-run.ts';

let run: RunResult;
let text = '';
beforeAll(async () => {
  run = await fixtureRun('random');
  text = JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META), null, 2);
});

/** The export of a VEH run, typed as VEH's rows and transcripts (the suite's schemas validated them on import). */
type VehExport = Omit<RunExport, 'rows' | 'transcripts'> & { rows: VehRow[]; transcripts: Transcript[] };
const load = (): VehExport => JSON.parse(text) as VehExport;
/** An edited file whose hash and summary table were recomputed, as a deliberate editor would. */
const reseal = (f: VehExport): string => JSON.stringify({ ...f, tasks: summariseTasks(vehSuite.scoring, f.rows, f.transcripts), content_sha256: runContentHash(f) });
const importError = (what: string, body: string, maxBytes?: number): string => {
  try {
    parseRunFile(SUITES, what, body, maxBytes);
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    return (e as Error).message;
  }
  throw new Error('expected an ImportError');
};
const bank = { hash: FIXTURE_BANK_HASH, tasks: fixtureBank() };

describe('run export', () => {
  it('carries build, suite, the run and a summary line per task', () => {
    const f = load();
    expect(f).toMatchObject({ format: RUN_EXPORT_FORMAT, format_version: 2, build: { app_version: 't', build_id: 'abc123' }, suite: { id: 'veh', version: 'veh-bank/test', bank_hash: FIXTURE_BANK_HASH } });
    expect(f.tasks).toHaveLength(run.rows.length);
    expect(f.tasks.map((t) => t.task_index)).toEqual(run.rows.map((_, i) => i));
    expect(f.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('round trip: export → JSON → import gives identical rows, metrics, manifest and transcripts', () => {
    const back = parseRunFile(SUITES, 'run.json', text);
    expect(back.kind).toBe('export');
    expect(back.rows).toEqual(run.rows);
    expect(back.metrics).toEqual(run.metrics);
    expect(back.manifest).toEqual(run.manifest);
    expect(back.transcripts).toEqual(run.transcripts);
    expect(back.content_sha256).toBe(load().content_sha256);
  });

  it('is a page download too: RunBundleSchema (what `verify` and `score` read) accepts it', () => {
    expect(RunBundleSchema.safeParse(load()).success).toBe(true);
  });

  it('hashes the same content to the same value whatever order transcripts are in, as verify does', async () => {
    const shuffled = { ...run, transcripts: run.transcripts.slice().reverse() };
    expect(runContentHash(shuffled)).toBe(runContentHash(run));
    const report = await verifyRun(vehSuite, { results: run, transcripts: run.transcripts }, { env: fixtureOracle, bank });
    expect(report.content_sha256).toBe(runContentHash(run));
  });

  it('imports the older page download (no format block)', () => {
    const back = parseRunFile(SUITES, 'download.json', JSON.stringify({ status: run.status, error: run.error, manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts }));
    expect(back.kind).toBe('download');
    expect(back.rows).toEqual(run.rows);
    expect(back.content_sha256).toBe(runContentHash(run));
  });

  it('makes safe file names from run ids', () => {
    expect(exportFileStem('veh-x/y s:1')).toBe('veh-x_y_s_1');
  });
});

describe('import refuses bad files with a message that names the problem', () => {
  it('truncated', () => {
    expect(importError('cut.json', text.slice(0, text.length / 2))).toMatch(/cut\.json is not valid JSON \(the file looks truncated/);
  });
  it('oversized (before parsing)', () => {
    expect(importError('big.json', text, 1000)).toMatch(/big\.json is .* over the 1000 bytes limit/);
  });
  it('empty and not JSON', () => {
    expect(importError('e.json', '  ')).toMatch(/is empty/);
    expect(importError('h.json', '<html><script>alert(1)</script>')).toMatch(/is not valid JSON/);
  });
  it('a field of the wrong type, naming its path', () => {
    const f = load() as unknown as { rows: { task_id: unknown }[] };
    f.rows[2]!.task_id = 42;
    expect(importError('bad.json', JSON.stringify(f))).toMatch(/bad\.json is not a valid run export: rows\.2\.task_id: Invalid input: expected string/);
  });
  it('unknown top-level keys (strict schema)', () => {
    expect(importError('x.json', JSON.stringify({ ...load(), extra: '<img src=x onerror=alert(1)>' }))).toMatch(/Unrecognized key.*extra/);
  });
  it('a newer format version, or another format', () => {
    expect(importError('v9.json', JSON.stringify({ ...load(), format_version: 9 }))).toMatch(/format_version 9; this build reads versions 1 and 2/);
    expect(importError('o.json', JSON.stringify({ format: 'other' }))).toMatch(/has format "other"; expected "proving-ground\/run-export"/);
  });
  it('a results.json (no transcripts) and an unrelated JSON value', () => {
    expect(importError('results.json', JSON.stringify(toResultsFile(run)))).toMatch(/holds no transcripts/);
    expect(ResultsFileSchema.safeParse(toResultsFile(run)).success).toBe(true);
    expect(importError('a.json', '[1,2]')).toMatch(/not a Proving Ground run file/);
  });
  it('content changed after export (hash no longer matches)', () => {
    const f = load();
    const row = f.rows.find((r) => r.probe === 'P1');
    if (row?.probe !== 'P1') throw new Error('fixture has no P1 row');
    row.parse_failures += 1;
    expect(importError('edited.json', JSON.stringify(f))).toMatch(/does not match its content_sha256 .* damaged or changed after export/);
  });
  it('a summary line that contradicts its row', () => {
    const f = load();
    f.tasks[3]!.pass = !f.tasks[3]!.pass;
    expect(importError('sum.json', JSON.stringify(f))).toMatch(new RegExp(`tasks\\.3 \\(the summary line of ${f.rows[3]!.task_id}\\) does not match`));
  });
  it('a removed transcript (rows and transcripts disagree)', () => {
    const f = load();
    f.transcripts.splice(4, 1);
    expect(importError('gap.json', reseal(f))).toMatch(/17 rows but 16 transcripts/);
  });
});

describe('verify through the export format: edits are flagged with the task and field', () => {
  const verifyText = async (body: string) => {
    const back = parseRunFile(SUITES, 'f.json', body);
    return verifyRun(vehSuite, { results: back, transcripts: back.transcripts }, { env: fixtureOracle, bank });
  };

  it('an untouched export verifies', async () => {
    const r = await verifyText(text);
    expect(r.outcome).toBe('verified');
    expect(r.counts.verified).toBe(run.rows.length);
  });

  it('an edited tool reply (oracle result), resealed, is a mismatch at that event', async () => {
    const f = load();
    const t = f.transcripts.find((x) => x.events.some((e) => e.type === 'oracle_call' && e.purpose === 'agent'))!;
    const index = t.events.findIndex((e) => e.type === 'oracle_call' && e.purpose === 'agent');
    const call = t.events[index]!;
    if (call.type !== 'oracle_call') throw new Error('unreachable');
    call.result.tip_stress_mpa *= 0.5;
    const r = await verifyText(reseal(f));
    expect(r.outcome).toBe('mismatch');
    const bad = r.tasks.find((x) => x.task_id === t.task.task_id);
    expect(bad?.outcome).toBe('mismatch');
    expect(bad?.diffs.map((d) => d.path)).toContain(`events[${index}].result.tip_stress_mpa`);
  });

  it('an edited score (a row field), resealed, is a mismatch naming the task and field', async () => {
    const f = load();
    const i = f.rows.findIndex((r) => r.probe === 'P2');
    const row = f.rows[i];
    if (row?.probe !== 'P2') throw new Error('fixture has no P2 row');
    row.final.result.load_power_uw *= 2;
    const r = await verifyText(reseal(f));
    const bad = r.tasks.filter((x) => x.outcome === 'mismatch');
    expect(bad.map((x) => x.task_id)).toEqual([row.task_id]);
    expect(bad[0]?.diffs).toContainEqual(expect.objectContaining({ check: 'regrade', path: 'final.result.load_power_uw' }));
  });

  it('a removed transcript is flagged at its task (verify reads what import refuses)', async () => {
    const f = load();
    const [gone] = f.transcripts.splice(4, 1);
    const r = await verifyRun(vehSuite, { results: f, transcripts: f.transcripts }, { env: fixtureOracle, bank });
    expect(r.outcome).toBe('mismatch');
    expect(r.tasks.find((x) => x.task_id === gone!.task.task_id)?.diffs[0]).toMatchObject({ path: 'transcript' });
  });
});

describe('run export of every suite, and version 1 files', () => {
  it('a version 1 file (VEH, task lines with `probe`) still imports, with its content unchanged', () => {
    const v1 = readFileSync(new URL('../../../test/golden/legacy/veh-run-export-v1.json', import.meta.url), 'utf8');
    const back = parseRunFile(SUITES, 'v1.json', v1);
    const raw = JSON.parse(v1) as { rows: unknown[]; content_sha256: string };
    expect(back).toMatchObject({ kind: 'export', suite: 'veh' });
    expect(back.rows).toEqual(raw.rows);
    expect(back.content_sha256).toBe(raw.content_sha256);
    // Edited after export, it is refused like a version 2 file.
    const edited = JSON.parse(v1) as { tasks: { pass: boolean }[] };
    edited.tasks[0]!.pass = !edited.tasks[0]!.pass;
    expect(importError('v1-edited.json', JSON.stringify(edited))).toMatch(/tasks\.0 .* does not match/);
  });

  it('a circuit-audit run exports and imports through the same format, checked with its own schemas', async () => {
    const circuit = SUITES.get('circuit');
    const tasks = [p1Task('propose_design'), p1Task('declare_infeasible'), p2Task(), p3Task(), p4Task()];
    const result = await runSuite(circuit, { tasks, agent: circuit.agents[0]!, env: referenceCircuitOracle, clock: fixtureClock(), seed: 3, options: {}, appVersion: 't', bankHash: 'circuit-fixture' });
    const file = buildRunExport(circuit, result, EXPORT_META);
    expect(file.suite.id).toBe('circuit');
    expect(file.tasks.map((t) => t.group)).toEqual(result.rows.map((r) => (r as unknown as { probe: string }).probe));
    const back = parseRunFile(SUITES, 'circuit.json', JSON.stringify(file));
    expect(back).toMatchObject({ kind: 'export', suite: 'circuit' });
    expect(back.rows).toEqual(result.rows);
    // A VEH row smuggled into a circuit export fails the circuit row schema.
    const mixed = { ...file, rows: [run.rows[0]!, ...file.rows.slice(1)] };
    expect(importError('mixed.json', JSON.stringify({ ...mixed, content_sha256: runContentHash(mixed) }))).toMatch(/not a valid run export: rows\.0.*\(suite circuit\)/);
  });

  it('a suite this build does not have is named', () => {
    const f = load();
    expect(importError('future.json', JSON.stringify({ ...f, suite: { ...f.suite, id: 'warp-drive' } }))).toMatch(/suite "warp-drive", which this build does not have \(it has veh, circuit/);
  });
});
