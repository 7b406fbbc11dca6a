import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, runCommand } from './run.ts';
import { scoreCommand } from './score.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let bank = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-run-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseRunArgs', () => {
  it('reads every flag, with defaults', () => {
    const a = parseRunArgs(['--suite', 'veh', '--agent', 'random', '--probe', 'p3', '--split', 'dev', '--seed', '7', '--p3-variant', 'state_summary', '--out', 'o']);
    expect(a).toMatchObject({ agent: 'random', facets: { probe: 'P3', split: 'dev' }, seed: 7, out: 'o', shard: null, values: { 'p3-variant': 'state_summary' } });
    expect(a.suite.descriptor.id).toBe('veh');
    const d = parseRunArgs(['--agent=reference', '--out=o']);
    expect(d).toMatchObject({ seed: 42, facets: {}, shard: null });
    expect(d.suite.descriptor.id).toBe('veh');
    expect(parseRunArgs(['--agent', 'x', '--out', 'o', '--shard', '2/3']).shard).toEqual({ index: 2, count: 3 });
  });

  it.each([
    [['--out', 'o'], /--agent is required/],
    [['--agent', 'x'], /--out DIR is required/],
    [['--agent', 'x', '--out', 'o', '--suite', 'optics'], /unknown suite/],
    [['--agent', 'x', '--out', 'o', '--probe', 'P9'], /--probe must be one of/],
    [['--agent', 'x', '--out', 'o', '--seed', '-1'], /--seed must be an integer/],
    [['--agent', 'x', '--out', 'o', '--limit', '3'], /unknown argument "--limit"/],
    [['--agent', 'x', '--out', 'o', '--limit=3'], /unknown argument "--limit=3"/],
    [['--agent', 'x', '--out', 'o', '--split', 'train'], /unknown split "train": --split must be one of dev, test_id, test_ood/],
    [['--agent', 'x', '--out', 'o', '--seed', '4294967296'], /--seed must be an integer/],
    [['--agent', 'x', '--out', 'o', '--seed', '1e3'], /--seed must be an integer/],
    [['--agent', '--out', 'o'], /--agent needs a value/],
    [['--agent', 'x', '--out', 'o', '--p3-variant', 'summary'], /--p3-variant must be raw_history or state_summary/],
    [['--agent', 'x', '--out', 'o', '--shard', '3/2'], /--shard 3\/2: need 1 ≤ i ≤ n/],
    [['--agent', 'x', '--out', 'o', '--shard', 'half'], /--shard must be i\/n/],
  ])('rejects %j', (args, message) => {
    expect(() => parseRunArgs(args)).toThrow(message);
  });
});

describe('run and score commands', () => {
  it('runs an agent, writes the outputs, and score reproduces the metrics from transcripts alone', async () => {
    const out = join(dir, 'run-random');
    const r = capture();
    const code = await runCommand(['--suite', 'veh', '--agent', 'random', '--seed', '5', '--bank', bank, '--out', out], r.io, {
      oracle: fixtureOracle,
      clock: fixtureClock(),
    });
    expect(code).toBe(0);
    expect(r.out.join('\n')).toMatch(/headline: P1 p1_composite .* \| P4 kendall_tau/);
    expect(r.out.join('\n')).toMatch(/completed: 17\/17 tasks in \d+\.\d\d s/);
    expect((await readdir(join(out, 'transcripts'))).length).toBe(17);
    const md = await readFile(join(out, 'results.md'), 'utf8');
    expect(md).toContain('# VEHBench run: Uniform random');

    const s = capture();
    expect(await scoreCommand([out], s.io)).toBe(0);
    expect(s.out.join('\n')).toMatch(/metrics equal the saved results: yes/);
  });

  it('score exits 1 and names the metric when results.json disagrees', async () => {
    const out = join(dir, 'run-tampered');
    await runCommand(['--agent', 'reference', '--probe', 'P4', '--bank', bank, '--out', out], capture().io, { oracle: fixtureOracle, clock: fixtureClock() });
    const file = join(out, 'results.json');
    const results = JSON.parse(await readFile(file, 'utf8')) as { metrics: { P4: { kendall_tau: { value: number } } } };
    results.metrics.P4.kendall_tau.value = 0.5;
    await writeFile(file, JSON.stringify(results));
    const s = capture();
    expect(await scoreCommand([out], s.io)).toBe(1);
    expect(s.out.join('\n')).toMatch(/P4\.kendall_tau\.value: results\.json 0\.5 vs recomputed 1/);
  });

  it('score without results.json just prints the metrics', async () => {
    const out = join(dir, 'run-nores');
    await runCommand(['--agent', 'anchor-fixed', '--probe', 'P2', '--bank', bank, '--out', out], capture().io, { oracle: fixtureOracle, clock: fixtureClock() });
    await rm(join(out, 'results.json'));
    const s = capture();
    expect(await scoreCommand([out], s.io)).toBe(0);
    expect(s.out.join('\n')).toMatch(/no results.json to compare with/);
  });

  it('reports usage errors with exit 2', async () => {
    const r = capture();
    expect(await runCommand(['--agent', 'gpt-9', '--out', join(dir, 'x')], r.io)).toBe(2);
    expect(r.err.join('\n')).toMatch(/built-in agents: reference/);
    expect(await scoreCommand([], capture().io)).toBe(2);
    expect(await scoreCommand([join(dir, 'missing')], capture().io)).toBe(2);
  });

  it('run and score exit 2 on an unknown flag, naming it', async () => {
    const r = capture();
    expect(await runCommand(['--agent', 'reference', '--out', join(dir, 'x'), '--bogus'], r.io)).toBe(2);
    expect(r.err).toEqual(['run: unknown argument "--bogus"']);
    const s = capture();
    expect(await scoreCommand([join(dir, 'x'), '--bogus'], s.io)).toBe(2);
    expect(s.err.join('\n')).toMatch(/^score: unknown argument "--bogus"\nusage: proving-ground score DIR/);
  });
});
