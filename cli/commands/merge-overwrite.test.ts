/**
 * `merge --out` over an earlier run (issue 21): the earlier folder used to lose its transcripts
 * before the new ones were written. Now the merged run is written beside it and renamed over it
 * once whole: no transcript of the earlier run is left mixed in, no temp folder is left behind,
 * and a non-empty folder that holds no run is refused with its files untouched.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeCommand } from './merge.ts';
import { runCommand } from './run.ts';
import { capture } from '../test-capture.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-merge-over-'));
  for (const i of [1, 2]) expect(await runCommand(['--agent', 'random', '--probe', 'P2', '--split', 'dev', '--shard', `${i}/2`, '--out', join(dir, `s${i}`)], capture().io)).toBe(0);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('merge --out over an earlier run', () => {
  it('replaces the earlier run whole, leaving none of its transcripts and no temp folder', async () => {
    const out = join(dir, 'merged');
    // The earlier run: a different selection (P1), so its transcript names differ from the merge's.
    expect(await runCommand(['--agent', 'random', '--probe', 'P1', '--split', 'dev', '--out', out], capture().io)).toBe(0);
    expect(await mergeCommand(['--out', out, join(dir, 's1'), join(dir, 's2')], capture().io)).toBe(0);
    const names = await readdir(join(out, 'transcripts'));
    expect(names).toHaveLength(64);
    expect(names.every((n) => n.startsWith('veh-p2-'))).toBe(true);
    const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { rows: unknown[] };
    expect(results.rows).toHaveLength(64);
    expect((await readdir(dir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses a non-empty folder that holds no run', async () => {
    const other = join(dir, 'mine');
    await mkdir(other);
    await writeFile(join(other, 'notes.txt'), 'keep');
    const r = capture();
    expect(await mergeCommand(['--out', other, join(dir, 's1'), join(dir, 's2')], r.io)).toBe(1);
    expect(r.err.join('\n')).toContain(`merge: ${other} is not empty and holds no run (no results.json): give a new or empty folder`);
    expect(await readdir(other)).toEqual(['notes.txt']);
  });
});
