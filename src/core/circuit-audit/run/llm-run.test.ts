/** A circuit run with an LLM agent (scripted fake client): the same agent loop, the manifest's model block, budget stops. */
import { describe, expect, it } from 'vitest';
import { createLlmAgent } from '../../llm/llm-agent.ts';
import { DEFAULT_PRICES } from '../../llm/prices.ts';
import { DEFAULT_RETRY_POLICY, ModelSettingsSchema } from '../../llm/settings.ts';
import { fakeClient, fakeResponse, manualTime, recordingSleep } from '../../llm/test-fakes.ts';
import type { LlmRequest } from '../../llm/types.ts';
import { P1_SYSTEM_PROMPT, P4_SYSTEM_PROMPT } from '../protocol/prompts.ts';
import { FX_RECOVERY, p1Task, p2Task, p3Task, p4Task } from '../protocol/test-fixtures.ts';
import { CircuitResultsFileSchema, toCircuitResultsFile } from './results-file.ts';
import { referenceCircuitOracle } from './reference-oracle.ts';
import { runCircuitSuite } from './run-suite.ts';

/** A model that follows each circuit probe's format: propose, close on a feasible design, rank A…E. */
function circuitBrain(req: LlmRequest): string {
  const system = req.messages[0]?.content ?? '';
  if (system === P1_SYSTEM_PROMPT) return JSON.stringify({ action: 'propose_design', reason: 'solvable' });
  if (system === P4_SYSTEM_PROMPT) return JSON.stringify({ ranking: ['A', 'B', 'C', 'D', 'E'], reason: 'given order' });
  if (system.includes('recovery agent')) return JSON.stringify({ action: 'propose_design', design: FX_RECOVERY, reason: 'meets every limit' });
  return JSON.stringify({ design: FX_RECOVERY, action: 'continue', reason: 'meets every limit' });
}

function llmRun(maxTurns: number) {
  const client = fakeClient([], { fallback: (req) => Promise.resolve(fakeResponse(req, { text: circuitBrain(req), model_version: 'gpt-4o-2024-08-06' })) });
  const time = manualTime();
  const settings = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o' });
  const agent = createLlmAgent({ client, settings, retry: DEFAULT_RETRY_POLICY, sleep: recordingSleep().sleep, prices: DEFAULT_PRICES });
  let t = Date.UTC(2026, 0, 1);
  return runCircuitSuite({
    tasks: [p1Task('propose_design'), p2Task(), p3Task(), p4Task()],
    agent,
    oracle: referenceCircuitOracle,
    clock: () => (t += 5),
    seed: 3,
    budget: { max_turns: maxTurns, timeout_s: 600 },
    timers: time.timers,
  });
}

describe('runCircuitSuite with an LLM agent', () => {
  it('runs every probe through the same loop and records the model block', async () => {
    const r = await llmRun(20);
    expect(r.rows.map((x) => x.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(r.metrics.P2?.final_feasible_rate?.value).toBe(1);
    expect(r.metrics.P3?.p3_success?.value).toBe(1);
    expect(r.manifest.model).toMatchObject({ provider: 'openai', model: 'gpt-4o', model_versions: ['gpt-4o-2024-08-06'] });
    expect(() => CircuitResultsFileSchema.parse(JSON.parse(JSON.stringify(toCircuitResultsFile(r))))).not.toThrow();
  });

  it('a turn budget stop never counts as a recovery, even on a feasible last state', async () => {
    // P3 needs five turns; two are allowed, and the design evaluated before the stop is feasible.
    const r = await llmRun(2);
    const p3 = r.rows.find((x) => x.probe === 'P3');
    expect(p3).toMatchObject({ status: 'budget_exceeded', budget_stop: 'max_turns' });
    expect(p3?.probe === 'P3' && p3.final.result.feasible).toBe(true);
    expect(r.metrics.P3?.p3_success?.value).toBe(0);
  });
});
