/**
 * Model endpoints that fail (issue 21). A dead endpoint stops the run instead of failing every task: after
 * --max-consecutive-failures (default 3) tasks in a row that could not connect or were refused
 * the key, the run ends 'failed' with the Test-connection diagnosis; `--resume` with the fixed key
 * runs those tasks again. Each HTTP attempt has a time limit (--request-timeout-s, default 120 s);
 * a reply over --max-response-mib fails only its task; a stream cut mid-way is retried. The exit
 * code reflects error and timed-out rows, usage counts every HTTP attempt the server received, and
 * a key the server echoes back encoded reaches no file.
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, runCommand } from './run.ts';
import { DEFAULT_REQUEST_TIMEOUT_S } from './run-llm.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { ResultsFileSchema } from '../../src/core/veh/run/results-file.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { vehBrain } from '../../test/llm-standin/brains/veh.ts';
import { capture } from '../test-capture.ts';

const KEY = 'sk-standin-DEAD-5c1e';
const MODEL = 'veh-always-propose';

/** A loopback port nothing listens on: bound once by the OS, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Generation requests the stand-in received (model listing excluded). */
const generations = (): number => standin.requests.filter((q) => q.url.includes('/chat/completions')).length;
/** Backoff waits shortened to 5 ms, so retried attempts do not make the test slow (the count is what is checked). */
const fastTimers = { setTimeout: (f: () => void, ms: number) => setTimeout(f, Math.min(ms, 5)), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

const results = async (out: string) => ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));

let dir = '';
let bank = '';
let standin: Standin;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-dead-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  standin = await startStandin({ brain: vehBrain, key: KEY });
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

/** A model run on the P1 fixture tasks; flags in `extra` come last, so they win over the defaults here. */
const model = (baseUrl: string, out: string, extra: string[] = []): string[] => ['--provider', 'openai', '--base-url', baseUrl, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out, '--max-retries', '0', ...extra];

describe('run: a dead model endpoint stops the run', () => {
  it('a refused connection stops after 3 tasks with the diagnosis', async () => {
    const out = join(dir, 'refused');
    const base = `http://127.0.0.1:${await closedPort()}/v1`;
    const r = capture();
    expect(await runCommand(model(base, out), r.io, { oracle: fixtureOracle, env: {} })).toBe(1);
    const file = await results(out);
    expect(file.manifest.status).toBe('failed');
    expect(file.rows).toHaveLength(3);
    const err = r.err.join('\n');
    expect(err).toContain('run: stopped early: 3 tasks in a row could not use the model endpoint (network), so the run stops here.');
    expect(err).toContain(`Could not connect to the local server at ${new URL(base).origin} (not running?)`);
    expect(err).toContain('Make sure the server is running');
  });

  it('--max-consecutive-failures 2 stops after 2; a refused key is diagnosed; --resume with the right key runs them again', async () => {
    const out = join(dir, 'auth');
    const r = capture();
    expect(await runCommand(model(standin.baseUrls.openai, out, ['--max-consecutive-failures', '2']), r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: 'sk-wrong' } })).toBe(1);
    expect((await results(out)).rows).toHaveLength(2);
    expect(r.err.join('\n')).toMatch(/2 tasks in a row could not use the model endpoint \(auth\).*The endpoint refused the key \(HTTP 401\)/s);
    const again = capture();
    expect(await runCommand(['--resume', out], again.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } })).toBe(0);
    expect(again.err.join('\n')).toContain('2 task(s) that could not reach the model endpoint will run again');
    const file = await results(out);
    expect(file.manifest.status).toBe('completed');
    expect(file.rows.every((row) => row.status === 'completed')).toBe(true);
  });

  it('tasks that reach the model reset the streak (a rate limit does not count)', async () => {
    const out = join(dir, 'rate');
    for (let i = 0; i < 3; i++) standin.inject({ kind: 'status', status: 429, message: 'slow down' });
    const r = capture();
    expect(await runCommand([...model(standin.baseUrls.openai, out), '--allow-errors'], r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } })).toBe(0);
    const file = await results(out);
    expect(file.manifest.status).toBe('completed');
    expect(file.rows.filter((row) => row.status === 'error')).toHaveLength(3);
  });

  it('a server that accepts connections but never answers stops the run after 3 tasks of timed-out attempts', async () => {
    const out = join(dir, 'hanging');
    standin.inject(...Array.from({ length: 6 }, () => ({ kind: 'delay' as const, ms: 10_000 })));
    const r = capture();
    const t0 = Date.now();
    // 3 tasks × 2 attempts × 0.2 s, instead of every task sitting out every retry's timeout.
    expect(await runCommand(model(standin.baseUrls.openai, out, ['--request-timeout-s', '0.2', '--max-retries', '1']), r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY }, timers: fastTimers })).toBe(1);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(standin.pendingFaults()).toBe(0);
    const file = await results(out);
    expect(file.manifest.status).toBe('failed');
    expect(file.rows).toHaveLength(3);
    expect(r.err.join('\n')).toMatch(/stopped early: 3 tasks in a row could not use the model endpoint \(timeout\), so the run stops here\. The endpoint did not answer in time.*--request-timeout-s S limits each attempt \(now 0\.2 s\)/s);
  });

  it('each HTTP attempt times out after --request-timeout-s (default 120 s)', async () => {
    expect(parseRunArgs(model(standin.baseUrls.openai, join(dir, 'x'))).model?.requestTimeoutS).toBe(DEFAULT_REQUEST_TIMEOUT_S);
    expect(() => parseRunArgs(model(standin.baseUrls.openai, join(dir, 'x'), ['--request-timeout-s', '0']))).toThrow(/--request-timeout-s must be/);
    const out = join(dir, 'slow');
    standin.inject({ kind: 'delay', ms: 5000 });
    const r = capture();
    const t0 = Date.now();
    await runCommand([...model(standin.baseUrls.openai, out, ['--request-timeout-s', '0.3']), '--allow-errors'], r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } });
    expect(Date.now() - t0).toBeLessThan(4000);
    const text = await readFile(join(out, 'transcripts', `${(await results(out)).rows[0]?.task_id ?? ''}.json`), 'utf8');
    expect(text).toContain('"error_kind": "timeout"');
  });
});

describe('run: a runaway or cut-off reply', () => {
  it.each([
    ['an endless stream', []],
    ['a body that never ends (--no-stream)', ['--no-stream']],
  ])('%s fails only its task, at --max-response-mib, with a clear error', async (what, flags) => {
    const out = join(dir, `flood${flags.length}`);
    standin.inject({ kind: 'flood' });
    const r = capture();
    expect(await runCommand([...model(standin.baseUrls.openai, out, ['--max-response-mib', '0.25', ...flags]), '--allow-errors'], r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } })).toBe(0);
    const file = await results(out);
    expect(file.manifest.status).toBe('completed');
    expect(file.rows.filter((row) => row.status === 'error')).toHaveLength(1);
    expect(r.err.join('\n')).toMatch(/1 of \d+ tasks failed \(1 error\): .*the reply is larger than the response limit of 0\.25 MiB/);
  });

  it.each(['truncate', 'reset'] as const)('a stream cut mid-way (%s) is retried like a network error', async (kind) => {
    const out = join(dir, `cut-${kind}`);
    standin.inject({ kind });
    expect(await runCommand(model(standin.baseUrls.openai, out, ['--max-retries', '1']), capture().io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } })).toBe(0);
    const file = await results(out);
    expect(file.rows.every((row) => row.status === 'completed')).toBe(true);
    const first = await readFile(join(out, 'transcripts', `${file.rows[0]?.task_id ?? ''}.json`), 'utf8');
    expect(first).toMatch(/"type": "llm_retry"[^}]*"error_kind": "network"/s);
  });
});

describe('run: the exit code and usage reflect what happened', () => {
  it('every task stopped by --timeout-s exits 1 and says so; usage counts the attempts the server got', async () => {
    const out = join(dir, 'all-timeout');
    standin.inject(...Array.from({ length: 4 }, () => ({ kind: 'delay' as const, ms: 5000 })));
    const before = generations();
    const r = capture();
    expect(await runCommand(model(standin.baseUrls.openai, out, ['--shard', '1/2', '--timeout-s', '0.25']), r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } })).toBe(1);
    expect(standin.pendingFaults()).toBe(0);
    const sent = generations() - before;
    expect(sent).toBe(4);
    const out_ = r.out.join('\n');
    expect(out_).toMatch(/completed: 4\/4 tasks in \d+\.\d\d s \(wall, run only\), every task failed \(4 timed out\)/);
    // The server answered 4 requests; no reply came back, but each attempt is counted.
    expect(out_).toContain(`usage: 0 replies (${sent} HTTP calls)`);
    expect((await results(out)).manifest.usage?.http_calls).toBe(sent);
    expect(r.err.join('\n')).toMatch(/run: every task failed \(4 timed out\): episode timeout/);
  });

  it('retried and failed attempts are counted too; --allow-errors exits 0 with an error row', async () => {
    const out = join(dir, 'retried');
    // Task 1: two 500s, then its reply; task 2: three 500s, retries exhausted (an error row).
    standin.inject(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500 })));
    const before = generations();
    const r = capture();
    const args = model(standin.baseUrls.openai, out, ['--max-retries', '2']);
    expect(await runCommand(args, r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY }, timers: fastTimers })).toBe(1);
    const sent = generations() - before;
    expect(sent).toBe(8 + 2 + 2); // 8 tasks, 2 retries in each of the first two
    expect(r.out.join('\n')).toContain(`usage: 7 replies (${sent} HTTP calls)`);
    expect(r.err.join('\n')).toMatch(/run: 1 of 8 tasks failed \(1 error\): model request failed \(server, HTTP 500; 3 attempts, retries exhausted\)/);
    standin.inject(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const allowed = capture();
    expect(await runCommand([...model(standin.baseUrls.openai, join(dir, 'retried-allowed'), ['--max-retries', '2']), '--allow-errors'], allowed.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY }, timers: fastTimers })).toBe(0);
    expect(allowed.err.join('\n')).toContain('(--allow-errors: exit 0)');
  });
});

describe('run: a server that echoes the key back', () => {
  it('stores no form of it (as given, uppercased, reversed, URL-, hex-, base64- and base64url-encoded) in any file', async () => {
    const out = join(dir, 'echo');
    const forms = [
      KEY,
      KEY.toUpperCase(),
      [...KEY].reverse().join(''),
      Buffer.from(KEY).toString('hex'),
      Buffer.from(KEY).toString('hex').replace(/../g, '%$&'),
      Buffer.from(KEY).toString('base64'),
      Buffer.from(`user:${KEY}`).toString('base64url'),
    ];
    standin.inject({ kind: 'status', status: 400, message: `bad request from key ${forms.join(' / ')}` });
    const r = capture();
    await runCommand([...model(standin.baseUrls.openai, out), '--allow-errors'], r.io, { oracle: fixtureOracle, env: { OPENAI_API_KEY: KEY } });
    const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const text = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
    expect(text).toContain('bad request from key [redacted]');
    // A base64 form inside longer base64 keeps at most an edge character or two, so check its key-only core.
    for (const form of forms) expect(text.toLowerCase()).not.toContain(form.slice(4, -4).toLowerCase());
    expect([...r.out, ...r.err].join('\n')).not.toContain(forms[0]);
  });
});
