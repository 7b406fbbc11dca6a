/**
 * The tools an agent sees, through the real tool loop: zod-derived JSON Schemas, resources, and
 * invalid calls (unknown tool, bad JSON, arguments that fail the schema, a solver refusal) handed
 * back with the engine's own message and recorded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodePhotonicsAgentEnv } from '../../adapters/node/photonics-agent-env.ts';
import { runToolEpisode, toolDefinition } from '../llm/tool-loop.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../llm/settings.ts';
import { DEFAULT_PRICES } from '../llm/prices.ts';
import { photonicsTools, type PhotonicsAgentEnv, type SubmittedAnswer } from './environment.ts';
import { scriptedClient } from '../llm/scripted-client.ts';
import { toolCallsOf } from './episode.ts';

let env: PhotonicsAgentEnv;
beforeAll(async () => {
  env = await createNodePhotonicsAgentEnv();
});

const gainStack = { kind: 'layer_stack', layers: [{ material: { n: 2, k: -0.1 }, thickness_nm: 20 }], exit_medium: { n: 1.5, k: 0 }, wavelength_nm: 600 };

describe('photonics-agent tools', () => {
  it('offer zod-derived schemas and the resources an agent needs', () => {
    const tools = photonicsTools(env, () => undefined);
    expect(tools.map((t) => t.name)).toEqual(['list_resources', 'read_resource', 'estimate', 'solve', 'compare', 'optimize', 'submit_answer']);
    const submit = toolDefinition(tools.at(-1) as (typeof tools)[number]);
    expect(submit.parameters).toMatchObject({ type: 'object', required: ['values', 'declined', 'concerns', 'summary'], additionalProperties: false });
    const read = tools[1]?.handler;
    const lib = read?.({ uri: 'materials://library' }, new AbortController().signal) as { name: string; range_nm: unknown }[];
    expect(lib.find((m) => m.name.startsWith('polystyrene'))?.range_nm).toEqual({ min_nm: 1100, max_nm: 1650 });
    expect(String(read?.({ uri: 'docs://conventions' }, new AbortController().signal))).toMatch(/e\^\{−iωt\}/);
    expect(read?.({ uri: 'schema://problem/layer_stack' }, new AbortController().signal)).toMatchObject({ type: 'object' });
  });

  it('hand invalid calls back with the engine’s message, record every call, and keep the last valid answer', async () => {
    let answer: SubmittedAnswer | null = null;
    const client = scriptedClient((turn) =>
      turn === 0
        ? {
            calls: [
              { name: 'simulate', arguments: {} },
              { name: 'solve', arguments: { problem: gainStack } },
              { name: 'solve', arguments: { problem: { kind: 'layer_stack', layers: [] } } },
              { name: 'estimate', arguments: {} },
              { name: 'submit_answer', arguments: { values: { r: 'high' } } },
              { name: 'solve', arguments: { problem: { ...gainStack, layers: [{ material: { n: 2, k: 0.1 }, thickness_nm: 20 }] } } },
              { name: 'submit_answer', arguments: { values: { r: 0.2 }, declined: false, concerns: [], summary: 'R' } },
            ],
          }
        : { calls: [] },
    );
    const r = await runToolEpisode({
      client,
      settings: ModelSettingsSchema.parse({ provider: 'openai', base_url: 'http://builtin.invalid', model: 'script', stream: false }),
      retry: DEFAULT_RETRY_POLICY,
      sleep: () => Promise.resolve(),
      prices: DEFAULT_PRICES,
      rng: { next: () => 0, int: () => 0 } as never,
      clock: () => 0,
      signal: new AbortController().signal,
      system: 's',
      user: 'u',
      tools: photonicsTools(env, (a) => (answer = a)),
    });
    const calls = toolCallsOf(r.events);
    expect(calls.map((c) => [c.name, c.valid, c.error === null])).toEqual([
      ['simulate', false, false],
      ['solve', true, false],
      ['solve', true, false],
      ['estimate', false, false],
      ['submit_answer', false, false],
      ['solve', true, true],
      ['submit_answer', true, true],
    ]);
    expect(calls[0]?.error).toMatch(/unknown tool "simulate"/);
    // The solver's own refusal: gain in the n + ik convention.
    expect(calls[1]?.error).toMatch(/^solve failed: .*k = -0\.1 < 0 describes gain/);
    expect(calls[2]?.error).toMatch(/invalid photonics problem:[\s\S]*exit_medium/);
    expect(calls[4]?.error).toMatch(/^invalid arguments for submit_answer/);
    expect(answer).toEqual({ values: { r: 0.2 }, declined: false, concerns: [], summary: 'R' });
    expect(r.messages.filter((m) => m.role === 'tool')).toHaveLength(7);
  });
});
