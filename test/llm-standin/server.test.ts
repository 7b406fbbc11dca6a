/** The stand-in's own behaviour: CORS, auth in each provider's error format, strict validation, faults, recording, bounds. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { echoBrain } from './brains/echo.ts';
import { startStandin, type Standin } from './server.ts';

const KEY = 'standin-key';
let s: Standin;
beforeAll(async () => {
  s = await startStandin({ brain: echoBrain, key: KEY, models: ['m1'], maxRecorded: 5 });
});
afterAll(() => s.close());
beforeEach(() => s.clearRequests());

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const openAiBody = { model: 'm1', messages: [{ role: 'user', content: 'hi' }] };
const anthropicBody = { model: 'm1', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
const anthropicHeaders = { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' };

describe('CORS', () => {
  it("answers a preflight for the providers' headers, with the local-network grant Chrome asks for", async () => {
    const r = await fetch(`${s.url}/anthropic/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4310',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-api-key,anthropic-version,anthropic-dangerous-direct-browser-access',
        'access-control-request-private-network': 'true',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4310');
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    for (const h of ['authorization', 'x-api-key', 'x-goog-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'content-type']) {
      expect(r.headers.get('access-control-allow-headers')).toContain(h);
    }
    expect(r.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('grants nothing to a preflight asking for a header the services do not allow', async () => {
    const r = await fetch(`${s.url}/openai/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://x', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-custom-thing' },
    });
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes retry-after to pages on error responses', async () => {
    s.inject({ kind: 'status', status: 429, retryAfter: '3' });
    const r = await post('/openai/v1/chat/completions', openAiBody, { authorization: `Bearer ${KEY}`, origin: 'http://x' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('3');
    expect(r.headers.get('access-control-expose-headers')).toContain('retry-after');
  });

  it('Anthropic: refuses a browser-origin call without anthropic-dangerous-direct-browser-access, as the real API does', async () => {
    const refused = await post('/anthropic/v1/messages', anthropicBody, { ...anthropicHeaders, origin: 'http://127.0.0.1:4310' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header" } });
    const allowed = await post('/anthropic/v1/messages', anthropicBody, { ...anthropicHeaders, origin: 'http://127.0.0.1:4310', 'anthropic-dangerous-direct-browser-access': 'true' });
    expect(allowed.status).toBe(200);
  });
});

describe('auth, in each provider’s error format', () => {
  it('OpenAI: 401 invalid_api_key', async () => {
    const r = await post('/openai/v1/chat/completions', openAiBody, { authorization: 'Bearer nope' });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
  });

  it('Anthropic: 401 authentication_error', async () => {
    const r = await post('/anthropic/v1/messages', anthropicBody, { ...anthropicHeaders, 'x-api-key': 'nope' });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
  });

  it('Gemini: 400 API_KEY_INVALID for a wrong key, 403 PERMISSION_DENIED for none; ?key= is honoured like the real API', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
    const wrong = await post('/gemini/v1beta/models/m1:generateContent', body, { 'x-goog-api-key': 'nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: [{ reason: 'API_KEY_INVALID' }] } });
    expect((await post('/gemini/v1beta/models/m1:generateContent', body)).status).toBe(403);
    expect((await post(`/gemini/v1beta/models/m1:generateContent?key=${KEY}`, body)).status).toBe(200);
  });
});

describe('strict request validation, as the real APIs', () => {
  it('OpenAI: rejects unknown parameters and a tool message answering no call', async () => {
    const h = { authorization: `Bearer ${KEY}` };
    expect((await post('/openai/v1/chat/completions', { ...openAiBody, bogus: 1 }, h)).status).toBe(400);
    const orphan = await post('/openai/v1/chat/completions', { model: 'm1', messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'c9', content: 'r' }] }, h);
    expect(orphan.status).toBe(400);
    expect(await orphan.text()).toContain('c9');
  });

  it('Anthropic: rejects empty text blocks, temperature with thinking, and a tool_result without its tool_use', async () => {
    const bad = [
      { ...anthropicBody, messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] },
      { ...anthropicBody, max_tokens: 3000, temperature: 0, thinking: { type: 'enabled', budget_tokens: 1024 } },
      { ...anthropicBody, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }] }] },
    ];
    for (const body of bad) expect((await post('/anthropic/v1/messages', body, anthropicHeaders)).status).toBe(400);
  });

  it('Gemini: rejects JSON Schema keywords outside its subset in function declarations', async () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', additionalProperties: false, properties: {} } }] }],
    };
    const r = await post('/gemini/v1beta/models/m1:generateContent', body, { 'x-goog-api-key': KEY });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('additionalProperties');
  });

  it('answers an unknown model with 404 and an unknown path with 404', async () => {
    expect((await post('/openai/v1/chat/completions', { ...openAiBody, model: 'zzz' }, { authorization: `Bearer ${KEY}` })).status).toBe(404);
    expect((await post('/openai/v1/completions', openAiBody, { authorization: `Bearer ${KEY}` })).status).toBe(404);
    // streamGenerateContent without alt=sse answers a JSON array upstream; the stand-in does not serve it.
    expect((await post('/gemini/v1beta/models/m1:streamGenerateContent', { contents: [] }, { 'x-goog-api-key': KEY })).status).toBe(404);
  });
});

describe('faults, recording and bounds', () => {
  it('applies queued faults one per generation request, in order, and leaves model listing alone', async () => {
    const h = { authorization: `Bearer ${KEY}` };
    s.inject({ kind: 'status', status: 500 }, { kind: 'status', status: 429 });
    expect((await fetch(`${s.url}/openai/v1/models`, { headers: h })).status).toBe(200);
    expect(s.pendingFaults()).toBe(2);
    expect((await post('/openai/v1/chat/completions', openAiBody, h)).status).toBe(500);
    expect((await post('/openai/v1/chat/completions', openAiBody, h)).status).toBe(429);
    expect((await post('/openai/v1/chat/completions', openAiBody, h)).status).toBe(200);
    expect(s.pendingFaults()).toBe(0);
  });

  it('records method, path, headers (secrets included) and body, keeping only the newest maxRecorded', async () => {
    for (let i = 0; i < 7; i++) await post('/openai/v1/chat/completions', { ...openAiBody, messages: [{ role: 'user', content: `n${i}` }] }, { authorization: `Bearer ${KEY}` });
    expect(s.requests).toHaveLength(5);
    expect(s.requests[4]).toMatchObject({ provider: 'openai', method: 'POST', url: '/openai/v1/chat/completions', headers: { authorization: `Bearer ${KEY}` } });
    expect(JSON.parse(s.requests[4]?.body ?? '')).toMatchObject({ messages: [{ content: 'n6' }] });
  });

  it('closes promptly even with a slow reply pending', async () => {
    const own = await startStandin({ brain: echoBrain, key: null });
    own.inject({ kind: 'delay', ms: 30_000 });
    const pending = fetch(`${own.url}/openai/v1/chat/completions`, { method: 'POST', body: JSON.stringify(openAiBody) }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
