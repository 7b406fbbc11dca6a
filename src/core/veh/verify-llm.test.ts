/** Verification of an LLM run (scripted fake client): usage and cost per task and per run are checked against the transcripts too. */
import { vehSuite } from './suite.ts';
import { describe, expect, it } from 'vitest';
import { createLlmAgent } from '../llm/llm-agent.ts';
import { DEFAULT_PRICES } from '../llm/prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../llm/settings.ts';
import { fakeClient, fakeResponse, manualTime, recordingSleep } from '../llm/test-fakes.ts';
import { ResultsFileSchema, toResultsFile } from './run/results-file.ts';
import { runVehSuite } from './run/run-veh.ts';
import { BKF_DESIGN, fixtureBank, fixtureOracle } from './protocol/test-fixtures.ts';
import { fixtureClock } from './protocol/test-session.ts';
import { verifyRun } from '../verify/verify.ts';

async function llmRun() {
  const client = fakeClient([], {
    fallback: (req) => {
      const text = JSON.stringify({ design: BKF_DESIGN, action: 'continue', reason: 'best known', ranking: ['A', 'B', 'C', 'D', 'E'] });
      return Promise.resolve(fakeResponse(req, { text, usage: { input_tokens: 100, output_tokens: 20 }, model_version: 'gpt-4o-2024-08-06' }));
    },
  });
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o' });
  const agent = createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES });
  const tasks = fixtureBank().filter((t) => t.probe === 'P2');
  const result = await runVehSuite({ tasks, agent, oracle: fixtureOracle, clock: fixtureClock(), seed: 3, budget: { max_turns: 6, timeout_s: 600 }, timers: manualTime().timers, bankHash: 'h', filters: { probe: 'P2' } });
  return { results: ResultsFileSchema.parse(JSON.parse(JSON.stringify(toResultsFile(result)))), transcripts: result.transcripts };
}

describe('verifyRun on an LLM run', () => {
  it('verifies, and flags edited token counts per task and per run', async () => {
    const input = await llmRun();
    const deps = { env: fixtureOracle, bank: { hash: 'h', tasks: fixtureBank() } };
    expect(input.results.task_usage?.length).toBeGreaterThan(0);
    const clean = await verifyRun(vehSuite, input, deps);
    expect(clean.file_diffs.concat(clean.tasks.flatMap((t) => t.diffs))).toEqual([]);
    expect(clean.outcome).toBe('verified');
    expect(clean.verdict).toBe('regraded');

    const u = input.results.task_usage![0]!;
    u.output_tokens += 1;
    input.results.manifest.usage!.input_tokens -= 1;
    const r = await verifyRun(vehSuite, input, deps);
    expect(r.outcome).toBe('mismatch');
    expect(r.tasks.find((t) => t.task_id === u.task_id)?.diffs).toEqual([expect.objectContaining({ path: 'task_usage.output_tokens', claimed: u.output_tokens, recomputed: u.output_tokens - 1 })]);
    expect(r.file_diffs.map((d) => d.path)).toEqual(['manifest.usage.input_tokens']);
  });
});
