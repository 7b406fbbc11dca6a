import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EpisodeCancelledError } from '../agent/episode-guard.ts';
import { DEFAULT_PRICES } from './prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from './settings.ts';
import { constantRng, fakeClient, fakeError, hangUntilAborted, manualTime, recordingSleep, type FakeStep } from './test-fakes.ts';
import { taskUsage } from '../run/usage.ts';
import { ToolEpisodeEventSchema } from './tool-events.ts';
import { DEFAULT_TOOL_MAX_TURNS, defineTool, runToolEpisode, type ToolEpisodeOptions } from './tool-loop.ts';
import type { LlmToolCall } from './types.ts';

const call = (id: string, name: string, args: unknown): LlmToolCall => ({ id, name, arguments_text: JSON.stringify(args), arguments: args });

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers.',
  schema: z.strictObject({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => a + b,
});

function options(script: FakeStep[], extra: Partial<ToolEpisodeOptions> = {}): ToolEpisodeOptions & { client: ReturnType<typeof fakeClient> } {
  const time = manualTime();
  return {
    client: fakeClient(script),
    settings: ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o', stream: false }),
    retry: DEFAULT_RETRY_POLICY,
    sleep: recordingSleep().sleep,
    prices: DEFAULT_PRICES,
    rng: constantRng(0),
    clock: time.clock,
    timers: time.timers,
    signal: new AbortController().signal,
    system: 'Use the tools.',
    user: 'What is 1 + 2?',
    tools: [add],
    ...extra,
  } as ToolEpisodeOptions & { client: ReturnType<typeof fakeClient> };
}

describe('runToolEpisode', () => {
  it('offers zod-derived tool schemas, runs valid calls, returns errors for invalid ones, and records everything', async () => {
    const o = options([
      { tool_calls: [call('c1', 'add', { a: 1, b: 2 })] },
      {
        tool_calls: [
          call('c2', 'add', { a: 'one', b: 2 }),
          call('c3', 'multiply', { a: 1, b: 2 }),
          { id: 'c4', name: 'add', arguments_text: '{"a": 1, "b":', arguments: null },
        ],
      },
      { text: 'The answer is 3.' },
    ]);
    const r = await runToolEpisode(o);
    expect(r.status).toBe('completed');
    expect(r.final_text).toBe('The answer is 3.');
    expect(o.client.requests[0]?.tools).toEqual([
      {
        name: 'add',
        description: 'Adds two numbers.',
        parameters: expect.objectContaining({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false }) as unknown,
      },
    ]);
    const calls = r.events.filter((e) => e.type === 'tool_call');
    expect(calls.map((c) => c.type === 'tool_call' && [c.call_id, c.valid, c.result, c.error?.split(':')[0] ?? null])).toEqual([
      ['c1', true, 3, null],
      ['c2', false, null, 'invalid arguments for add'],
      ['c3', false, null, 'unknown tool "multiply"; available tools'],
      ['c4', false, null, 'arguments of add are not valid JSON'],
    ]);
    // The model sees each result or error as the tool message.
    const toolMessages = r.messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.role === 'tool' && m.tool_call_id)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(toolMessages[0]?.content).toBe('{"result":3}');
    expect(toolMessages[1]?.content).toMatch(/^\{"error":"invalid arguments for add: .*a/);
    // The third request carries the whole exchange.
    expect(o.client.requests[2]?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'tool', 'tool']);
    expect(r.replies).toBe(3);
    // 3 replies × (100 in at $2.50/M + 20 out at $10/M) (fake usage, gpt-4o list price).
    expect(r.cost_usd).toBeCloseTo(3 * 0.00045, 12);
    for (const e of r.events) ToolEpisodeEventSchema.parse(e);
    expect(r.events.at(-1)).toMatchObject({ type: 'end', status: 'completed' });
  });

  it('prices like the LLM agent: an unlisted model id falls back to the version the provider reported', async () => {
    const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://proxy.example/v1', model: 'my-gpt-alias', stream: false });
    const priced = await runToolEpisode(options([{ text: 'done', model_version: 'gpt-4o-2024-08-06' }], { settings }));
    expect(priced.cost_usd).toBeCloseTo(0.00045, 12);
    expect(priced.events.find((e) => e.type === 'reply')).toMatchObject({ llm: { model: 'my-gpt-alias', model_version: 'gpt-4o-2024-08-06' } });
    const unknown = await runToolEpisode(options([{ text: 'done', model_version: null }], { settings }));
    expect(unknown.cost_usd).toBeNull();
  });

  it('a handler that throws reports the error to the model and the episode goes on', async () => {
    const boom = defineTool({ name: 'boom', description: 'fails', schema: z.object({}), handler: () => { throw new Error('disk on fire'); } });
    const r = await runToolEpisode(options([{ tool_calls: [call('c1', 'boom', {})] }, { text: 'sorry' }], { tools: [boom] }));
    expect(r.status).toBe('completed');
    expect(r.events.find((e) => e.type === 'tool_call')).toMatchObject({ valid: true, error: 'boom failed: disk on fire' });
  });

  it('budgets stop it: max_turns, and the default cap without one', async () => {
    const loopForever: FakeStep = { tool_calls: [call('c', 'add', { a: 1, b: 1 })] };
    const capped = await runToolEpisode(options(Array<FakeStep>(3).fill(loopForever), { budget: { max_turns: 2 } }));
    expect(capped.status).toBe('budget_exceeded');
    expect(capped.replies).toBe(2);
    expect(capped.events.at(-1)).toMatchObject({ type: 'end', budget_limit: 'max_turns' });
    const uncapped = await runToolEpisode(options(Array<FakeStep>(DEFAULT_TOOL_MAX_TURNS + 1).fill(loopForever)));
    expect(uncapped.replies).toBe(DEFAULT_TOOL_MAX_TURNS);
    expect(uncapped.status).toBe('budget_exceeded');
  });

  it('a timeout that cuts a request short records its attempts on the end event, and usage counts them (issue 21)', async () => {
    const time = manualTime();
    let started = 0;
    // A 503 (retried), then an attempt that hangs until the 30 s episode timeout aborts it.
    const o = options([fakeError('server', 503, 'busy'), hangUntilAborted(() => started++)], { clock: time.clock, timers: time.timers, budget: { timeout_s: 30 } });
    const running = runToolEpisode(o);
    while (started === 0) await Promise.resolve();
    time.advance(30_000);
    const r = await running;
    expect(r.status).toBe('budget_exceeded');
    const end = r.events.at(-1);
    expect(end).toMatchObject({ type: 'end', budget_limit: 'timeout_s' });
    expect(end?.type === 'end' && end.llm_calls?.map((c) => [c.attempt, c.error_kind, c.status])).toEqual([
      [1, 'server', 503],
      [2, 'timeout', null],
    ]);
    for (const e of r.events) ToolEpisodeEventSchema.parse(e);
    expect(taskUsage({ task: { task_id: 't' }, events: r.events }).http_calls).toBe(2);
  });

  it('retries show up, and a request that fails for good ends it with status error', async () => {
    const r = await runToolEpisode(options([fakeError('rate_limit', 429, 'busy', 10), fakeError('auth', 401, 'bad key')]));
    expect(r.status).toBe('error');
    expect(r.events.map((e) => e.type)).toEqual(['message', 'message', 'llm_retry', 'error', 'end']);
    expect(r.events.find((e) => e.type === 'error')).toMatchObject({ message: expect.stringContaining('auth, HTTP 401') as unknown });
  });

  it('cancel during a tool call aborts it and rejects', async () => {
    const controller = new AbortController();
    const slow = defineTool({
      name: 'slow',
      description: 'waits',
      schema: z.object({}),
      handler: (_a, signal) =>
        new Promise((_res, rej) => {
          signal.addEventListener('abort', () => rej(new Error('aborted')), { once: true });
          queueMicrotask(() => controller.abort());
        }),
    });
    await expect(runToolEpisode(options([{ tool_calls: [call('c1', 'slow', {})] }], { tools: [slow], signal: controller.signal }))).rejects.toBeInstanceOf(EpisodeCancelledError);
  });
});
