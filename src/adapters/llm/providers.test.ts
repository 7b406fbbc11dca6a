/**
 * Every adapter against the local stand-in server (test/llm-standin), which speaks each provider's
 * real wire format and validates what the adapter sends as strictly as the real API does.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmError, type ClientConfig, type LlmClient, type LlmMessage, type LlmRequest, type LlmToolDef, type ProviderId } from '../../core/llm/types.ts';
import { echoBrain } from '../../../test/llm-standin/brains/echo.ts';
import { startStandin, type Standin } from '../../../test/llm-standin/server.ts';
import { createLlmClient } from './create-client.ts';

const KEY = 'sk-standin-SECRET-4f9a2c';
const MODEL = 'm1';
const NOW = Date.parse('2026-01-01T00:00:00Z');
const PROVIDERS: readonly ProviderId[] = ['openai', 'anthropic', 'gemini'];

let standin: Standin;
/** A base URL where nothing listens (a port just released), for connection failures. */
let deadUrl: string;
beforeAll(async () => {
  standin = await startStandin({ brain: echoBrain, key: KEY, models: [MODEL] });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  deadUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(() => standin.close());
beforeEach(() => {
  standin.clearRequests();
  standin.clearFaults();
});

/** Resolves once the stand-in has received a request, so an abort lands mid-request, not before it. */
async function requestArrived(): Promise<void> {
  for (let i = 0; i < 500 && standin.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
}

function client(provider: ProviderId, over: Partial<ClientConfig> = {}): LlmClient {
  return createLlmClient({ provider, baseUrl: standin.baseUrls[provider], apiKey: KEY, fetch: (u, i) => fetch(u, i), clock: () => NOW, ...over });
}

function request(messages: LlmMessage[], over: Partial<LlmRequest> = {}): LlmRequest {
  return { model: MODEL, messages, temperature: 0, max_output_tokens: 256, stream: false, ...over };
}

const signal = (): AbortSignal => AbortSignal.timeout(5_000);

async function failure(p: Promise<unknown>): Promise<LlmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(e)}`);
  return e;
}

const LOOKUP: LlmToolDef = {
  name: 'lookup',
  description: 'Look a material up',
  // z.toJSONSchema emits $schema and additionalProperties, which Gemini rejects: the adapter must convert.
  parameters: z.toJSONSchema(z.object({ q: z.string(), limit: z.number().int().positive().optional() })) as Record<string, unknown>,
};

describe.each(PROVIDERS)('%s adapter against the stand-in', (provider) => {
  it('answers a plain prompt with text, usage, finish reason, model version and a verbatim log', async () => {
    const c = client(provider);
    const r = await c.chat(request([{ role: 'system', content: 'be brief' }, { role: 'user', content: 'hello' }]), { signal: signal() });
    expect(r.text).toBe('echo: hello');
    expect(r.tool_calls).toEqual([]);
    expect(r.finish_reason).toBe('stop');
    expect(r.model_version).toBe('m1-standin-001');
    // Stand-in usage rule: ceil(chars/4). Input "be brief" + "hello" = 13 chars → 4; output "echo: hello" = 11 chars → 3.
    expect(r.usage).toMatchObject({ input_tokens: 4, output_tokens: 3 });
    expect(standin.requests).toHaveLength(1);
    const sent = standin.requests[0];
    expect(r.log.url).toBe(`${standin.url}${sent?.url}`);
    expect(r.log.status).toBe(200);
    expect(r.log.request_body).toEqual(JSON.parse(sent?.body ?? ''));
    expect(r.log.response_body).toMatchObject(provider === 'gemini' ? { modelVersion: 'm1-standin-001' } : { model: 'm1-standin-001' });
  });

  it.each([false, true])('round-trips a tool call: call → tool result → final answer (stream %s)', async (stream) => {
    const c = client(provider);
    const history: LlmMessage[] = [{ role: 'user', content: 'call lookup {"q":"PZT-5A"}' }];
    const first = await c.chat(request(history, { tools: [LOOKUP], stream }), { signal: signal() });
    expect(first.finish_reason).toBe('tool_calls');
    expect(first.tool_calls).toHaveLength(1);
    const call = first.tool_calls[0];
    expect(call).toMatchObject({ name: 'lookup', arguments: { q: 'PZT-5A' } });
    expect(JSON.parse(call?.arguments_text ?? '')).toEqual({ q: 'PZT-5A' });
    expect(call?.id).not.toBe('');
    history.push({ role: 'assistant', content: first.text, tool_calls: first.tool_calls });
    history.push({ role: 'tool', tool_call_id: call?.id ?? '', name: 'lookup', content: 'd31 = -171 pm/V' });
    const second = await c.chat(request(history, { tools: [LOOKUP], stream }), { signal: signal() });
    expect(second.text).toBe('lookup returned: d31 = -171 pm/V');
    expect(second.finish_reason).toBe('stop');
  });

  it('streams text deltas in order and reports usage at the end', async () => {
    const deltas: string[] = [];
    const r = await client(provider).chat(request([{ role: 'user', content: 'a streamed reply of some length' }], { stream: true }), {
      signal: signal(),
      onDelta: (d) => deltas.push(d),
    });
    expect(r.text).toBe('echo: a streamed reply of some length');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(r.text);
    // 31 input chars → 8 tokens; 37 output chars → 10 tokens.
    expect(r.usage).toMatchObject({ input_tokens: 8, output_tokens: 10 });
    expect(r.model_version).toBe('m1-standin-001');
    expect(Array.isArray(r.log.response_body)).toBe(true);
    expect((r.log.response_body as unknown[]).length).toBeGreaterThan(deltas.length);
  });

  it('reports cached and reasoning tokens where the provider has them', async () => {
    const s = await startStandin({ brain: () => ({ text: 'ok', cached_input_tokens: 2, reasoning_tokens: 5 }), key: KEY });
    try {
      const r = await client(provider, { baseUrl: s.baseUrls[provider] }).chat(request([{ role: 'user', content: 'sixteen chars!!!' }]), { signal: signal() });
      // 16 chars → 4 input tokens (2 cached); 'ok' → 1 token + 5 reasoning = 6 output.
      const expected = { openai: { input_tokens: 4, output_tokens: 6, cached_input_tokens: 2, reasoning_tokens: 5 }, anthropic: { input_tokens: 4, output_tokens: 6, cached_input_tokens: 2 }, gemini: { input_tokens: 4, output_tokens: 6, cached_input_tokens: 2, reasoning_tokens: 5 } }[provider];
      expect(r.usage).toEqual(expected);
    } finally {
      await s.close();
    }
  });

  it('reports a cut at max tokens as finish reason "length"', async () => {
    const r = await client(provider).chat(request([{ role: 'user', content: 'x'.repeat(100) }], { max_output_tokens: 5 }), { signal: signal() });
    expect(r.finish_reason).toBe('length');
    expect(r.text).toHaveLength(20);
  });

  it.each([
    ['7', 7_000],
    ['Thu, 01 Jan 2026 00:00:30 GMT', 30_000],
  ])('turns 429 with retry-after %s into a retryable rate_limit error of %i ms', async (retryAfter, ms) => {
    standin.inject({ kind: 'status', status: 429, retryAfter });
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() }));
    expect(e).toMatchObject({ kind: 'rate_limit', status: 429, retryAfterMs: ms, retryable: true });
    expect(e.message).toMatch(/HTTP 429/);
    expect(e.log?.status).toBe(429);
  });

  it('turns 500 into a retryable server error quoting the provider message', async () => {
    standin.inject({ kind: 'status', status: 500 });
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() }));
    expect(e).toMatchObject({ kind: 'server', status: 500, retryable: true, retryAfterMs: null });
    expect(e.message).toContain('stand-in fault');
  });

  it.each([false, true])('turns a malformed JSON body into a protocol error (stream %s)', async (stream) => {
    standin.inject({ kind: 'malformed' });
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'hi' }], { stream }), { signal: signal() }));
    expect(e.kind).toBe('protocol');
    expect(e.retryable).toBe(false);
    expect(e.log?.status).toBe(200);
    if (!stream) expect(typeof e.log?.response_body).toBe('string');
  });

  it.each([false, true])('turns output truncated before its end into a protocol error (JSON) or a retryable network error (stream %s)', async (stream) => {
    standin.inject({ kind: 'truncate' });
    const deltas: string[] = [];
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'a reply long enough to stream in pieces' }], { stream }), { signal: signal(), onDelta: (d) => deltas.push(d) }));
    // A stream cut before its terminal event is a connection closed early, retried like a dropped one.
    expect(e.kind).toBe(stream ? 'network' : 'protocol');
    expect(e.retryable).toBe(stream);
    expect(e.message).toMatch(stream ? /the stream was cut before its end.*truncated/ : /not JSON/);
  });

  it.each([false, true])('cuts an endless reply off at the response limit with a protocol error (stream %s)', async (stream) => {
    standin.inject({ kind: 'flood' });
    const capped = client(provider, { maxResponseBytes: 256 * 1024 });
    const e = await failure(capped.chat(request([{ role: 'user', content: 'a reply long enough to stream in pieces' }], { stream }), { signal: signal() }));
    expect(e.kind).toBe('protocol');
    expect(e.retryable).toBe(false);
    expect(e.message).toMatch(/the reply is larger than the response limit of 0\.25 MiB \(cut off after \d+ bytes; raise it with --max-response-mib\)/);
    expect(e.log?.response_body).toMatch(/^\(reply cut off after \d+ bytes/);
  });

  it('turns a connection dropped mid-stream into a retryable network error', async () => {
    standin.inject({ kind: 'reset' });
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'a reply long enough to stream in pieces' }], { stream: true }), { signal: signal() }));
    expect(e.kind).toBe('network');
    expect(e.retryable).toBe(true);
  });

  it('aborts a slow reply mid-request with an AbortError, not an LlmError', async () => {
    standin.inject({ kind: 'delay', ms: 10_000 });
    const controller = new AbortController();
    const started = Date.now();
    void requestArrived().then(() => controller.abort());
    const e: unknown = await client(provider).chat(request([{ role: 'user', content: 'hi' }]), { signal: controller.signal }).catch((err: unknown) => err);
    expect(standin.requests).toHaveLength(1);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(LlmError);
    expect((e as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('aborts a stream that stalls after its first event', async () => {
    standin.inject({ kind: 'stall', ms: 10_000 });
    const controller = new AbortController();
    const e: unknown = await client(provider)
      .chat(request([{ role: 'user', content: 'a reply long enough to stream in pieces' }], { stream: true }), { signal: controller.signal, onDelta: () => controller.abort() })
      .catch((err: unknown) => err);
    expect((e as Error).name).toBe('AbortError');
  });

  it('turns an unknown model into not_found', async () => {
    const e = await failure(client(provider).chat(request([{ role: 'user', content: 'hi' }], { model: 'no-such-model' }), { signal: signal() }));
    expect(e).toMatchObject({ kind: 'not_found', status: 404, retryable: false });
    expect(e.message).toContain('no-such-model');
  });

  it('turns a wrong key into an auth error (Gemini answers 400 API_KEY_INVALID) without echoing either key', async () => {
    const e = await failure(client(provider, { apiKey: 'sk-wrong-key-000' }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() }));
    expect(e.kind).toBe('auth');
    expect(e.status).toBe(provider === 'gemini' ? 400 : 401);
    expect(e.retryable).toBe(false);
    expect(e.message).not.toContain('sk-wrong-key-000');
  });

  it('sends no credentials at all when the key is empty (local servers), and the server refuses as auth', async () => {
    const e = await failure(client(provider, { apiKey: '' }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() }));
    expect(e.kind).toBe('auth');
    const headers = standin.requests[0]?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers['x-goog-api-key']).toBeUndefined();
  });

  it('lists models', async () => {
    expect(await client(provider).listModels(signal())).toEqual([MODEL]);
  });

  it('never lets the key into a response, log, error message or URL, even when the server echoes it', async () => {
    const c = client(provider);
    const seen: unknown[] = [];
    const deltas: string[] = [];
    for (const stream of [false, true]) {
      const r = await c.chat(request([{ role: 'user', content: `repeat ${KEY}` }], { stream }), { signal: signal(), onDelta: (d) => deltas.push(d) });
      expect(r.text).toBe('echo: repeat [redacted]');
      seen.push(r);
    }
    // The stand-in streams 7-character pieces, so the key arrived split across deltas.
    expect(deltas.join('')).toBe('echo: repeat [redacted]');
    standin.inject({ kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY}` }, { kind: 'status', status: 429, retryAfter: '1' }, { kind: 'malformed' });
    for (let i = 0; i < 3; i++) {
      const e = await failure(c.chat(request([{ role: 'user', content: KEY }]), { signal: signal() }));
      seen.push(e, e.message, e.log, String(e.stack));
    }
    seen.push(await failure(client(provider, { baseUrl: deadUrl }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() })));
    seen.push(await c.listModels(signal()));
    const everything = JSON.stringify(seen) + deltas.join('\n') + seen.map((s) => (s instanceof Error ? s.message : '')).join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).toContain('[redacted]');
    for (const r of standin.requests) expect(r.url).not.toContain(KEY);
  });

  it('measures the exchange with the injected clock', async () => {
    let t = 1_000;
    const r = await client(provider, { clock: () => (t += 250) }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() });
    expect(r.log.duration_ms).toBe(250);
  });

  it('names CORS as a likely cause when the server cannot be reached', async () => {
    const e = await failure(client(provider, { baseUrl: deadUrl }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() }));
    expect(e).toMatchObject({ kind: 'network', status: null, retryable: true });
    expect(e.message).toMatch(/CORS/);
    expect(e.message).toMatch(/ECONNREFUSED/);
    expect(e.log?.status).toBeNull();
  });
});

describe('provider-specific wire details', () => {
  it('Anthropic: every request carries the browser-access header, the API version and x-api-key', async () => {
    const c = client('anthropic', { extraHeaders: { 'anthropic-dangerous-direct-browser-access': 'false' } });
    await c.chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() });
    await c.listModels(signal());
    expect(standin.requests).toHaveLength(2);
    for (const r of standin.requests) {
      expect(r.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
      expect(r.headers['anthropic-version']).toBe('2023-06-01');
      expect(r.headers['x-api-key']).toBe(KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
  });

  it('Gemini: the key travels in x-goog-api-key, never in the URL; SSE is requested with alt=sse', async () => {
    const c = client('gemini');
    await c.chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() });
    await c.chat(request([{ role: 'user', content: 'hi' }], { stream: true }), { signal: signal() });
    await c.listModels(signal());
    expect(standin.requests.map((r) => r.url)).toEqual([
      '/gemini/v1beta/models/m1:generateContent',
      '/gemini/v1beta/models/m1:streamGenerateContent?alt=sse',
      '/gemini/v1beta/models?pageSize=1000',
    ]);
    for (const r of standin.requests) expect(r.headers['x-goog-api-key']).toBe(KEY);
  });

  it('Gemini: synthesised call ids keep counting across the conversation', async () => {
    const c = client('gemini');
    const first = await c.chat(request([{ role: 'user', content: 'call lookup {"q":"a"}' }], { tools: [LOOKUP] }), { signal: signal() });
    expect(first.tool_calls.map((t) => t.id)).toEqual(['call_0']);
    const history: LlmMessage[] = [
      { role: 'user', content: 'call lookup {"q":"a"}' },
      { role: 'assistant', content: '', tool_calls: first.tool_calls },
      { role: 'tool', tool_call_id: 'call_0', name: 'lookup', content: 'A' },
      { role: 'user', content: 'call lookup {"q":"b"}' },
    ];
    const second = await c.chat(request(history, { tools: [LOOKUP] }), { signal: signal() });
    expect(second.tool_calls.map((t) => t.id)).toEqual(['call_1']);
  });

  it('OpenAI: Authorization Bearer, extra headers passed through', async () => {
    await client('openai', { extraHeaders: { 'x-title': 'Proving Ground' } }).chat(request([{ role: 'user', content: 'hi' }]), { signal: signal() });
    expect(standin.requests[0]?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'x-title': 'Proving Ground', 'content-type': 'application/json' });
  });
});

describe('createLlmClient', () => {
  const base = { apiKey: 'k', fetch: (u: string, i: Parameters<typeof fetch>[1]) => fetch(u, i), clock: () => 0 };
  it('trims the trailing slash of the base URL', () => {
    expect(createLlmClient({ ...base, provider: 'openai', baseUrl: 'http://localhost:11434/v1/' }).baseUrl).toBe('http://localhost:11434/v1');
  });

  it('refuses a base URL that is not absolute http(s), or that carries a query or credentials', () => {
    expect(() => createLlmClient({ ...base, provider: 'openai', baseUrl: 'localhost:11434' })).toThrow(/not an absolute URL|must be http/);
    expect(() => createLlmClient({ ...base, provider: 'gemini', baseUrl: 'https://generativelanguage.googleapis.com?key=abc' })).toThrow(/query string/);
    expect(() => createLlmClient({ ...base, provider: 'openai', baseUrl: 'https://user:pw@example.com/v1' })).toThrow(/credentials/);
    expect(() => createLlmClient({ ...base, provider: 'mistral' as ProviderId, baseUrl: 'https://x' })).toThrow(/unknown LLM provider "mistral"/);
  });
});
