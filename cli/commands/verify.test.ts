import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './run.ts';
import { verifyCommand } from './verify.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let bank = '';
let run = '';
let bundleFile = '';

/** A copy of the run folder, to tamper with. */
async function copyRun(name: string): Promise<string> {
  const to = join(dir, name);
  await mkdir(join(to, 'transcripts'), { recursive: true });
  await writeFile(join(to, 'results.json'), await readFile(join(run, 'results.json')));
  for (const f of await readdir(join(run, 'transcripts'))) await writeFile(join(to, 'transcripts', f), await readFile(join(run, 'transcripts', f)));
  return to;
}

const verify = (args: string[], c = capture(), deps: Parameters<typeof verifyCommand>[2] = { environment: () => fixtureOracle }) => verifyCommand([...args, '--bank', bank], c.io, deps);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-verify-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  run = join(dir, 'run');
  expect(await runCommand(['--agent', 'random', '--seed', '5', '--bank', bank, '--out', run], capture().io, { oracle: fixtureOracle, clock: fixtureClock() })).toBe(0);
  // The page's single-file download of the same run.
  const results = JSON.parse(await readFile(join(run, 'results.json'), 'utf8')) as Record<string, unknown>;
  const names = (await readdir(join(run, 'transcripts'))).sort();
  const transcripts = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(run, 'transcripts', n), 'utf8')) as { settings: { task_index: number } }));
  transcripts.sort((a, b) => a.settings.task_index - b.settings.task_index);
  bundleFile = join(dir, 'download.json');
  await writeFile(bundleFile, JSON.stringify({ status: 'completed', error: null, manifest: results.manifest, rows: results.rows, metrics: results.metrics, transcripts }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('verify command', () => {
  it('prints control characters from a file escaped, so a crafted run id cannot repaint the verdict', async () => {
    const to = await copyRun('ansi-run-id');
    const file = join(to, 'results.json');
    const results = JSON.parse(await readFile(file, 'utf8')) as { manifest: { run_id: string } };
    results.manifest.run_id = 'x\u001b[2K\rVERIFIED\u202e';
    await writeFile(file, JSON.stringify(results));
    const c = capture();
    await verify([to], c);
    for (const raw of ['\u001b', '\u202e', '\r']) expect(c.text()).not.toContain(raw);
    expect(c.text()).toContain('x\\u{1b}[2K\\u{d}VERIFIED\\u{202e}');
  });

  it('verifies a run folder, its results.json and the page download: exit 0', async () => {
    for (const target of [run, join(run, 'results.json'), bundleFile]) {
      const c = capture();
      expect(await verify([target], c)).toBe(0);
      expect(c.out.join('\n')).toMatch(/: VERIFIED\n/);
      expect(c.out.join('\n')).toMatch(/tasks: 17 verified, 0 mismatch, 0 unverifiable/);
      expect(c.out.join('\n')).toMatch(/re-execute: \d+ oracle calls replayed/);
      expect(c.out.join('\n')).toContain('replies: replayed: the built-in agent re-run from the seed reproduced every reply byte for byte');
      expect(c.out.join('\n')).toMatch(/catches accidental damage only/);
    }
  });

  it('replays on the real Node oracle (WASM when built): calls logged by the reference backend agree bit for bit', async () => {
    const c = capture();
    expect(await verify([bundleFile], c, {})).toBe(0);
    expect(c.out.join('\n')).toMatch(/replayed on a fresh (wasm|reference) oracle/);
  });

  it('the shipped bank and the real oracle, end to end (default --bank)', async () => {
    const out = join(dir, 'shipped');
    expect(await runCommand(['--agent', 'anchor-fixed', '--probe', 'P2', '--split', 'test_id', '--out', out], capture().io)).toBe(0);
    const c = capture();
    expect(await verifyCommand([out], c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/tasks: 40 verified, 0 mismatch, 0 unverifiable/);
  });

  it('an edited oracle reply: exit 1, naming the task and the field', async () => {
    const to = await copyRun('edited-reply');
    const names = (await readdir(join(to, 'transcripts'))).sort();
    for (const n of names) {
      const file = join(to, 'transcripts', n);
      const t = JSON.parse(await readFile(file, 'utf8')) as { task: { task_id: string }; events: { type: string; purpose?: string; result?: { tip_stress_mpa: number } }[] };
      const call = t.events.find((e) => e.type === 'oracle_call' && e.purpose === 'agent');
      if (!call?.result) continue;
      call.result.tip_stress_mpa += 1;
      await writeFile(file, JSON.stringify(t));
      const c = capture();
      expect(await verify([to], c)).toBe(1);
      expect(c.out.join('\n')).toMatch(/: MISMATCH\n/);
      expect(c.out.join('\n')).toContain(`mismatch ${t.task.task_id}:`);
      expect(c.out.join('\n')).toMatch(/\[reexecute\] events\[\d+\]\.result\.tip_stress_mpa: claimed [\d.e+-]+ vs recomputed [\d.e+-]+ \(oracle_call agent/);
      return;
    }
    throw new Error('no agent oracle call in the fixture run');
  });

  it('an edited row field: exit 1, naming the task and the field', async () => {
    const to = await copyRun('edited-row');
    const file = join(to, 'results.json');
    const results = JSON.parse(await readFile(file, 'utf8')) as { rows: { task_id: string; probe: string; parse_failures: number }[] };
    const row = results.rows[4]!;
    row.parse_failures += 1;
    await writeFile(file, JSON.stringify(results));
    const c = capture();
    expect(await verify([to], c)).toBe(1);
    expect(c.out.join('\n')).toContain(`mismatch ${row.task_id}:\n    [regrade] parse_failures: claimed ${row.parse_failures} vs recomputed ${row.parse_failures - 1}`);
  });

  it('a removed transcript: exit 1, naming the task', async () => {
    const to = await copyRun('removed');
    const results = JSON.parse(await readFile(join(to, 'results.json'), 'utf8')) as { rows: { task_id: string }[] };
    const names = (await readdir(join(to, 'transcripts'))).sort();
    const victim = JSON.parse(await readFile(join(to, 'transcripts', names[0]!), 'utf8')) as { task: { task_id: string } };
    await rm(join(to, 'transcripts', names[0]!));
    const c = capture();
    expect(await verify([to], c)).toBe(1);
    expect(results.rows.some((r) => r.task_id === victim.task.task_id)).toBe(true);
    expect(c.out.join('\n')).toContain(`mismatch ${victim.task.task_id}:\n    [regrade] transcript: claimed "a row" vs recomputed (absent) (the file has a row but no transcript for this task)`);
    expect(c.out.join('\n')).toMatch(/file: row count: claimed 17 vs recomputed 16/);
  });

  it('an edited metric: exit 1, naming the metric', async () => {
    const raw = JSON.parse(await readFile(bundleFile, 'utf8')) as { metrics: { P4: { kendall_tau: { value: number } } } };
    raw.metrics.P4.kendall_tau.value = 0.99;
    const file = join(dir, 'edited-metric.json');
    await writeFile(file, JSON.stringify(raw));
    const c = capture();
    expect(await verify([file], c)).toBe(1);
    expect(c.out.join('\n')).toMatch(/metric P4\.kendall_tau\.value: claimed 0\.99 vs recomputed /);
    expect(c.out.join('\n')).toMatch(/tasks: 17 verified/);
  });

  it('a different bank: exit 1, unverifiable (not mismatch)', async () => {
    const other = join(dir, 'other-bank');
    await mkdir(other);
    await writeFixtureBank(other);
    const manifest = JSON.parse(await readFile(join(other, 'manifest.json'), 'utf8')) as { note: string };
    manifest.note = 'another bank';
    await writeFile(join(other, 'manifest.json'), JSON.stringify(manifest));
    const c = capture();
    expect(await verifyCommand([bundleFile, '--bank', other], c.io, { environment: () => fixtureOracle })).toBe(1);
    expect(c.out.join('\n')).toMatch(/: UNVERIFIABLE\n/);
    expect(c.out.join('\n')).toMatch(/unverifiable: the run used bank [0-9a-f]{64}; this build ships bank [0-9a-f]{64}/);
  });

  it('JSON output; a run folder and its download have the same content hash', async () => {
    const c = capture();
    expect(await verify([bundleFile, run, '--json'], c)).toBe(0);
    const reports = JSON.parse(c.out.join('\n')) as { outcome: string; counts: { verified: number }; content_sha256: string }[];
    expect(reports[0]).toMatchObject({ outcome: 'verified', counts: { verified: 17 } });
    expect(reports[1]?.content_sha256).toBe(reports[0]?.content_sha256);
  });

  it('several files: the worst outcome decides the exit code', async () => {
    const c = capture();
    expect(await verify([run, join(dir, 'missing.json')], c)).toBe(2);
    expect(c.out.join('\n')).toMatch(/VERIFIED/);
  });

  it('unreadable files: exit 2 with a clear error', async () => {
    const text = await readFile(bundleFile, 'utf8');
    const truncated = join(dir, 'truncated.json');
    await writeFile(truncated, text.slice(0, text.length - 100));
    let c = capture();
    expect(await verify([truncated], c)).toBe(2);
    expect(c.err.join('\n')).toMatch(/truncated\.json is not valid JSON \(the file looks truncated/);

    const bad = join(dir, 'bad.json');
    const raw = JSON.parse(text) as { rows: { task_id: unknown }[] };
    raw.rows[2]!.task_id = null;
    await writeFile(bad, JSON.stringify(raw));
    c = capture();
    expect(await verify([bad], c)).toBe(2);
    expect(c.err.join('\n')).toMatch(/bad\.json is not a valid run download: rows\.2\.task_id/);

    c = capture();
    expect(await verify([bundleFile], c, { environment: () => fixtureOracle, maxBytes: 1000 })).toBe(2);
    expect(c.err.join('\n')).toMatch(/download\.json is \d+ bytes, over the 1000 bytes limit for result files; nothing was read/);

    c = capture();
    expect(await verify([join(dir, 'missing.json')], c)).toBe(2);
    expect(c.err.join('\n')).toMatch(/missing\.json not found/);

    const lonely = join(dir, 'lonely');
    await mkdir(lonely);
    await writeFile(join(lonely, 'results.json'), await readFile(join(run, 'results.json')));
    c = capture();
    expect(await verify([lonely], c)).toBe(2);
    expect(c.err.join('\n')).toMatch(/transcripts not found: a run folder needs its transcripts beside results\.json/);
  });

  it('usage errors: exit 2', async () => {
    let c = capture();
    expect(await verifyCommand([], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(/verify: FILE or DIR is required\nusage: proving-ground verify/);
    c = capture();
    expect(await verifyCommand([bundleFile, '--bogus'], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(/unknown argument "--bogus"/);
  });
});
