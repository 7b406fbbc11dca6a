/**
 * Provider reasoning state (LlmResponse.provider_state / the assistant message's provider_state)
 * through the real adapters and the stand-in, which emulates what the real APIs require: with
 * thinking on, Anthropic replies open with a signed thinking block and Gemini puts a
 * thoughtSignature on the first function call; the next request must send them back unchanged,
 * or it is refused with a 400.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, type LlmClient, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolDef, type ProviderId } from '../../core/llm/types.ts';
import { echoBrain } from '../../../test/llm-standin/brains/echo.ts';
import { startStandin, type Standin } from '../../../test/llm-standin/server.ts';
import { anthropicRequestBody } from './anthropic.ts';
import { createLlmClient } from './create-client.ts';
import { geminiRequestBody } from './gemini.ts';
import { openAiRequestBody } from './openai.ts';

const KEY = 'sk-state-SECRET-91bd7e';
const MODEL = 'm1';
const THINKING = 'Private chain of thought: the user wants steel.';

let standin: Standin;
beforeAll(async () => {
  // The echo brain, with a recognisable thinking text (used only when a request enables thinking).
  standin = await startStandin({ brain: async (r) => ({ ...(await echoBrain(r)), thinking: THINKING }), key: KEY, models: [MODEL] });
});
afterAll(() => standin.close());
beforeEach(() => {
  standin.clearRequests();
  standin.clearFaults();
});

const LOOKUP: LlmToolDef = { name: 'lookup', description: 'Look a material up', parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } };

function client(provider: ProviderId, baseUrl = standin.baseUrls[provider], apiKey = KEY): LlmClient {
  return createLlmClient({ provider, baseUrl, apiKey, fetch: (u, i) => fetch(u, i), clock: () => 0 });
}

function request(messages: LlmMessage[], stream: boolean): LlmRequest {
  return { model: MODEL, messages, tools: [LOOKUP], temperature: 0, max_output_tokens: 256, reasoning_effort: 'low', stream };
}

const signal = (): AbortSignal => AbortSignal.timeout(5_000);
const opening: LlmMessage[] = [
  { role: 'system', content: 'Use the tools.' },
  { role: 'user', content: 'call lookup {"q": "steel"}' },
];

/** The conversation after the tool call: the assistant turn (with or without its state) and the tool's result. */
function followUp(first: LlmResponse, state: unknown): LlmMessage[] {
  const call = first.tool_calls[0];
  if (!call) throw new Error('expected a tool call');
  return [
    ...opening,
    { role: 'assistant', content: first.text, tool_calls: first.tool_calls, ...(state !== undefined ? { provider_state: state } : {}) },
    { role: 'tool', tool_call_id: call.id, name: call.name, content: '{"E_GPa":200}' },
  ];
}

async function chat(c: LlmClient, req: LlmRequest): Promise<{ r: LlmResponse; deltas: string[] }> {
  const deltas: string[] = [];
  const r = await c.chat(req, { signal: signal(), ...(req.stream ? { onDelta: (t: string) => deltas.push(t) } : {}) });
  return { r, deltas };
}

async function failure(p: Promise<unknown>): Promise<LlmError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof LlmError)) throw new Error(`expected an LlmError, got ${String(e)}`);
  return e;
}

/** The assistant turn of the last recorded request body, in the provider's format. */
function sentAssistantTurn(provider: 'anthropic' | 'gemini'): Record<string, unknown>[] {
  const body = JSON.parse(standin.requests.at(-1)?.body ?? '{}') as { messages?: { role: string; content: Record<string, unknown>[] }[]; contents?: { role: string; parts: Record<string, unknown>[] }[] };
  if (provider === 'anthropic') return body.messages?.find((m) => m.role === 'assistant')?.content ?? [];
  return body.contents?.find((c) => c.role === 'model')?.parts ?? [];
}

describe.each([
  ['anthropic', false],
  ['anthropic', true],
  ['gemini', false],
  ['gemini', true],
] as const)('%s (stream %s): thinking + tool use', (provider, stream) => {
  it('returns the reasoning state apart from the answer, and the next request carries it back unchanged', async () => {
    const c = client(provider);
    const { r: first, deltas } = await chat(c, request(opening, stream));
    expect(first.tool_calls.map((t) => t.name)).toEqual(['lookup']);
    expect(first.provider_state).toBeDefined();
    expect(first.provider_state).toMatchObject({ provider });
    // Thinking is never answer text, streamed or not.
    expect(first.text).toBe('');
    expect(deltas.join('')).not.toContain('chain of thought');
    if (provider === 'anthropic') {
      expect(first.provider_state).toMatchObject({ content: [{ type: 'thinking', thinking: THINKING, signature: expect.stringMatching(/^standin-sig\./) }, { type: 'tool_use', id: first.tool_calls[0]?.id }] });
    } else {
      expect(first.provider_state).toEqual({ provider: 'gemini', parts: [{ call: 0, thoughtSignature: expect.stringMatching(/^standin-sig\./) }] });
    }

    const { r: second, deltas: deltas2 } = await chat(c, request(followUp(first, first.provider_state), stream));
    expect(second.text).toBe('lookup returned: {"E_GPa":200}');
    if (stream) expect(deltas2.join('')).toBe(second.text);
    expect(second.text).not.toContain('chain of thought');
    // What went over the wire: the thinking block first (Anthropic), the signature on the call part (Gemini).
    const turn = sentAssistantTurn(provider);
    if (provider === 'anthropic') {
      expect(turn.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
      expect(turn[0]).toEqual({ type: 'thinking', thinking: THINKING, signature: expect.stringMatching(/^standin-sig\./) });
    } else {
      expect(turn).toEqual([{ functionCall: { name: 'lookup', args: { q: 'steel' } }, thoughtSignature: expect.stringMatching(/^standin-sig\./) }]);
    }
  });

  it('is refused by the stand-in (400, as the real API refuses it) when the state is left out or altered', async () => {
    const c = client(provider);
    const { r: first } = await chat(c, request(opening, stream));

    const missing = await failure(c.chat(request(followUp(first, undefined), stream), { signal: signal() }));
    expect(missing.kind).toBe('bad_request');
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(provider === 'anthropic' ? /must start with a thinking block/ : /missing a thought_signature/);

    const altered = provider === 'anthropic'
      ? { provider: 'anthropic', content: [{ type: 'thinking', thinking: 'something else', signature: (first.provider_state as { content: { signature: string }[] }).content[0]?.signature }, { type: 'tool_use', id: first.tool_calls[0]?.id }] }
      : { provider: 'gemini', parts: [{ call: 0, thoughtSignature: 'standin-sig.forged' }] };
    const tampered = await failure(c.chat(request(followUp(first, altered), stream), { signal: signal() }));
    expect(tampered.status).toBe(400);
    expect(tampered.message).toMatch(provider === 'anthropic' ? /Invalid `signature` in `thinking` block/ : /Corrupted thought signature/);
  });
});

describe.each([false, true])('thinking without tools (stream %s)', (stream) => {
  it('Anthropic: the answer is the text block only; the thinking block is kept as state and accepted back', async () => {
    const c = client('anthropic');
    const { r, deltas } = await chat(c, { ...request([{ role: 'user', content: 'hello' }], stream), tools: [] });
    expect(r.text).toBe('echo: hello');
    if (stream) expect(deltas.join('')).toBe('echo: hello');
    expect(r.provider_state).toEqual({ provider: 'anthropic', content: [{ type: 'thinking', thinking: THINKING, signature: expect.any(String) }, { type: 'text', text: 'echo: hello' }] });
    // Reasoning is billed as output (stand-in: ceil(chars/4) of the thinking text on top of the answer's).
    expect(r.usage?.output_tokens).toBe(Math.ceil('echo: hello'.length / 4) + Math.ceil(THINKING.length / 4));
    const next = await c.chat(
      { ...request([{ role: 'user', content: 'hello' }, { role: 'assistant', content: r.text, provider_state: r.provider_state }, { role: 'user', content: 'again' }], stream), tools: [] },
      { signal: signal() },
    );
    expect(next.text).toBe('echo: again');
    expect(sentAssistantTurn('anthropic').map((b) => b.type)).toEqual(['thinking', 'text']);
  });

  it('Gemini: a signature on the last text part (streamed: an empty final part) is kept and sent back in place', async () => {
    const c = client('gemini');
    const { r } = await chat(c, { ...request([{ role: 'user', content: 'hello' }], stream), tools: [] });
    expect(r.text).toBe('echo: hello');
    const sig = expect.stringMatching(/^standin-sig\./);
    expect(r.provider_state).toEqual({ provider: 'gemini', parts: stream ? [{ text: 'echo: hello' }, { text: '', thoughtSignature: sig }] : [{ text: 'echo: hello', thoughtSignature: sig }] });
    await c.chat({ ...request([{ role: 'user', content: 'hello' }, { role: 'assistant', content: r.text, provider_state: r.provider_state }, { role: 'user', content: 'again' }], stream), tools: [] }, { signal: signal() });
    expect(sentAssistantTurn('gemini')).toEqual(stream ? [{ text: 'echo: hello' }, { text: '', thoughtSignature: sig }] : [{ text: 'echo: hello', thoughtSignature: sig }]);
  });
});

describe('provider state and the other providers', () => {
  it('without thinking there is no state, and the request bodies are unchanged', async () => {
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      const r = await client(provider).chat({ ...request(opening, false), reasoning_effort: 'none' }, { signal: signal() });
      expect(r.tool_calls).toHaveLength(1);
      expect(r.provider_state).toBeUndefined();
    }
  });

  it('OpenAI has none even with a reasoning effort, and ignores any state on a message', async () => {
    const r = await client('openai').chat(request(opening, true), { signal: signal() });
    expect(r.provider_state).toBeUndefined();
    const withState: LlmMessage[] = [...opening, { role: 'assistant', content: 'x', provider_state: { provider: 'anthropic', content: [] } }];
    const body = openAiRequestBody({ ...request(withState, false) }, 'http://127.0.0.1:1/v1') as { messages: unknown[] };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'x' });
  });

  it("each adapter ignores another provider's state (or junk) and builds the turn as usual", () => {
    const anthropicState = { provider: 'anthropic', content: [{ type: 'thinking', thinking: 't', signature: 's' }, { type: 'text', text: 'x' }] };
    const geminiState = { provider: 'gemini', parts: [{ text: 'x', thoughtSignature: 's' }] };
    const turn = (state: unknown): LlmMessage[] => [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'x', provider_state: state }];
    for (const state of [geminiState, 'junk', 42, null]) {
      expect((anthropicRequestBody(request(turn(state), false)).messages as unknown[])[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'x' }] });
    }
    for (const state of [anthropicState, 'junk', 42, null]) {
      expect((geminiRequestBody(request(turn(state), false)).contents as unknown[])[1]).toEqual({ role: 'model', parts: [{ text: 'x' }] });
    }
  });

  it('replays parallel Gemini calls with the signature on the first only, and Anthropic redacted thinking verbatim', () => {
    const calls = [
      { id: 'call_0', name: 'lookup', arguments_text: '{"q":"a"}', arguments: { q: 'a' } },
      { id: 'call_1', name: 'lookup', arguments_text: '{"q":"b"}', arguments: { q: 'b' } },
    ];
    const gemini = geminiRequestBody(request([{ role: 'user', content: 'q' }, { role: 'assistant', content: '', tool_calls: calls, provider_state: { provider: 'gemini', parts: [{ call: 0, thoughtSignature: 's0' }, { call: 1 }] } }], false));
    expect((gemini.contents as { parts: unknown }[])[1]?.parts).toEqual([
      { functionCall: { name: 'lookup', args: { q: 'a' } }, thoughtSignature: 's0' },
      { functionCall: { name: 'lookup', args: { q: 'b' } } },
    ]);
    const state = { provider: 'anthropic', content: [{ type: 'redacted_thinking', data: 'opaque' }, { type: 'thinking', thinking: 't', signature: 's' }, { type: 'tool_use', id: 'call_1' }, { type: 'tool_use', id: 'call_0' }] };
    const anthropic = anthropicRequestBody(request([{ role: 'user', content: 'q' }, { role: 'assistant', content: '', tool_calls: calls, provider_state: state }], false));
    expect((anthropic.messages as { content: { type: string; id?: string }[] }[])[1]?.content.map((b) => b.id ?? b.type)).toEqual(['redacted_thinking', 'thinking', 'call_1', 'call_0']);
  });

  it('when the text no longer matches the state, the thinking stays in place and the message text is sent', () => {
    const state = { provider: 'anthropic', content: [{ type: 'thinking', thinking: 't', signature: 's' }, { type: 'text', text: 'old' }, { type: 'tool_use', id: 'toolu_1' }] };
    const call = { id: 'toolu_1', name: 'lookup', arguments_text: '{"q":"a"}', arguments: { q: 'a' } };
    const body = anthropicRequestBody(request([{ role: 'user', content: 'q' }, { role: 'assistant', content: 'new', tool_calls: [call], provider_state: state }], false));
    expect((body.messages as { content: unknown }[])[1]?.content).toEqual([
      { type: 'thinking', thinking: 't', signature: 's' },
      { type: 'text', text: 'new' },
      { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'a' } },
    ]);
  });
});

describe('the key and the provider state', () => {
  it('a key the model repeats in its thinking is redacted from the state and the log (the stand-in then refuses the altered state)', async () => {
    const leaky = await startStandin({ brain: async (r) => ({ ...(await echoBrain(r)), thinking: `the key is ${KEY}` }), key: KEY, models: [MODEL] });
    try {
      for (const provider of ['anthropic'] as const) {
        for (const stream of [false, true]) {
          const c = client(provider, leaky.baseUrls[provider]);
          const { r, deltas } = await chat(c, request(opening, stream));
          const everything = JSON.stringify({ state: r.provider_state, log: r.log, text: r.text, deltas, calls: r.tool_calls });
          expect(everything).not.toContain(KEY);
          expect(JSON.stringify(r.provider_state)).toContain('the key is [redacted]');
          const e = await failure(c.chat(request(followUp(r, r.provider_state), stream), { signal: signal() }));
          expect(e.kind).toBe('bad_request');
          expect(e.message).not.toContain(KEY);
        }
      }
    } finally {
      await leaky.close();
    }
  });
});
