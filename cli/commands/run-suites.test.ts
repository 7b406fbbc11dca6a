import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/hash/sha256.ts';
import { CircuitResultsFileSchema } from '../../src/core/circuit-audit/run/results-file.ts';
import { CircuitTranscriptSchema } from '../../src/core/circuit-audit/protocol/transcript.ts';
import { p1Task, p2Task, p3Task, p4Task } from '../../src/core/circuit-audit/protocol/test-fixtures.ts';
import { parseRunArgs, runCommand } from './run.ts';
import { scoreCommand } from './score.ts';
import { capture } from '../test-capture.ts';

let dir = '';
let bank = '';
let t = 0;
const clock = (): number => (t += 1);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-circuit-run-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  const byProbe = {
    P1: [p1Task('propose_design'), p1Task('declare_infeasible'), p1Task('request_missing_info')],
    P2: [p2Task()],
    P3: [p3Task()],
    P4: [p4Task()],
  };
  // A bank folder the loader accepts: JSONL per probe and a manifest with each file's size and SHA-256.
  const banks = [];
  for (const [probe, tasks] of Object.entries(byProbe)) {
    const text = tasks.map((x) => JSON.stringify(x)).join('\n') + '\n';
    await writeFile(join(bank, `${probe}.jsonl`), text);
    const bytes = new TextEncoder().encode(text);
    banks.push({ probe, file: `${probe}.jsonl`, count: tasks.length, bytes: bytes.length, sha256: sha256Hex(bytes), by_split: { dev: tasks.length } });
  }
  const manifest = { suite: 'circuit', generator_version: 'test', seed: 0, oracle: 'reference', banks, note: 'test bank' };
  await writeFile(join(bank, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseRunArgs --suite circuit', () => {
  it('parses the circuit flags and names what is missing or wrong', () => {
    expect(parseRunArgs(['--suite', 'circuit', '--agent', 'random', '--probe', 'p2', '--out', 'o'])).toMatchObject({ agent: 'random', facets: { probe: 'P2' }, seed: 42, out: 'o' });
    expect(parseRunArgs(['--suite', 'circuit', '--agent', 'random', '--out', 'o']).suite.descriptor.id).toBe('circuit');
    expect(() => parseRunArgs(['--suite', 'circuit', '--out', 'o'])).toThrow(/--agent is required/);
    expect(() => parseRunArgs(['--suite', 'circuit', '--agent', 'reference'])).toThrow(/--out/);
    expect(() => parseRunArgs(['--suite', 'photonics', '--agent', 'reference', '--out', 'o'])).toThrow(/unknown suite "photonics": known suites are veh, circuit/);
    expect(() => parseRunArgs(['--suite', 'circuit', '--agent', 'reference', '--out', 'o', '--control', 'neutral'])).toThrow(/--control/);
  });
});

describe('run --suite circuit', () => {
  it('runs the reference agent through `run` and writes results.json, results.md and transcripts', async () => {
    const out = join(dir, 'ref');
    const c = capture();
    const code = await runCommand(['--suite', 'circuit', '--agent', 'reference', '--bank', bank, '--out', out], c.io, { clock });
    expect(c.err.join('\n')).toContain('reference on 6 circuit tasks');
    expect(code).toBe(0);
    const results = CircuitResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.metrics.P1?.p1_composite?.value).toBe(1);
    expect(results.metrics.P3?.p3_success?.value).toBe(1);
    expect(results.manifest.bank_hash).toMatch(/^[0-9a-f]{64}$/);
    const files = await readdir(join(out, 'transcripts'));
    expect(files).toHaveLength(6);
    const one = CircuitTranscriptSchema.parse(JSON.parse(await readFile(join(out, 'transcripts', files[0] as string), 'utf8')));
    expect(one.suite).toBe('circuit');
    expect(await readFile(join(out, 'results.md'), 'utf8')).toContain('# Circuit audit run');
    expect(c.out.join('\n')).toMatch(/headline: P1 p1_composite 1 /);
  });

  it('filters by probe and names unknown agents and empty selections', async () => {
    const c = capture();
    expect(await runCommand(['--suite', 'circuit', '--agent', 'always-propose', '--probe', 'P1', '--bank', bank, '--out', join(dir, 'ap')], c.io, { clock })).toBe(0);
    const results = CircuitResultsFileSchema.parse(JSON.parse(await readFile(join(dir, 'ap', 'results.json'), 'utf8')));
    expect(results.rows).toHaveLength(3);
    expect(results.metrics.P1?.spurious_propose?.value).toBe(2 / 3);
    const bad = capture();
    expect(await runCommand(['--suite', 'circuit', '--agent', 'cmaes-6', '--bank', bank, '--out', join(dir, 'x')], bad.io)).toBe(2);
    expect(bad.err.join('\n')).toMatch(/unknown agent "cmaes-6" \(suite circuit\); built-in agents: reference, always-propose, last-state, random/);
    const none = capture();
    expect(await runCommand(['--suite', 'circuit', '--agent', 'reference', '--split', 'test_ood', '--bank', bank, '--out', join(dir, 'y')], none.io)).toBe(2);
  });

  it('`score DIR` re-derives a circuit run from its transcripts and finds it equal, then names a tampered metric', async () => {
    const out = join(dir, 'ref');
    const ok = capture();
    expect(await scoreCommand([out], ok.io)).toBe(0);
    expect(ok.out.join('\n')).toContain('rescored 6 circuit tasks');
    expect(ok.out.join('\n')).toContain('metrics equal the saved results: yes');
    const file = join(out, 'results.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { metrics: { P4: { kendall_tau: { value: number } } } };
    saved.metrics.P4.kendall_tau.value = 0.5;
    await writeFile(file, JSON.stringify(saved));
    const bad = capture();
    expect(await scoreCommand([out], bad.io)).toBe(1);
    expect(bad.out.join('\n')).toContain('P4.kendall_tau.value: results.json 0.5 vs recomputed 1');
  });
});
