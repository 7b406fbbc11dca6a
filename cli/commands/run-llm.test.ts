/**
 * `run --provider …` end to end against the local stand-in server (test/llm-standin, 127.0.0.1, no
 * internet), for each provider's wire format: the VEH brain answers as the always-propose agent,
 * so the rows must equal that built-in agent's own run.
 */
import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunArgs, runCommand } from './run.ts';
import { scoreCommand } from './score.ts';
import { API_KEY_ENV, isLocalUrl } from './run-llm.ts';
import { writeFixtureBank } from './run-fixture-bank.ts';
import { DEFAULT_PRICES, withPrices } from '../../src/core/llm/prices.ts';
import type { ProviderId } from '../../src/core/llm/types.ts';
import { ResultsFileSchema } from '../../src/core/veh/run/results-file.ts';
import { TranscriptSchema } from '../../src/core/veh/run/transcript.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { startStandin, type Standin } from '../../test/llm-standin/server.ts';
import { vehBrain } from '../../test/llm-standin/brains/veh.ts';
import { capture } from '../test-capture.ts';

const KEY = 'sk-standin-SECRET-7f3a91';
const MODEL = 'veh-always-propose';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A test price for the stand-in's model: $1 per 1M input tokens, $2 per 1M output tokens. */
const pricesFor = (provider: ProviderId) =>
  withPrices(DEFAULT_PRICES, [{ provider, model: MODEL, input: 1, output: 2, source: 'https://example.test/pricing', as_of: '2026-11-29' }]);

let dir = '';
let bank = '';
let standin: Standin;
/** results.json of the built-in always-propose agent on the same P1 tasks. */
let builtin: ReturnType<typeof ResultsFileSchema.parse>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pg-run-llm-'));
  bank = join(dir, 'bank');
  await mkdir(bank);
  await writeFixtureBank(bank);
  standin = await startStandin({ brain: vehBrain, key: KEY });
  const base = join(dir, 'builtin');
  expect(await runCommand(['--agent', 'always-propose', '--probe', 'P1', '--bank', bank, '--out', base], capture().io, { oracle: fixtureOracle })).toBe(0);
  builtin = ResultsFileSchema.parse(JSON.parse(await readFile(join(base, 'results.json'), 'utf8')));
});
afterAll(async () => {
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

describe('run --provider against the stand-in', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('%s: scores like the built-in agent, records the model and cost, never the key', async (provider) => {
    const out = join(dir, `llm-${provider}`);
    const r = capture();
    const args = ['--suite', 'veh', '--provider', provider, '--base-url', standin.baseUrls[provider], '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out];
    const code = await runCommand([...args, '--max-turns', '6', '--timeout-s', '60', '--max-retries', '1'], r.io, {
      oracle: fixtureOracle,
      env: { [API_KEY_ENV[provider]]: KEY },
      prices: pricesFor(provider),
    });
    expect(r.err.join('\n')).not.toContain(KEY);
    expect(code).toBe(0);

    const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    const n = results.rows.length;
    expect(n).toBeGreaterThanOrEqual(4);
    expect(results.rows.every((row) => row.probe === 'P1' && row.status === 'completed' && row.predicted_action === 'propose_design')).toBe(true);

    // The same tasks run by the built-in always-propose agent give the same rows and metrics.
    expect(results.rows).toEqual(builtin.rows);
    expect(results.metrics).toEqual(builtin.metrics);

    const m = results.manifest;
    expect(m.agent.id).toBe(`llm:${provider}:${MODEL}`);
    expect(m.model).toMatchObject({
      provider,
      endpoint: standin.baseUrls[provider],
      model: MODEL,
      model_versions: [`${MODEL}-standin-001`],
      temperature: 0,
      stream: true,
      budget: { max_turns: 6, timeout_s: 60 },
      retry_policy: { max_retries: 1 },
    });
    // Cost from the token totals at the test price ($1 / $2 per 1M); usage comes from the provider's reply.
    const u = m.usage;
    expect(u?.replies).toBe(n);
    expect(u?.input_tokens).toBeGreaterThan(100 * n);
    expect(u?.output_tokens).toBeGreaterThan(0);
    expect(u?.cost_usd).toBeCloseTo(((u?.input_tokens ?? 0) * 1 + (u?.output_tokens ?? 0) * 2) / 1e6, 12);
    expect(results.task_usage?.reduce((s, t) => s + (t.cost_usd ?? NaN), 0)).toBeCloseTo(u?.cost_usd ?? NaN, 12);

    // Printed: the projection before, the running cost per task, the total after.
    const err = r.err.join('\n');
    expect(err).toMatch(/run: projected: \d+ tasks, \d+ requests, ~[\d,]+ input \+ [\d,]+ output tokens, cost \$\d+\.\d{4}/);
    // Costs in significant digits (formatUsd): a cheap task shows $0.00033, not $0.0003.
    expect(err).toMatch(/\[1\/\d+\] \S+ completed, \d+ in \/ \d+ out tokens, \$\d\.\d+; run so far \$\d\.\d+/);
    expect(r.out.join('\n')).toMatch(new RegExp(`usage: ${n} replies \\(${n} HTTP calls\\), \\d+ input \\+ \\d+ output tokens, cost \\$\\d\\.\\d{4}`));

    // Every transcript parses; the key was sent to the server but appears in no written file.
    const files = await filesUnder(out);
    expect(files.filter((f) => f.includes('transcripts'))).toHaveLength(n);
    for (const f of files) {
      const text = await readFile(f, 'utf8');
      expect(text, f).not.toContain(KEY);
      if (f.includes('transcripts')) TranscriptSchema.parse(JSON.parse(text));
    }
    // score recomputes the same metrics from the transcripts alone.
    const sc = capture();
    expect(await scoreCommand([out], sc.io)).toBe(0);
    expect(sc.out.join('\n')).toMatch(/metrics equal the saved results: yes/);

    const sent = standin.requests.filter((q) => q.provider === provider);
    expect(sent.length).toBeGreaterThanOrEqual(n);
    expect(sent.some((q) => Object.values(q.headers).some((v) => v.includes(KEY)) || q.url.includes(KEY))).toBe(true);
  });

  it('retries a 429 (retry-after 0) and the retry is in the transcript', async () => {
    const out = join(dir, 'llm-429');
    standin.inject({ kind: 'status', status: 429, retryAfter: '0', message: 'slow down' });
    const code = await runCommand(['--provider', 'openai', '--base-url', standin.baseUrls.openai, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out, '--no-stream'], capture().io, {
      oracle: fixtureOracle,
      env: { OPENAI_API_KEY: KEY },
    });
    expect(code).toBe(0);
    const names = await readdir(join(out, 'transcripts'));
    const all = await Promise.all(names.map(async (nm) => TranscriptSchema.parse(JSON.parse(await readFile(join(out, 'transcripts', nm), 'utf8')))));
    const retried = all.find((t) => t.events.some((e) => e.type === 'llm_retry'));
    expect(retried?.events.find((e) => e.type === 'llm_retry')).toMatchObject({ retry: 1, error_kind: 'rate_limit', status: 429, wait_ms: 0 });
    expect(retried?.status).toBe('completed');
    const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    // No price for the stand-in's model: cost is unknown, not 0, and the manifest says so.
    expect(results.manifest.usage?.cost_usd).toBeNull();
    expect(results.manifest.model?.stream).toBe(false);
  });

  it('--timeout-s aborts a slow reply: that task ends budget_exceeded, the others complete', async () => {
    const out = join(dir, 'llm-timeout');
    standin.inject({ kind: 'delay', ms: 5000 });
    const t0 = performance.now();
    const r = capture();
    const code = await runCommand(['--provider', 'gemini', '--base-url', standin.baseUrls.gemini, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out, '--timeout-s', '0.3'], r.io, {
      oracle: fixtureOracle,
      env: { GEMINI_API_KEY: KEY },
    });
    // A timed-out task measured the endpoint, not the model: the exit code says so (run-outcome.ts).
    expect(code).toBe(1);
    expect(r.err.join('\n')).toMatch(/run: 1 of 8 tasks failed \(1 timed out\): episode timeout/);
    expect(performance.now() - t0).toBeLessThan(4000);
    const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.rows.map((r) => r.status)).toEqual(['budget_exceeded', ...Array<string>(results.rows.length - 1).fill('completed')]);
    expect(results.rows[0]).toMatchObject({ budget_stop: 'timeout_s', predicted_action: null });
  });

  it('cancel mid-request stops the run at once and keeps the finished tasks', async () => {
    const out = join(dir, 'llm-cancel');
    const controller = new AbortController();
    standin.inject({ kind: 'delay', ms: 0 }, { kind: 'delay', ms: 10_000 });
    const before = standin.requests.length;
    // Cancel once the second request is in flight.
    const poll = setInterval(() => {
      if (standin.requests.length >= before + 2) controller.abort();
    }, 10);
    const t0 = performance.now();
    const r = capture();
    const code = await runCommand(['--provider', 'openai', '--base-url', standin.baseUrls.openai, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out], r.io, {
      oracle: fixtureOracle,
      env: { OPENAI_API_KEY: KEY },
      signal: controller.signal,
    });
    clearInterval(poll);
    // 128 + SIGINT: what a shell reports for a run stopped by Ctrl-C; the finished task is written.
    expect(code).toBe(130);
    expect(performance.now() - t0).toBeLessThan(5000);
    const results = ResultsFileSchema.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    expect(results.manifest.status).toBe('cancelled');
    expect(results.rows).toHaveLength(1);
  });

  it('a wrong key fails every task clearly (auth, 401) and exits 1 without printing the key', async () => {
    const out = join(dir, 'llm-401');
    const r = capture();
    const wrong = 'sk-wrong-key-0000';
    const code = await runCommand(['--provider', 'anthropic', '--base-url', standin.baseUrls.anthropic, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', out], r.io, {
      oracle: fixtureOracle,
      env: { ANTHROPIC_API_KEY: wrong },
    });
    expect(code).toBe(1);
    // A refused key stops the run after 3 tasks (run-dead-endpoint.test.ts), saying what the endpoint answered.
    expect(r.err.join('\n')).toMatch(/stopped early: 3 tasks in a row could not use the model endpoint \(auth\).*The endpoint refused the key \(HTTP 401\)/s);
    expect(r.err.join('\n')).toMatch(/Reported: “anthropic: HTTP 401/);
    // Without that stop, the exit code reflects the rows; --allow-errors is for those who want 0 all the same.
    const allowed = capture();
    const args = ['--provider', 'anthropic', '--base-url', standin.baseUrls.anthropic, '--model', MODEL, '--probe', 'P1', '--bank', bank, '--out', `${out}-allowed`, '--allow-errors', '--max-consecutive-failures', '1000'];
    expect(await runCommand(args, allowed.io, { oracle: fixtureOracle, env: { ANTHROPIC_API_KEY: wrong } })).toBe(0);
    expect(allowed.err.join('\n')).toMatch(/every task failed \(8 errors\): .*\(--allow-errors: exit 0\)/);
    const names = await readdir(join(out, 'transcripts'));
    const t = TranscriptSchema.parse(JSON.parse(await readFile(join(out, 'transcripts', names[0] as string), 'utf8')));
    expect(t.status).toBe('error');
    for (const f of await filesUnder(out)) expect(await readFile(f, 'utf8')).not.toContain(wrong);
    expect([...r.out, ...r.err].join('\n')).not.toContain(wrong);
  });

  it('refuses to start without a key for a remote endpoint, naming the variable', async () => {
    const r = capture();
    const code = await runCommand(['--provider', 'gemini', '--model', 'gemini-2.5-flash', '--probe', 'P1', '--bank', bank, '--out', join(dir, 'x')], r.io, { oracle: fixtureOracle, env: {} });
    expect(code).toBe(2);
    expect(r.err.join('\n')).toMatch(/run: GEMINI_API_KEY is not set: gemini at https:\/\/generativelanguage\.googleapis\.com needs an API key/);
  });

  it('refuses a key in the base URL (it would be logged)', async () => {
    const r = capture();
    const code = await runCommand(['--provider', 'openai', '--base-url', 'http://127.0.0.1:9/v1?key=abc', '--model', 'm', '--bank', bank, '--out', join(dir, 'y')], r.io, { oracle: fixtureOracle, env: {} });
    expect(code).toBe(2);
    expect(r.err.join('\n')).toMatch(/must not carry a query string or credentials/);
  });
});

describe('parseRunArgs model flags', () => {
  it('reads every model flag', () => {
    const a = parseRunArgs([
      '--provider', 'anthropic', '--model', 'claude-sonnet-4-5', '--temperature', '0.5', '--max-output-tokens', '2048', '--reasoning-effort', 'high',
      '--max-turns', '12', '--max-cost-usd', '0.25', '--timeout-s', '90', '--no-stream', '--max-retries', '2', '--out', 'o',
      '--request-timeout-s', '45', '--max-consecutive-failures', '5', '--max-response-mib', '0.5',
    ]);
    expect(a.agent).toBeNull();
    expect(a.model).toEqual({
      settings: { provider: 'anthropic', base_url: 'https://api.anthropic.com', model: 'claude-sonnet-4-5', temperature: 0.5, max_output_tokens: 2048, reasoning_effort: 'high', stream: false },
      retry: { max_retries: 2, base_delay_ms: 1000, max_delay_ms: 60_000, respect_retry_after: true },
      budget: { max_turns: 12, max_cost_usd: 0.25, timeout_s: 90 },
      requestTimeoutS: 45,
      maxConsecutiveFailures: 5,
      maxResponseBytes: 512 * 1024,
    });
  });

  it.each([
    [['--agent', 'random', '--provider', 'openai', '--model', 'm', '--out', 'o'], /give one or the other/],
    [['--model', 'm', '--out', 'o'], /--provider is required/],
    [['--provider', 'azure', '--model', 'm', '--out', 'o'], /unknown provider "azure": --provider must be one of openai, anthropic, gemini/],
    [['--provider', 'openai', '--out', 'o'], /--model ID is required/],
    [['--provider', 'openai', '--model', 'm', '--temperature', '3', '--out', 'o'], /--temperature must be a number ≥ 0 and ≤ 2, got "3"/],
    [['--provider', 'openai', '--model', 'm', '--max-cost-usd', '0', '--out', 'o'], /--max-cost-usd must be a number > 0, got "0"/],
    [['--provider', 'openai', '--model', 'm', '--max-turns', '2.5', '--out', 'o'], /--max-turns must be an integer ≥ 1, got "2.5"/],
    [['--provider', 'openai', '--model', 'm', '--timeout-s', 'soon', '--out', 'o'], /--timeout-s must be a number > 0, got "soon"/],
    [['--provider', 'openai', '--model', 'm', '--temperature', '-1', '--out', 'o'], /--temperature must be a number ≥ 0 and ≤ 2, got "-1"/],
    [['--provider', 'openai', '--model', 'm', '--max-output-tokens', '0', '--out', 'o'], /--max-output-tokens must be an integer ≥ 1, got "0"/],
    [['--provider', 'openai', '--model', 'm', '--max-retries', '21', '--out', 'o'], /--max-retries must be an integer ≥ 0 and ≤ 20, got "21"/],
    [['--provider', 'openai', '--model', 'm', '--max-turns', '0', '--max-cost-usd', '-2', '--out', 'o'], /--max-turns must be an integer ≥ 1, got "0"; --max-cost-usd must be a number > 0, got "-2"/],
    [['--provider', 'openai', '--model', 'm', '--reasoning-effort', 'max', '--out', 'o'], /--reasoning-effort must be one of none, low, medium, high/],
    [['--provider', 'openai', '--model', 'm', '--base-url', 'api.openai.com', '--out', 'o'], /--base-url: base_url must be an absolute http/],
  ])('rejects %j', (args, message) => {
    expect(() => parseRunArgs(args)).toThrow(message);
  });

  it('treats only loopback hosts as local', () => {
    expect(['http://127.0.0.1:11434/v1', 'http://localhost:1234', 'http://[::1]:8080', 'http://app.localhost'].every(isLocalUrl)).toBe(true);
    expect(['https://api.openai.com/v1', 'http://192.168.1.5:11434', 'http://127.0.0.1.example.com'].some(isLocalUrl)).toBe(false);
  });
});
