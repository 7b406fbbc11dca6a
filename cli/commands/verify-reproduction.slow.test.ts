// verify on a reproduction run folder (issue 19): the harvester task's reference run verifies
// (every submitted package replayed again in a fresh evaluator thread); a forged artifact number in
// the recorded verdict, a score edited in results.json, and a source edited in the submitted
// package after grading each fail with the task and the field named (exit 1).
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capture } from '../test-capture.ts';
import { runCommand } from './run.ts';
import { verifyCommand } from './verify.ts';

const TASK = 'repro-harvester-optimal-load';
let dir = '';
let run = '';

async function copyRun(name: string): Promise<string> {
  const to = join(dir, name);
  await mkdir(join(to, 'transcripts'), { recursive: true });
  for (const f of ['results.json', 'run.json', 'tasks.jsonl']) await writeFile(join(to, f), await readFile(join(run, f)).catch(() => ''));
  for (const f of await readdir(join(run, 'transcripts'))) await writeFile(join(to, 'transcripts', f), await readFile(join(run, 'transcripts', f)));
  return to;
}

type Submit = { type: string; name?: string; result: { files: { path: string; text: string }[]; verdict: { artifacts: { name: string; kind: string; data: { rows?: number[][] } }[] } } };

async function editSubmit(to: string, edit: (s: Submit) => void): Promise<void> {
  const file = join(to, 'transcripts', `${TASK}.json`);
  const t = JSON.parse(await readFile(file, 'utf8')) as { events: Submit[] };
  const s = t.events.find((e) => e.type === 'tool_call' && e.name === 'submit');
  if (!s) throw new Error('no submit call in the transcript');
  edit(s);
  await writeFile(file, JSON.stringify(t));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-verify-repro-'));
  run = join(dir, 'run');
  expect(await runCommand(['--suite', 'reproduction', '--agent', 'reference', '--solver', 'veh', '--out', run], capture().io)).toBe(0);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('verify on a reproduction run folder', () => {
  it('verifies the untouched run: the package replayed again gives the recorded verdict', async () => {
    const c = capture();
    expect(await verifyCommand([run], c.io)).toBe(0);
    expect(c.text()).toContain('(run folder): VERIFIED');
    expect(c.text()).toMatch(/tasks: 1 verified, 0 mismatch/);
  }, 120_000);

  it('a forged artifact number in the recorded verdict fails, naming the field', async () => {
    const to = await copyRun('forged-artifact');
    await editSubmit(to, (s) => {
      const table = s.result.verdict.artifacts.find((a) => a.kind === 'table' && (a.data.rows?.length ?? 0) > 0);
      if (!table) throw new Error('no table artifact');
      table.data.rows![0]![1]! *= 1.01;
    });
    const c = capture();
    expect(await verifyCommand([to], c.io)).toBe(1);
    expect(c.text()).toContain(`mismatch ${TASK}:`);
    expect(c.text()).toMatch(/verdict\.artifacts\[\d+\]\.data\.rows\[0\]\[1\]|artifacts\[\d+\]/);
  }, 120_000);

  it('a score edited in results.json fails the re-grade', async () => {
    const to = await copyRun('edited-score');
    const file = join(to, 'results.json');
    const r = JSON.parse(await readFile(file, 'utf8')) as { rows: { score: number; full: boolean }[] };
    r.rows[0]!.score = 0.5;
    await writeFile(file, JSON.stringify(r));
    const c = capture();
    expect(await verifyCommand([to], c.io)).toBe(1);
    expect(c.text()).toMatch(/score/);
  }, 120_000);

  it('a source edited in the submitted package after grading fails (its hash and evidence differ)', async () => {
    const to = await copyRun('edited-source');
    await editSubmit(to, (s) => {
      s.result.files = s.result.files.map((f) => (f.path === 'reproduce.js' ? { ...f, text: `${f.text}\n// edited after grading\n` } : f));
    });
    const c = capture();
    expect(await verifyCommand([to], c.io)).toBe(1);
    expect(c.text()).toMatch(/source_sha256/);
  }, 120_000);
});
