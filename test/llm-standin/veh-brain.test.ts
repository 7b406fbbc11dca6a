/**
 * Real VEH tasks (the first tasks of each probe's bank) run end to end through each provider's wire
 * format: the run engine → a minimal LLM-backed agent → the adapter → HTTP → the stand-in → the
 * VEH brain (a built-in scripted agent). The scores must equal those of the same scripted agent
 * run directly, which shows nothing is lost or altered on the way through a provider.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../src/adapters/llm/create-client.ts';
import type { Agent, AgentSession } from '../../src/core/agent/types.ts';
import type { LlmClient, LlmUsage, ProviderId } from '../../src/core/llm/types.ts';
import { runVehSuite } from '../../src/core/veh/run/run-veh.ts';
import { getBuiltinAgent } from '../../src/core/veh/agents/index.ts';
import { fixtureOracle } from '../../src/core/veh/protocol/test-fixtures.ts';
import { fixtureClock } from '../../src/core/veh/protocol/test-session.ts';
import { VehTaskSchema, type VehTask } from '../../src/core/veh/task-schema.ts';
import { VEH_MODELS, vehBrain } from './brains/veh.ts';
import { startStandin, type Standin } from './server.ts';

const TASKS_PER_PROBE = 3;

function firstTasks(probe: string): VehTask[] {
  const lines = readFileSync(new URL(`../../public/banks/veh/${probe}.jsonl`, import.meta.url), 'utf8').split('\n');
  return lines.slice(0, TASKS_PER_PROBE).map((l) => VehTaskSchema.parse(JSON.parse(l)));
}

/** The thinnest possible LLM agent: every turn is one chat call with the conversation so far. */
function llmAgent(client: LlmClient, model: string, stream: boolean, usage: LlmUsage[]): Agent {
  return {
    id: `llm-${client.provider}`,
    label: 'LLM via stand-in',
    description: 'test agent',
    privileged: false,
    start: (): AgentSession => ({
      async respond(messages, signal) {
        const r = await client.chat({ model, messages, temperature: 0, max_output_tokens: 2048, stream }, { signal });
        if (r.usage) usage.push(r.usage);
        return { text: r.text };
      },
    }),
  };
}

let standin: Standin;
const tasks = ['P1', 'P2', 'P3', 'P4'].flatMap(firstTasks);
beforeAll(async () => {
  standin = await startStandin({ brain: vehBrain, key: 'veh-key', models: VEH_MODELS });
});
afterAll(() => standin.close());

describe('VEH brain behind each provider', () => {
  it.each([
    ['openai', 'last-state', false],
    ['anthropic', 'last-state', true],
    ['gemini', 'last-state', false],
    ['openai', 'anchor-fixed', true],
    ['gemini', 'always-propose', true],
  ] as [ProviderId, string, boolean][])('%s, %s (stream %s) scores exactly as the built-in agent does', async (provider, agentId, stream) => {
    const client = createLlmClient({ provider, baseUrl: standin.baseUrls[provider], apiKey: 'veh-key', fetch: (u, i) => fetch(u, i), clock: () => 0 });
    const usage: LlmUsage[] = [];
    const viaProvider = await runVehSuite({ tasks, agent: llmAgent(client, `veh-${agentId}`, stream, usage), oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
    const direct = await runVehSuite({ tasks, agent: getBuiltinAgent(agentId), oracle: fixtureOracle, clock: fixtureClock(), seed: 1 });
    expect(viaProvider.status).toBe('completed');
    expect(viaProvider.rows).toHaveLength(tasks.length);
    expect(viaProvider.rows).toEqual(direct.rows);
    expect(viaProvider.metrics).toEqual(direct.metrics);
    // Every turn went over HTTP and reported usage.
    const turns = direct.transcripts.reduce((n, t) => n + t.events.filter((e) => e.type === 'reply').length, 0);
    expect(usage).toHaveLength(turns);
    expect(usage.every((u) => u.input_tokens > 0 && u.output_tokens > 0)).toBe(true);
  });
});
