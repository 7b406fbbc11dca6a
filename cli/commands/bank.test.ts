import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankManifest } from '../../src/core/veh/task-schema.ts';
import { bankCommand, parseBankArgs, type BankDeps } from './bank.ts';
import { capture } from '../test-capture.ts';

const sha256Of = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A stand-in generator: two small files and a manifest, varying with the seed like the real one. */
const fakeDeps: BankDeps = {
  now: (() => {
    let t = 0;
    return () => (t += 1500);
  })(),
  generate: (_json, _bytes, seed) => {
    const p1 = `{"seed":${seed},"n":1}\n`;
    const p2 = `{"seed":${seed},"n":2}\n`;
    const entry = (probe: 'P1' | 'P2', file: string, text: string) => ({
      probe,
      file,
      count: 1,
      bytes: Buffer.byteLength(text),
      sha256: sha256Of(text),
      by_split: { dev: 1 },
    });
    const manifest: BankManifest = {
      suite: 'veh',
      generator_version: 'fake',
      seed,
      oracle: 'reference',
      built_from: { anchors_file: 'a', anchors_sha256: 'b' },
      banks: [entry('P1', 'P1.jsonl', p1), entry('P2', 'P2.jsonl', p2)],
      note: '',
    };
    return { files: { 'P1.jsonl': p1, 'P2.jsonl': p2, 'manifest.json': `${JSON.stringify(manifest, null, 2)}\n` }, manifest };
  },
};

let dir = '';
let anchors = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-bank-'));
  anchors = join(dir, 'anchors.json');
  await writeFile(anchors, '[]');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseBankArgs', () => {
  it('requires exactly one of --write / --check and validates --seed', () => {
    expect(parseBankArgs([])).toMatch(/choose --write or --check/);
    expect(parseBankArgs(['--write', '--check'])).toMatch(/exclusive/);
    expect(parseBankArgs(['--check', '--seed', 'x'])).toMatch(/--seed/);
    expect(parseBankArgs(['--check', '--bogus'])).toMatch(/unknown argument/);
    expect(parseBankArgs(['--check', '--seed', '7', '--dir', '/tmp/x'])).toMatchObject({ mode: 'check', seed: 7, dir: '/tmp/x' });
    expect(parseBankArgs(['--check'])).toMatchObject({ suites: ['veh', 'circuit'] });
    expect(parseBankArgs(['--check', '--suite', 'circuit'])).toMatchObject({ suites: ['circuit'], dir: expect.stringMatching(/public\/banks\/circuit$/) });
    expect(parseBankArgs(['--check', '--suite', 'nope'])).toMatch(/unknown suite "nope"/);
    expect(parseBankArgs(['--check', '--seed', '4294967296'])).toMatch(/--seed must be an integer in \[0, 2\^32\)/);
    expect(parseBankArgs(['--check', '--dir'])).toBe('--dir needs a value');
  });

  it('accepts --flag=value', () => {
    expect(parseBankArgs(['--check', '--seed=7', '--dir=/tmp/x', '--anchors=/tmp/a.json'])).toEqual({
      mode: 'check',
      seed: 7,
      suites: ['veh'],
      dir: '/tmp/x',
      anchors: '/tmp/a.json',
    });
    expect(parseBankArgs(['--write=yes'])).toBe('--write does not take a value');
  });

  it('rejects an unknown flag, naming it', () => {
    expect(parseBankArgs(['--check', '--bogus'])).toBe('unknown argument "--bogus"');
    expect(parseBankArgs(['--check', '--seeds=3'])).toBe('unknown argument "--seeds=3"');
  });
});

describe('bankCommand', () => {
  it('writes the banks, then --check passes with one ok line per file and the generation time', async () => {
    const bankDir = join(dir, 'ok');
    const w = capture();
    expect(await bankCommand(['--write', '--dir', bankDir, '--anchors', anchors], w.io, fakeDeps)).toBe(0);
    expect(await readFile(join(bankDir, 'P1.jsonl'), 'utf8')).toBe('{"seed":42,"n":1}\n');
    const c = capture();
    expect(await bankCommand(['--check', '--dir', bankDir, '--anchors', anchors], c.io, fakeDeps)).toBe(0);
    expect(c.out[0]).toMatch(/^generated P1, P2 in 1\.5 s \(seed 42, fake\)$/);
    expect(c.out.filter((l) => l.startsWith('ok'))).toHaveLength(3);
    expect(c.err).toEqual([]);
  });

  it('--check exits 1 and names every file that differs or is missing', async () => {
    const bankDir = join(dir, 'bad');
    await bankCommand(['--write', '--dir', bankDir, '--anchors', anchors], capture().io, fakeDeps);
    await writeFile(join(bankDir, 'P2.jsonl'), '{"tampered":true}\n');
    await rm(join(bankDir, 'P1.jsonl'));
    const c = capture();
    expect(await bankCommand(['--check', '--dir', bankDir, '--anchors', anchors], c.io, fakeDeps)).toBe(1);
    expect(c.out.some((l) => /^MISMATCH\s+P1\.jsonl: missing on disk/.test(l))).toBe(true);
    expect(c.out.some((l) => /^MISMATCH\s+P2\.jsonl: disk sha256/.test(l))).toBe(true);
    expect(c.err.join('\n')).toMatch(/mismatch in P1\.jsonl, P2\.jsonl/);
  });

  it('--check with another seed reports every file as a mismatch', async () => {
    const bankDir = join(dir, 'seed');
    await bankCommand(['--write', '--dir', bankDir, '--anchors', anchors], capture().io, fakeDeps);
    const c = capture();
    expect(await bankCommand(['--check', '--seed', '7', '--dir', bankDir, '--anchors', anchors], c.io, fakeDeps)).toBe(1);
    expect(c.err.join('\n')).toMatch(/P1\.jsonl, P2\.jsonl, manifest\.json/);
  });

  it('exits 2 with usage on bad arguments', async () => {
    const c = capture();
    expect(await bankCommand(['--frobnicate'], c.io, fakeDeps)).toBe(2);
    expect(c.err.join('\n')).toMatch(/^bank: unknown argument "--frobnicate"\nusage: proving-ground bank/);
    expect(c.out).toEqual([]);
  });

  it('--suite circuit writes and checks the circuit banks with the circuit generator', async () => {
    const bankDir = join(dir, 'circuit');
    const text = '{"circuit":1}\n';
    const deps: BankDeps = {
      ...fakeDeps,
      generateCircuit: (seed) => {
        const entry = { probe: 'P1' as const, file: 'P1.jsonl', count: 1, bytes: Buffer.byteLength(text), sha256: sha256Of(text), by_split: { dev: 1 } };
        const manifest = { suite: 'circuit' as const, generator_version: 'fake-circuit', seed, oracle: 'reference', banks: [entry], note: '' };
        return { files: { 'P1.jsonl': text, 'manifest.json': `${JSON.stringify(manifest)}\n` }, manifest };
      },
    };
    expect(await bankCommand(['--write', '--suite', 'circuit', '--dir', bankDir], capture().io, deps)).toBe(0);
    const c = capture();
    expect(await bankCommand(['--check', '--suite=circuit', `--dir=${bankDir}`], c.io, deps)).toBe(0);
    expect(c.out[0]).toMatch(/^generated circuit P1 in 1\.5 s \(seed 42, fake-circuit\)$/);
    expect(c.out.filter((l) => l.startsWith('ok'))).toHaveLength(2);
    await writeFile(join(bankDir, 'P1.jsonl'), 'tampered\n');
    const bad = capture();
    expect(await bankCommand(['--check', '--suite', 'circuit', '--dir', bankDir], bad.io, deps)).toBe(1);
    expect(bad.err.join('\n')).toMatch(/mismatch in P1\.jsonl/);
  });

  it('takes --flag=value like --flag value', async () => {
    const bankDir = join(dir, 'eq');
    expect(await bankCommand([`--dir=${bankDir}`, '--write', `--anchors=${anchors}`], capture().io, fakeDeps)).toBe(0);
    const c = capture();
    expect(await bankCommand(['--check', '--seed=42', `--dir=${bankDir}`, `--anchors=${anchors}`], c.io, fakeDeps)).toBe(0);
    expect(c.out.filter((l) => l.startsWith('ok'))).toHaveLength(3);
  });
});
