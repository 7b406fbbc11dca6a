/** `verify` reads the page's versioned run export (src/core/export) as it reads a download. */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehSuite } from '../../src/core/veh/suite.ts';
import type { VehRow } from '../../src/core/veh/rows.ts';
import { buildRunExport, runContentHash, type RunExport } from '../../src/core/export/run-export.ts';
import { summariseTasks } from '../../src/core/export/task-summary.ts';
import { ResultsFileSchema } from '../../src/core/veh/run/results-file.ts';
import { TranscriptSchema } from '../../src/core/veh/run/transcript.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { runCommand } from './run.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { verifyCommand } from './verify.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let bank = '';
let exported: RunExport;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-verify-export-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  const run = join(dir, 'run');
  expect(await runCommand(['--agent', 'random', '--seed', '5', '--bank', bank, '--out', run], capture().io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(0);
  const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(run, 'results.json'), 'utf8')));
  const names = (await readdir(join(run, 'transcripts'))).sort();
  const transcripts = await Promise.all(names.map(async (n) => TranscriptSchema.parse(JSON.parse(await readFile(join(run, 'transcripts', n), 'utf8')))));
  exported = buildRunExport(
    vehSuite,
    { status: 'completed', error: null, manifest: results.manifest, rows: results.rows, metrics: results.metrics, transcripts },
    { exported_at: '2026-01-01T00:00:00.000Z', app_version: 't', build_id: null, suite_version: null },
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const verifyFile = async (name: string, body: unknown) => {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(body));
  const c = capture();
  const code = await verifyCommand([file, '--bank', bank], c.io, { environment: () => fixtureOracle });
  return { code, text: c.text() };
};

describe('verify on a run export', () => {
  it('verifies an untouched export and names its kind', async () => {
    const r = await verifyFile('export.json', exported);
    expect(r.text).toMatch(/export\.json \(run export\): VERIFIED/);
    expect(r.text).toContain(`content sha256 ${exported.content_sha256}`);
    expect(r.code).toBe(0);
  });

  it('flags an edited score even when the editor recomputed the hash', async () => {
    const f = JSON.parse(JSON.stringify(exported)) as Omit<RunExport, 'rows'> & { rows: VehRow[] };
    const row = f.rows.find((r) => r.probe === 'P2');
    if (row?.probe !== 'P2') throw new Error('fixture run has no P2 row');
    row.final.result.load_power_uw *= 2;
    const resealed = { ...f, tasks: summariseTasks(vehSuite.scoring, f.rows, f.transcripts), content_sha256: runContentHash(f) };
    const r = await verifyFile('edited.json', resealed);
    expect(r.code).toBe(1);
    expect(r.text).toMatch(new RegExp(`mismatch ${row.task_id}:\\n\\s+\\[regrade\\] final\\.result\\.load_power_uw: claimed`));
  });

  it('an export with a wrong content_sha256 or a false task summary is a mismatch, as the page refuses it (issue 17)', async () => {
    const wrongHash = { ...exported, content_sha256: 'f'.repeat(64) };
    const a = await verifyFile('wrong-hash.json', wrongHash);
    expect(a.code).toBe(1);
    expect(a.text).toMatch(/\(run export\): MISMATCH/);
    expect(a.text).toMatch(/file: content_sha256: .*does not match its content_sha256/);

    const f = JSON.parse(JSON.stringify(exported)) as RunExport;
    const first = f.tasks[0]!;
    (first as { pass: unknown }).pass = !(first as { pass: unknown }).pass;
    const b = await verifyFile('false-summary.json', f);
    expect(b.code).toBe(1);
    expect(b.text).toMatch(new RegExp(`file: tasks\\[0\\] \\(export summary line\\): .*the summary line of ${first.task_id}`));
  });

  it('a file nested deeper than the limit exits 2 before anything walks it', async () => {
    const file = join(dir, 'deep.json');
    await writeFile(file, JSON.stringify(exported).replace('"transcripts":', `"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},"transcripts":`));
    const c = capture();
    expect(await verifyCommand([file, '--bank', bank], c.io, { environment: () => fixtureOracle })).toBe(2);
    expect(c.text()).toMatch(/nests 100001 levels deep, over the 200-level limit/);
    expect(c.text()).not.toMatch(/call stack/);
  });

  it('a file saved with a UTF-8 BOM verifies like the file without it', async () => {
    const file = join(dir, 'bom.json');
    await writeFile(file, '\uFEFF' + JSON.stringify(exported));
    const c = capture();
    expect(await verifyCommand([file, '--bank', bank], c.io, { environment: () => fixtureOracle })).toBe(0);
  });
});
