import { describe, expect, it } from 'vitest';
import { LlmError, type LlmClient, type LlmRequest } from '../../core/llm/types.ts';
import { testConnection } from './connection-test.ts';

const PRICE = { provider: 'openai', model: 'm', input: 2, output: 8, source: 'https://example.org/pricing', as_of: '2026-01-01' } as const;
const SETTINGS = { model: 'm', temperature: 0, max_output_tokens: 1024 };

function fakeTimers() {
  let now = 1000;
  const pending: (() => void)[] = [];
  return {
    timers: {
      setTimeout: (fn: () => void) => pending.push(fn),
      clearTimeout: () => undefined,
      now: () => (now += 50),
    },
    fire: () => pending.forEach((f) => f()),
  };
}

function client(chat: LlmClient['chat']): LlmClient {
  return { provider: 'openai', baseUrl: 'http://x', chat, listModels: () => Promise.resolve([]) };
}

describe('testConnection', () => {
  it('sends one tiny non-streaming request and prices the answer', async () => {
    let sent: LlmRequest | null = null;
    const c = client((req) => {
      sent = req;
      return Promise.resolve({ text: 'ok', tool_calls: [], usage: { input_tokens: 1000, output_tokens: 10 }, finish_reason: 'stop', model_version: 'm-2026', log: { url: 'http://x', status: 200, request_body: {}, response_body: {}, duration_ms: 5 } });
    });
    const r = await testConnection(c, SETTINGS, PRICE, fakeTimers().timers);
    expect(sent).toMatchObject({ model: 'm', stream: false, max_output_tokens: 64, temperature: 0 });
    // 1000 input tokens at $2/M + 10 output tokens at $8/M = 0.002 + 0.00008.
    expect(r.cost_usd).toBeCloseTo(0.00208, 12);
    expect(r).toMatchObject({ text: 'ok', model_version: 'm-2026', duration_ms: 50 });
  });

  it('an unknown price gives a null cost, not 0', async () => {
    const c = client(() => Promise.resolve({ text: 'ok', tool_calls: [], usage: { input_tokens: 5, output_tokens: 1 }, finish_reason: 'stop', model_version: null, log: { url: '', status: 200, request_body: {}, response_body: {}, duration_ms: 1 } }));
    expect((await testConnection(c, SETTINGS, null, fakeTimers().timers)).cost_usd).toBeNull();
  });

  it('a request that outlives the limit is aborted and reported as a timeout', async () => {
    const t = fakeTimers();
    const c = client((_req, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const pending = testConnection(c, SETTINGS, null, t.timers, 5000);
    t.fire();
    await expect(pending).rejects.toSatisfy((e) => e instanceof LlmError && e.kind === 'timeout' && /5 s/.test(e.message));
  });

  it('other failures pass through for the diagnosis', async () => {
    const c = client(() => Promise.reject(new LlmError('auth', 'HTTP 401', { status: 401 })));
    await expect(testConnection(c, SETTINGS, null, fakeTimers().timers)).rejects.toMatchObject({ kind: 'auth', status: 401 });
  });
});
