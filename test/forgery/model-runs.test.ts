/**
 * Model runs as `run --provider …` writes them (the local stand-in server, each wire format, an
 * HTTP retry, a request that fails for good, a turn budget, the fixture bank) verify as re-graded:
 * the protocol re-run on their recorded replies reproduces every event, so an honest model run is
 * never a false mismatch; a reply's text edited after the fact is.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands/run.ts';
import { writeFixtureBank } from '../../cli/commands/run-fixture-bank.ts';
import { verifyCommand } from '../../cli/commands/verify.ts';
import { capture } from '../../cli/test-capture.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { startStandin, type Standin } from '../llm-standin/server.ts';
import { vehBrain } from '../llm-standin/brains/veh.ts';

const KEY = 'sk-standin-verify-1234';
let dir = '';
let bank = '';
let standin: Standin;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-forgery-model-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  standin = await startStandin({ brain: vehBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

async function modelRun(name: string, provider: 'openai' | 'anthropic' | 'gemini', extra: string[]): Promise<string> {
  const out = join(dir, name);
  const args = ['--provider', provider, '--base-url', standin.baseUrls[provider], '--model', 'veh-always-propose', '--bank', bank, '--out', out, '--allow-errors', ...extra];
  const env = { OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY, GEMINI_API_KEY: KEY };
  expect(await runCommand(args, capture().io, { oracle: fixtureOracle, env })).toBe(0);
  return out;
}

async function verified(out: string): Promise<string> {
  const c = capture();
  const code = await verifyCommand([out, '--bank', bank], c.io, { environment: () => fixtureOracle });
  expect(c.text()).toContain('replies: re-graded and re-executed; model replies taken as recorded');
  expect(code, c.text()).toBe(0);
  return c.text();
}

describe('model runs verify as re-graded', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('%s, streamed, with an episode budget', async (provider) => {
    await verified(await modelRun(`m-${provider}`, provider, ['--probe', 'P1', '--max-turns', '6', '--timeout-s', '60', '--max-retries', '1']));
  });

  it('an HTTP retry, a request that failed for good, a turn budget that stopped episodes', async () => {
    standin.inject({ kind: 'status', status: 429, retryAfter: '0', message: 'slow down' });
    const retried = await modelRun('m-429', 'openai', ['--probe', 'P3', '--no-stream', '--max-turns', '1']);
    const ts = await Promise.all((await readdir(join(retried, 'transcripts'))).map(async (n) => JSON.parse(await readFile(join(retried, 'transcripts', n), 'utf8')) as { status: string; events: { type: string }[] }));
    expect(ts.flatMap((t) => t.events.map((e) => e.type))).toContain('llm_retry');
    expect(ts.map((t) => t.status)).toContain('budget_exceeded');
    await verified(retried);
    standin.inject({ kind: 'status', status: 400, message: 'bad request' });
    const failed = await modelRun('m-400', 'openai', ['--probe', 'P4', '--no-stream', '--max-consecutive-failures', '100']);
    expect(standin.pendingFaults()).toBe(0);
    const statuses = await Promise.all((await readdir(join(failed, 'transcripts'))).map(async (n) => (JSON.parse(await readFile(join(failed, 'transcripts', n), 'utf8')) as { status: string }).status));
    expect(statuses).toContain('error');
    await verified(failed);
  });

  it("a model's reply text edited after the run: the re-parse disagrees with the logged action", async () => {
    const out = await modelRun('m-edit', 'openai', ['--probe', 'P1', '--no-stream']);
    const names = (await readdir(join(out, 'transcripts'))).sort();
    const file = join(out, 'transcripts', names[0]!);
    const t = JSON.parse(await readFile(file, 'utf8')) as { task: { task_id: string }; events: { type: string; text?: string }[] };
    const reply = t.events.find((e) => e.type === 'reply')!;
    reply.text = '{"action_type":"declare_infeasible","missing_fields":[],"reason":"edited"}';
    await writeFile(file, JSON.stringify(t));
    const c = capture();
    expect(await verifyCommand([out, '--bank', bank], c.io, { environment: () => fixtureOracle })).toBe(1);
    expect(c.text()).toMatch(new RegExp(`mismatch ${t.task.task_id}:\\n(    .*\\n)*?    \\[rederive\\] events\\[\\d+\\]\\.action: claimed "propose_design" vs recomputed "declare_infeasible"`));
  });
});
