import { describe, expect, it } from 'vitest';
import { LlmRequestFailedError } from './call-record.ts';
import { createLlmAgent, llmAgentId } from './llm-agent.ts';
import { DEFAULT_PRICES } from './prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema, type ModelSettingsInput } from './settings.ts';
import { constantRng, fakeClient, fakeError, fakeResponse, recordingSleep, type FakeStep } from './test-fakes.ts';
import type { ProviderId } from './types.ts';
import type { ChatMessage, RespondHooks } from '../agent/types.ts';
import type { LlmRetryReport } from './call-record.ts';

const never = new AbortController().signal;
const conversation: ChatMessage[] = [
  { role: 'system', content: 'You are a triage agent.' },
  { role: 'user', content: '{"probe":"P1"}' },
];

function agentFor(script: FakeStep[], settings: Partial<ModelSettingsInput> = {}, provider?: ProviderId) {
  const client = fakeClient(script, provider ? { provider } : {});
  const { sleep, waits } = recordingSleep();
  const s = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o', ...settings });
  const agent = createLlmAgent({ client, settings: s, retry: DEFAULT_RETRY_POLICY, sleep, prices: DEFAULT_PRICES, rng: constantRng(0) });
  const session = agent.start({ task: {}, rng: constantRng(0), signal: never });
  return { client, waits, agent, session };
}

describe('createLlmAgent', () => {
  it('sends the conversation with the run settings and returns text, usage, cost and call records', async () => {
    const { client, session, agent } = agentFor([{ text: '{"action":"propose_design"}', usage: { input_tokens: 1000, output_tokens: 100 } }], {
      max_output_tokens: 300,
      reasoning_effort: 'low',
    });
    const reply = await session.respond(conversation, never);
    expect(client.requests[0]).toEqual({
      model: 'gpt-4o',
      messages: conversation,
      temperature: 0,
      max_output_tokens: 300,
      reasoning_effort: 'low',
      stream: true,
    });
    expect(reply.text).toBe('{"action":"propose_design"}');
    expect(reply.usage).toEqual({ input_tokens: 1000, output_tokens: 100 });
    // gpt-4o list price $2.50 / $10 per 1M tokens.
    expect(reply.cost_usd).toBeCloseTo(0.0035, 12);
    expect(reply.llm).toMatchObject({ provider: 'openai', model: 'gpt-4o', model_version: 'gpt-4o-2024-08-06', finish_reason: 'stop' });
    expect(reply.llm?.calls).toHaveLength(1);
    expect(reply.llm?.calls[0]).toMatchObject({ attempt: 1, status: 200, error_kind: null, wait_ms: null });
    // The request body is logged without the conversation (the transcript already has it).
    expect(reply.llm?.calls[0]?.request_body).toEqual({ model: 'gpt-4o', temperature: 0 });
    expect(agent).toMatchObject({ id: llmAgentId({ provider: 'openai', model: 'gpt-4o' }), privileged: false });
    expect(agent.id).toBe('llm:openai:gpt-4o');
    expect(agent.model?.settings.model).toBe('gpt-4o');
  });

  it('forwards streamed deltas to the hooks', async () => {
    const { session } = agentFor([{ text: 'abc', deltas: ['a', 'b', 'c'] }]);
    const seen: string[] = [];
    await session.respond(conversation, never, { onDelta: (t) => seen.push(t) });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('retries a 429 after retry-after, reports it, and records both attempts', async () => {
    const { session, waits } = agentFor([fakeError('rate_limit', 429, 'rate limited', 1500), { text: '{}' }]);
    const retries: LlmRetryReport[] = [];
    const hooks: RespondHooks = { onRetry: (r) => retries.push(r) };
    const reply = await session.respond(conversation, never, hooks);
    expect(waits).toEqual([1500]);
    expect(retries).toEqual([{ retry: 1, error_kind: 'rate_limit', status: 429, wait_ms: 1500, message: 'rate limited' }]);
    expect(reply.llm?.calls.map((c) => [c.attempt, c.status, c.error_kind, c.wait_ms])).toEqual([
      [1, 429, 'rate_limit', 1500],
      [2, 200, null, null],
    ]);
  });

  it('fails a 401 at once with a clear error carrying the attempt', async () => {
    const { session, client } = agentFor([fakeError('auth', 401, 'invalid API key (HTTP 401)')]);
    const err = await session.respond(conversation, never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmRequestFailedError);
    const e = err as LlmRequestFailedError;
    expect(e.message).toBe('model request failed (auth, HTTP 401; 1 attempt, not retried): invalid API key (HTTP 401)');
    expect(e.kind).toBe('auth');
    expect(e.calls).toHaveLength(1);
    expect(client.requests).toHaveLength(1);
  });

  it('says when retries ran out', async () => {
    const { session, waits } = agentFor(Array.from({ length: 5 }, () => fakeError('server', 502, 'bad gateway')));
    await expect(session.respond(conversation, never)).rejects.toThrow('model request failed (server, HTTP 502; 5 attempts, retries exhausted): bad gateway');
    // Default policy: 4 retries, 1 s doubling, jitter factor 0.5 (u = 0).
    expect(waits).toEqual([500, 1000, 2000, 4000]);
  });

  it('cost is null (not 0) for a model without a price, and without usage', async () => {
    const local = agentFor([{ text: '{}', usage: { input_tokens: 10, output_tokens: 5 }, model_version: 'llama3.1:8b' }], { model: 'llama3.1:8b', base_url: 'http://127.0.0.1:11434/v1' });
    expect((await local.session.respond(conversation, never)).cost_usd).toBeNull();
    const noUsage = agentFor([{ text: '{}', usage: null }]);
    const r = await noUsage.session.respond(conversation, never);
    expect(r.cost_usd).toBeNull();
    expect(r.usage).toBeUndefined();
  });

  it('prices an unlisted alias by the version the provider reports', async () => {
    const { session } = agentFor([{ text: '{}', usage: { input_tokens: 1000, output_tokens: 0 }, model_version: 'gpt-4o-mini-2024-07-18' }], { model: 'my-router-alias' });
    // gpt-4o-mini: $0.15 per 1M input tokens.
    expect((await session.respond(conversation, never)).cost_usd).toBeCloseTo(0.00015, 12);
  });

  it('refuses a client of another provider', () => {
    const client = fakeClient([], { provider: 'anthropic' });
    const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o' });
    expect(() => createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES })).toThrow(
      'the client speaks anthropic but the settings name provider openai',
    );
  });
});

describe('ModelSettingsSchema', () => {
  it('defaults temperature 0, 1024 output tokens, streaming', () => {
    expect(ModelSettingsSchema.parse({ provider: 'gemini', base_url: 'https://generativelanguage.googleapis.com', model: 'gemini-2.5-flash' })).toEqual({
      provider: 'gemini',
      base_url: 'https://generativelanguage.googleapis.com',
      model: 'gemini-2.5-flash',
      temperature: 0,
      max_output_tokens: 1024,
      stream: true,
    });
  });

  it('has no key field and names bad values', () => {
    const base = { provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o' };
    expect(ModelSettingsSchema.safeParse({ ...base, api_key: 'sk-x' }).success).toBe(false);
    expect(() => ModelSettingsSchema.parse({ ...base, base_url: 'ftp://x' })).toThrow(/base_url must be an absolute http/);
    expect(() => ModelSettingsSchema.parse({ ...base, model: ' ' })).toThrow(/model id is required/);
    expect(ModelSettingsSchema.safeParse({ ...base, max_output_tokens: 0 }).success).toBe(false);
  });
});

describe('createLlmAgent: provider reasoning state', () => {
  const stateA = { provider: 'anthropic', content: [{ type: 'thinking', thinking: 'a', signature: 'sig-a' }, { type: 'text', text: 'first' }] };
  const withState = (text: string, provider_state: unknown): FakeStep => (req) => Promise.resolve({ ...fakeResponse(req, { text }), provider_state });

  it('puts each reply’s state back on its own assistant turn in the next requests, and records it on the reply', async () => {
    const { client, session } = agentFor([withState('first', stateA), { text: 'second' }, { text: 'third' }], { provider: 'anthropic', base_url: 'https://api.anthropic.com', reasoning_effort: 'low' }, 'anthropic');
    const r1 = await session.respond(conversation, never);
    expect(r1.llm?.provider_state).toEqual(stateA);
    const turn2: ChatMessage[] = [...conversation, { role: 'assistant', content: 'first' }, { role: 'user', content: 'go on' }];
    const r2 = await session.respond(turn2, never);
    expect(r2.llm && 'provider_state' in r2.llm).toBe(false);
    await session.respond([...turn2, { role: 'assistant', content: 'second' }, { role: 'user', content: 'more' }], never);
    expect(client.requests[0]?.messages).toEqual(conversation);
    expect(client.requests[1]?.messages[2]).toEqual({ role: 'assistant', content: 'first', provider_state: stateA });
    expect(client.requests[2]?.messages[2]).toEqual({ role: 'assistant', content: 'first', provider_state: stateA });
    // A reply without state stays a plain turn.
    expect(client.requests[2]?.messages[4]).toEqual({ role: 'assistant', content: 'second' });
  });

  it('leaves the state off when the conversation’s assistant text is not the reply it came with', async () => {
    const { client, session } = agentFor([withState('first', stateA), { text: 'x' }], { provider: 'anthropic', base_url: 'https://api.anthropic.com' }, 'anthropic');
    await session.respond(conversation, never);
    await session.respond([...conversation, { role: 'assistant', content: 'edited' }, { role: 'user', content: 'go on' }], never);
    expect(client.requests[1]?.messages[2]).toEqual({ role: 'assistant', content: 'edited' });
  });
});
