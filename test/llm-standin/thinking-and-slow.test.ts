/**
 * The stand-in's emulation of provider reasoning state (Anthropic signed thinking blocks, Gemini
 * thought signatures) and its refusals when a client drops them, in the providers' own error
 * formats; and `@slow` model ids, whose streams arrive event by event with a pause before each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoBrain } from './brains/echo.ts';
import { startStandin, type Standin } from './server.ts';

const KEY = 'standin-key';
const DELAY_MS = 30;
let s: Standin;
beforeAll(async () => {
  s = await startStandin({ brain: echoBrain, key: KEY, models: ['m1'], slowFrameDelayMs: DELAY_MS });
});
afterAll(() => s.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const anthropicHeaders = { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' };
const anthropicTool = { name: 'lookup', input_schema: { type: 'object' } };

describe('Anthropic extended thinking', () => {
  const ask = { role: 'user', content: 'call lookup {"q":"steel"}' };
  const base = { model: 'm1', max_tokens: 2048, tools: [anthropicTool] };
  const thinking = { type: 'enabled', budget_tokens: 1024 };

  it('opens a reply with a signed thinking block, and wants it back before the tool results', async () => {
    const r = await post('/anthropic/v1/messages', { ...base, thinking, messages: [ask] }, anthropicHeaders);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { content: Record<string, unknown>[] };
    expect(body.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(body.content[0]).toMatchObject({ thinking: expect.stringContaining('Stand-in reasoning'), signature: expect.stringMatching(/^standin-sig\./) });
    const [think, use] = body.content;
    const result = { role: 'user', content: [{ type: 'tool_result', tool_use_id: use?.id, content: '42' }] };

    const ok = await post('/anthropic/v1/messages', { ...base, thinking, messages: [ask, { role: 'assistant', content: [think, use] }, result] }, anthropicHeaders);
    expect(ok.status).toBe(200);

    const dropped = await post('/anthropic/v1/messages', { ...base, thinking, messages: [ask, { role: 'assistant', content: [use] }, result] }, anthropicHeaders);
    expect(dropped.status).toBe(400);
    expect(await dropped.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/) },
    });

    const edited = await post('/anthropic/v1/messages', { ...base, thinking, messages: [ask, { role: 'assistant', content: [{ ...think, thinking: 'edited' }, use] }, result] }, anthropicHeaders);
    expect(edited.status).toBe(400);
    expect(await edited.json()).toMatchObject({ error: { type: 'invalid_request_error', message: 'messages.1.content.0: Invalid `signature` in `thinking` block' } });

    // Without thinking on, the API does not ask for the block.
    const off = await post('/anthropic/v1/messages', { ...base, messages: [ask, { role: 'assistant', content: [use] }, result] }, anthropicHeaders);
    expect(off.status).toBe(200);
  });

  it('streams thinking as thinking_delta events and the signature as one signature_delta', async () => {
    const r = await post('/anthropic/v1/messages', { ...base, thinking, stream: true, messages: [{ role: 'user', content: 'hi' }] }, anthropicHeaders);
    const events = (await r.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as { type: string; content_block?: { type: string }; delta?: { type: string } });
    expect(events.find((e) => e.type === 'content_block_start')?.content_block).toEqual({ type: 'thinking', thinking: '', signature: '' });
    const deltas = events.flatMap((e) => (e.delta ? [e.delta.type] : []));
    expect(deltas.filter((t) => t === 'thinking_delta').length).toBeGreaterThan(1);
    expect(deltas.filter((t) => t === 'signature_delta')).toHaveLength(1);
    expect(deltas.indexOf('signature_delta')).toBeLessThan(deltas.indexOf('text_delta'));
  });

  it('refuses thinking blocks in a user message', async () => {
    const r = await post('/anthropic/v1/messages', { ...base, messages: [{ role: 'user', content: [{ type: 'thinking', thinking: 'x', signature: 'y' }] }] }, anthropicHeaders);
    expect(r.status).toBe(400);
  });
});

describe('Gemini thought signatures', () => {
  const path = '/gemini/v1beta/models/m1:generateContent';
  const headers = { 'x-goog-api-key': KEY };
  const tools = [{ functionDeclarations: [{ name: 'lookup', parameters: { type: 'object' } }] }];
  const ask = { role: 'user', parts: [{ text: 'call lookup {"q":"steel"}' }] };
  const on = { thinkingConfig: { thinkingBudget: 1024 } };

  it('signs the first function call when thinking is on, and refuses the next turn without the signature', async () => {
    const r = await post(path, { contents: [ask], tools, generationConfig: on }, headers);
    const part = ((await r.json()) as { candidates: { content: { parts: Record<string, unknown>[] } }[] }).candidates[0]?.content.parts[0];
    expect(part).toEqual({ functionCall: { name: 'lookup', args: { q: 'steel' } }, thoughtSignature: expect.stringMatching(/^standin-sig\./) });
    const answer = { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { content: '42' } } }] };

    expect((await post(path, { contents: [ask, { role: 'model', parts: [part] }, answer], tools, generationConfig: on }, headers)).status).toBe(200);

    const unsigned = { functionCall: (part as { functionCall: unknown }).functionCall };
    const missing = await post(path, { contents: [ask, { role: 'model', parts: [unsigned] }, answer], tools, generationConfig: on }, headers);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Function call is missing a thought_signature in functionCall parts\./) } });

    const forged = await post(path, { contents: [ask, { role: 'model', parts: [{ ...unsigned, thoughtSignature: 'standin-sig.x' }] }, answer], tools, generationConfig: on }, headers);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Corrupted thought signature/) } });

    // A budget of 0 is thinking off: no signature given, none asked for.
    const off = await post(path, { contents: [ask, { role: 'model', parts: [unsigned] }, answer], tools, generationConfig: { thinkingConfig: { thinkingBudget: 0 } } }, headers);
    expect(off.status).toBe(200);
  });
});

describe('`@slow` model ids', () => {
  /** The times (ms since the request) at which body chunks arrived, and the whole text. */
  async function timedStream(model: string): Promise<{ status: number; times: number[]; text: string }> {
    const t0 = performance.now();
    const r = await post('/openai/v1/chat/completions', { model, stream: true, messages: [{ role: 'user', content: 'a reply long enough for several events' }] }, { authorization: `Bearer ${KEY}` });
    const times: number[] = [];
    let text = '';
    const reader = r.body?.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      times.push(performance.now() - t0);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return { status: r.status, times, text };
  }

  it('streams the served model’s reply event by event, with the configured pause before each', async () => {
    const slow = await timedStream('m1@slow');
    expect(slow.status).toBe(200);
    const events = slow.text.split('\n\n').filter((e) => e.startsWith('data: '));
    // The same reply as the plain model: "echo: …" in 7-character pieces, then finish and [DONE].
    const content = events.flatMap((e) => (e === 'data: [DONE]' ? [] : [(JSON.parse(e.slice(6)) as { choices: { delta?: { content?: string } }[] }).choices[0]?.delta?.content ?? ''])).join('');
    expect(content).toBe('echo: a reply long enough for several events');
    expect(slow.times.length).toBeGreaterThan(5);
    // Every event waits DELAY_MS first (timers may fire a little early, hence the slack).
    expect(slow.times.at(-1) ?? 0).toBeGreaterThanOrEqual((events.length - 1) * DELAY_MS * 0.9);
    expect((slow.times.at(-1) ?? 0) - (slow.times[0] ?? 0)).toBeGreaterThan(DELAY_MS * 3);
  });

  it('reports the served model, refuses a slow id of an unknown model, and rejects a delay out of bounds', async () => {
    const r = await post('/openai/v1/chat/completions', { model: 'm1@slow', messages: [{ role: 'user', content: 'hi' }] }, { authorization: `Bearer ${KEY}` });
    expect(await r.json()).toMatchObject({ model: 'm1-standin-001', choices: [{ message: { content: 'echo: hi' } }] });
    const unknown = await post('/openai/v1/chat/completions', { model: 'nope@slow', messages: [{ role: 'user', content: 'hi' }] }, { authorization: `Bearer ${KEY}` });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'model_not_found', message: 'The model `nope@slow` does not exist or you do not have access to it.' } });
    const bare = await post('/openai/v1/chat/completions', { model: '@slow', messages: [{ role: 'user', content: 'hi' }] }, { authorization: `Bearer ${KEY}` });
    expect(bare.status).toBe(404);
    await expect(startStandin({ brain: echoBrain, slowFrameDelayMs: 151 })).rejects.toThrow(/slowFrameDelayMs must be an integer 1–150/);
    await expect(startStandin({ brain: echoBrain, slowFrameDelayMs: 0 })).rejects.toThrow(/slowFrameDelayMs/);
  });
});
