/**
 * Scale-out (issue 14): `run --shard 1/2` and `--shard 2/2` plus `merge` give the unsharded run's
 * rows and metrics, and the merged folder verifies; shards of different recipes and incomplete sets
 * are refused. On the shipped banks with the real oracles, for both suites.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeCommand } from './merge.ts';
import { runCommand } from './run.ts';
import { verifyCommand } from './verify.ts';
import { capture } from '../test-capture.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-shard-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const results = async (d: string) => JSON.parse(await readFile(join(d, 'results.json'), 'utf8')) as { manifest: { task_filter: Record<string, string>; task_count: number }; rows: unknown[]; metrics: unknown };
const clock = (): (() => number) => {
  let t = Date.UTC(2026, 0, 1);
  return () => (t += 1);
};

describe.each([
  ['veh', ['--probe', 'P2', '--split', 'dev', '--agent', 'random']],
  ['circuit', ['--agent', 'random']],
])('shards of a %s run', (suite, flags) => {
  const run = (name: string, extra: string[] = []) => runCommand(['--suite', suite, ...flags, '--out', join(dir, `${suite}-${name}`), ...extra], capture().io, { clock: clock() });

  it('merge equals the unsharded run (rows and metrics) and verifies', async () => {
    expect(await run('whole')).toBe(0);
    expect(await run('s1', ['--shard', '1/2'])).toBe(0);
    expect(await run('s2', ['--shard', '2/2'])).toBe(0);
    const m = capture();
    // Shard order on the command line does not matter.
    expect(await mergeCommand(['--out', join(dir, `${suite}-merged`), join(dir, `${suite}-s2`), join(dir, `${suite}-s1`)], m.io)).toBe(0);
    const whole = await results(join(dir, `${suite}-whole`));
    const merged = await results(join(dir, `${suite}-merged`));
    expect(merged.rows).toEqual(whole.rows);
    expect(merged.metrics).toEqual(whole.metrics);
    expect(merged.manifest.task_filter).toEqual(whole.manifest.task_filter);
    expect(merged.manifest.task_count).toBe(whole.manifest.task_count);
    const v = capture();
    expect(await verifyCommand([join(dir, `${suite}-merged`)], v.io)).toBe(0);
    expect(v.text()).toContain('VERIFIED');
  });

  it('refuses a missing shard and shards of another recipe', async () => {
    const one = capture();
    expect(await mergeCommand(['--out', join(dir, `${suite}-x`), join(dir, `${suite}-s1`)], one.io)).toBe(2);
    expect(one.err.join('\n')).toContain('missing shard(s) 2/2');
    expect(await run('other-seed', ['--shard', '2/2', '--seed', '7'])).toBe(0);
    const mixed = capture();
    expect(await mergeCommand(['--out', join(dir, `${suite}-y`), join(dir, `${suite}-s1`), join(dir, `${suite}-other-seed`)], mixed.io)).toBe(2);
    expect(mixed.err.join('\n')).toMatch(/is not a shard of the same run .*manifest field "seed" differs/);
    const twice = capture();
    expect(await mergeCommand(['--out', join(dir, `${suite}-z`), join(dir, `${suite}-s1`), join(dir, `${suite}-s1`)], twice.io)).toBe(2);
    expect(twice.err.join('\n')).toContain('shard 1/2 given twice');
  });
});
