/**
 * `run --resume` in process (the SIGKILL test is run-crash.slow.test.ts): a cancelled run continues
 * to the uninterrupted run's rows, a half-written last index line is ignored, a damaged transcript
 * is named by `score`, and --resume refuses what it cannot continue.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeArgs, runCommand } from './run.ts';
import { scoreCommand } from './score.ts';
import { verifyCommand } from './verify.ts';
import { capture } from '../test-capture.ts';

const RUN = ['--agent', 'random', '--probe', 'P2', '--split', 'dev'];
const rowsOf = async (dir: string): Promise<string> => JSON.stringify((JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as { rows: unknown }).rows);

/** A run cancelled as its first progress line is printed (after a few of its 64 tasks). */
async function cancelledRun(out: string): Promise<void> {
  const controller = new AbortController();
  const r = capture();
  const io = { ...r.io, stderr: (s: string) => (r.err.push(s), /\[\d+\/64\]/.test(s) && controller.abort()) };
  expect(await runCommand([...RUN, '--out', out], io, { signal: controller.signal })).toBe(130);
}

let dir = '';
let reference = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-resume-'));
  expect(await runCommand([...RUN, '--out', join(dir, 'reference')], capture().io)).toBe(0);
  reference = await rowsOf(join(dir, 'reference'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('run --resume', () => {
  it('continues a cancelled run to the rows of an uninterrupted one, ignoring a cut-off last index line', async () => {
    const out = join(dir, 'cancelled');
    await cancelledRun(out);
    await appendFile(join(out, 'tasks.jsonl'), '{"task_index":9,"task_id":"veh-p2'); // the crash cut this line
    const r = capture();
    expect(await runCommand(['--resume', out], r.io)).toBe(0);
    expect(r.err.join('\n')).toMatch(/resuming .*: [1-9]\d*\/64 tasks already done/);
    expect(await rowsOf(out)).toBe(reference);
    const again = capture();
    expect(await runCommand(['--resume', out], again.io)).toBe(1);
    expect(again.err.join('\n')).toContain('holds a completed run: nothing to resume');
  });

  it('a schema-invalid transcript (its hash as indexed) is named and its task run again, not a crash', async () => {
    const out = join(dir, 'invalid');
    await cancelledRun(out);
    const index = join(out, 'tasks.jsonl');
    const lines = (await readFile(index, 'utf8')).trimEnd().split('\n');
    const first = JSON.parse(lines[0]!) as { task_id: string; file: string; sha256: string };
    // Valid JSON, matching sha256 (so not a torn write), but not a transcript: an older or edited writer.
    const bytes = `${JSON.stringify({ task: { task_id: first.task_id }, events: 'none' })}\n`;
    await writeFile(join(out, 'transcripts', first.file), bytes);
    lines[0] = JSON.stringify({ ...first, sha256: createHash('sha256').update(bytes).digest('hex') });
    await writeFile(index, `${lines.join('\n')}\n`);
    const r = capture();
    expect(await runCommand(['--resume', out], r.io)).toBe(0);
    expect(r.err.join('\n')).toMatch(new RegExp(`warning: .*transcripts/${first.file.replace(/[.]/g, '\\.')} is not a valid transcript \\(.*\\); running that task again`));
    expect(await rowsOf(out)).toBe(reference);
  });

  it('the recipe keeps every flag but --out, with path flags made absolute (resume from any directory)', () => {
    expect(recipeArgs(['--agent', 'random', '--bank', 'b', '--out', 'o', '--match-run=m', '--out=p', '--seed', '3'])).toEqual(['--agent', 'random', '--bank', resolve('b'), `--match-run=${resolve('m')}`, '--seed', '3']);
  });

  it('refuses other flags beside --resume and a folder without run.json', async () => {
    const r = capture();
    expect(await runCommand(['--resume', dir, '--seed', '3'], r.io)).toBe(2);
    expect(r.err.join('\n')).toContain('give no other flags');
    const none = capture();
    expect(await runCommand(['--resume', dir], none.io)).toBe(2);
    expect(none.err.join('\n')).toContain('holds no run.json');
  });

  it('refuses --out on a non-empty folder that holds no run (the swap would replace it)', async () => {
    const other = join(dir, 'not-a-run');
    await mkdir(other);
    await writeFile(join(other, 'notes.txt'), 'mine');
    const r = capture();
    expect(await runCommand([...RUN, '--out', other], r.io)).toBe(1);
    expect(r.err.join('\n')).toContain(`${other} is not empty and holds no run (no results.json or run.json): give a new or empty folder for --out`);
    expect(await readFile(join(other, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('score and verify name a zero-byte or truncated transcript', async () => {
    const out = join(dir, 'score-damaged');
    expect(await runCommand([...RUN, '--out', out], capture().io)).toBe(0);
    const file = join(out, 'transcripts', 'veh-p2-dev-003.json');
    await writeFile(file, '');
    const empty = capture();
    expect(await scoreCommand([out], empty.io)).not.toBe(0);
    expect(empty.err.join('\n')).toContain(`${file} is empty`);
    const verifyEmpty = capture();
    expect(await verifyCommand([out], verifyEmpty.io)).toBe(2);
    expect(verifyEmpty.err.join('\n')).toContain(`${file} is empty`);
    await writeFile(file, '{"schema_version": 3, "task": {');
    const cut = capture();
    expect(await scoreCommand([out], cut.io)).not.toBe(0);
    expect(cut.err.join('\n')).toContain(file);
    const verifyCut = capture();
    expect(await verifyCommand([out], verifyCut.io)).toBe(2);
    expect(verifyCut.err.join('\n')).toContain(`${file} is not valid JSON (the file looks truncated`);
  });
});
