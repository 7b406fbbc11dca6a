/**
 * One free tool-use round trip through the real provider adapters and the local stand-in server
 * (127.0.0.1, no internet), for each provider's wire format: tool definitions from a zod schema,
 * the model's call validated and run, the result sent back, the final answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLlmClient } from '../../adapters/llm/index.ts';
import { echoBrain } from '../../../test/llm-standin/brains/echo.ts';
import { startStandin, type Standin } from '../../../test/llm-standin/server.ts';
import { DEFAULT_PRICES } from './prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from './settings.ts';
import { constantRng, recordingSleep } from './test-fakes.ts';
import { defineTool, runToolEpisode } from './tool-loop.ts';

let standin: Standin;
beforeAll(async () => {
  standin = await startStandin({ brain: echoBrain, key: 'test-key' });
});
afterAll(() => standin.close());

const area = defineTool({
  name: 'beam_area',
  description: 'Cross-section area of a rectangular beam in mm².',
  schema: z.strictObject({ width_mm: z.number().positive(), thickness_mm: z.number().positive() }),
  handler: ({ width_mm, thickness_mm }) => width_mm * thickness_mm,
});

describe('runToolEpisode through the stand-in', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('%s: calls the tool and answers with its result', async (provider) => {
    const client = createLlmClient({ provider, baseUrl: standin.baseUrls[provider], apiKey: 'test-key', fetch: (u, i) => fetch(u, i), clock: () => 0 });
    const r = await runToolEpisode({
      client,
      settings: ModelSettingsSchema.parse({ provider, base_url: standin.baseUrls[provider], model: 'echo' }),
      retry: DEFAULT_RETRY_POLICY,
      sleep: recordingSleep().sleep,
      prices: DEFAULT_PRICES,
      rng: constantRng(0),
      clock: () => 0,
      signal: new AbortController().signal,
      system: 'Use the tools when asked.',
      user: 'call beam_area {"width_mm": 15, "thickness_mm": 0.45}',
      tools: [area],
    });
    expect(r.status).toBe('completed');
    const call = r.events.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ name: 'beam_area', valid: true, arguments: { width_mm: 15, thickness_mm: 0.45 }, error: null });
    expect(call?.type === 'tool_call' && call.result).toBeCloseTo(6.75, 12);
    expect(r.final_text).toMatch(/^beam_area returned: \{"result":6\.75/);
    expect(r.replies).toBe(2);
    expect(r.input_tokens).toBeGreaterThan(0);
    // "echo" has no price: the cost is unknown, not 0.
    expect(r.cost_usd).toBeNull();
  });
});

describe('runToolEpisode with thinking through the stand-in', () => {
  const KEY = 'sk-loop-state-SECRET-5c2e';
  let thinkingStandin: Standin;
  beforeAll(async () => {
    thinkingStandin = await startStandin({ brain: async (r) => ({ ...(await echoBrain(r)), thinking: 'Reasoning about beams, not for the answer.' }), key: KEY });
  });
  afterAll(() => thinkingStandin.close());

  it.each([
    ['anthropic', false],
    ['anthropic', true],
    ['gemini', false],
    ['gemini', true],
  ] as const)('%s (stream %s): keeps the provider state on the assistant turn, so the stand-in accepts the tool result', async (provider, stream) => {
    const baseUrl = thinkingStandin.baseUrls[provider];
    const client = createLlmClient({ provider, baseUrl, apiKey: KEY, fetch: (u, i) => fetch(u, i), clock: () => 0 });
    const deltas: string[] = [];
    const r = await runToolEpisode({
      client,
      settings: ModelSettingsSchema.parse({ provider, base_url: baseUrl, model: 'echo', reasoning_effort: 'low', stream }),
      retry: { ...DEFAULT_RETRY_POLICY, max_retries: 0 },
      sleep: recordingSleep().sleep,
      prices: DEFAULT_PRICES,
      rng: constantRng(0),
      clock: () => 0,
      signal: new AbortController().signal,
      system: 'Use the tools when asked.',
      user: 'call beam_area {"width_mm": 15, "thickness_mm": 0.45}',
      tools: [area],
      onDelta: (t) => deltas.push(t),
    });
    expect(r.status).toBe('completed');
    expect(r.final_text).toMatch(/^beam_area returned: \{"result":6\.75/);
    const assistant = r.messages.find((m) => m.role === 'assistant');
    expect(assistant?.role === 'assistant' && assistant.provider_state).toMatchObject({ provider });
    // The thinking is neither answer text nor a streamed delta.
    const replies = r.events.flatMap((e) => (e.type === 'reply' ? [e.text] : []));
    expect(replies.join(' ')).not.toContain('Reasoning about beams');
    expect(deltas.join('')).not.toContain('Reasoning about beams');
    // The transcript records the state (on the reply's llm metadata, and in the logged response bodies), never the key.
    const reply = r.events.find((e) => e.type === 'reply');
    expect(reply?.type === 'reply' && reply.llm?.provider_state).toEqual(assistant?.role === 'assistant' ? assistant.provider_state : 'no assistant turn');
    const transcript = JSON.stringify(r.events);
    expect(transcript).toContain('standin-sig.');
    if (provider === 'anthropic') expect(JSON.stringify(reply)).toContain('Reasoning about beams, not for the answer.');
    expect(transcript).not.toContain(KEY);
    expect(JSON.stringify(r.messages)).not.toContain(KEY);
  });
});
