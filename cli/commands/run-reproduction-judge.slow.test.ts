/**
 * `run --suite reproduction --judge-provider openai --judge-model …` against the local stand-in: the
 * ring task's interpretive leaf (does the report explain why the FSR follows n_g) is judged by the
 * user's endpoint, so the row's coverage is 1 (0.92 without a judge); the judge's key is sent to the
 * server and appears in no written file; verify re-derives the judge request from the task and the
 * recorded evidence and re-parses the recorded reply (the endpoint is not called again). Bad judge
 * flags are usage errors before anything runs.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReproductionResultsFileSchema } from '../../src/core/reproduction/manifest.ts';
import type { Brain } from '../../test/llm-standin/brain.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { capture } from '../test-capture.ts';
import { runCommand } from './run.ts';
import { verifyCommand } from './verify.ts';

const KEY = 'sk-standin-JUDGE-90d1';
/** A judge that reads the leaf from the system message and credits it, citing the fsr artifact. */
const judgeBrain: Brain = ({ messages }) => {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  if (!system.includes('interpretive leaf')) return { text: 'not a judge request' };
  return { text: JSON.stringify({ score: 0.75, reason: 'the report ties the measured FSR to n_g and the fsr table shows it', cites: ['report', 'artifact:fsr'] }) };
};

let dir = '';
let standin: Standin;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-repro-judge-'));
  standin = await startStandin({ brain: judgeBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

const judgeFlags = () => ['--judge-provider', 'openai', '--judge-base-url', standin.baseUrls.openai, '--judge-model', 'judge-standin'];

describe('run --suite reproduction with a judge endpoint', () => {
  it('judges the interpretive leaf (coverage 1), keeps the key out of every file, and verifies', async () => {
    const out = join(dir, 'judged');
    const r = capture();
    expect(await runCommand(['--suite', 'reproduction', '--agent', 'reference', '--only', 'repro-ring', ...judgeFlags(), '--out', out], r.io, { env: { OPENAI_API_KEY: KEY } }), r.err.join('\n')).toBe(0);
    const row = ReproductionResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8'))).rows[0]!;
    expect(row.coverage).toBeCloseTo(1, 12);
    expect(row.score).toBeCloseTo(1 - 0.08 * 0.25, 9);
    expect(row.full).toBe(true);
    const judged = standin.requests.filter((q) => q.method === 'POST');
    expect(judged).toHaveLength(1);
    expect(judged[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    for (const f of await readdir(out, { recursive: true })) {
      if (/\.(json|md|jsonl)$/.test(f)) expect(await readFile(join(out, f), 'utf8'), f).not.toContain(KEY);
    }
    const v = capture();
    expect(await verifyCommand([out], v.io), v.out.join('\n')).toBe(0);
    expect(standin.requests.filter((q) => q.method === 'POST')).toHaveLength(1);
  }, 180_000);

  it('refuses an unknown judge provider or a judge without a model (exit 2)', async () => {
    const a = capture();
    expect(await runCommand(['--suite', 'reproduction', '--agent', 'reference', '--judge-provider', 'acme', '--judge-model', 'x', '--out', join(dir, 'x')], a.io)).toBe(2);
    expect(a.err.join('\n')).toMatch(/--judge-provider must be one of openai, anthropic, gemini/);
    const b = capture();
    expect(await runCommand(['--suite', 'reproduction', '--agent', 'reference', '--judge-provider', 'openai', '--out', join(dir, 'y')], b.io)).toBe(2);
    expect(b.err.join('\n')).toMatch(/--judge-model is required/);
  });
});
