import { vehSuite } from '../veh/suite.ts';
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
  text = JSON.stringify(buildRunExport(run, EXPORT_META), null, 2);
});

const load = (): RunExport => JSON.parse(text) as RunExport;
/** An edited file whose hash and summary table were recomputed, as a deliberate editor would. */
const reseal = (f: RunExport): string => JSON.stringify({ ...f, tasks: summariseTasks(f.rows, f.transcripts), content_sha256: runContentHash(f) });
const importError = (what: string, body: string, maxBytes?: number): string => {
  try {
    parseRunFile(what, body, maxBytes);
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
    expect(f).toMatchObject({ format: RUN_EXPORT_FORMAT, format_version: 1, build: { app_version: 't', build_id: 'abc123' }, suite: { id: 'veh', version: 'veh-bank/test', bank_hash: FIXTURE_BANK_HASH } });
    expect(f.tasks).toHaveLength(run.rows.length);
    expect(f.tasks.map((t) => t.task_index)).toEqual(run.rows.map((_, i) => i));
    expect(f.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('round trip: export → JSON → import gives identical rows, metrics, manifest and transcripts', () => {
    const back = parseRunFile('run.json', text);
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
    const back = parseRunFile('download.json', JSON.stringify({ status: run.status, error: run.error, manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts }));
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
    expect(importError('v9.json', JSON.stringify({ ...load(), format_version: 9 }))).toMatch(/format_version 9; this build reads version 1/);
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
    const back = parseRunFile('f.json', body);
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
