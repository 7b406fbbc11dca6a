import { describe, expect, it } from 'vitest';
import { buildEpisodeOpening } from './protocol/prompts.ts';
import { fixtureOracle, fixtureP1, fixtureP2, fixtureP3, fixtureP4 } from './protocol/test-fixtures.ts';
import { requestBuilder } from './protocol/task-oracle.ts';
import { turnMessage } from './protocol/turn-messages.ts';
import { verifierResponse } from './protocol/verifier-response.ts';
import { DEFAULT_PRICES } from '../llm/prices.ts';
import { projectRunCost } from './projection.ts';
import { ModelSettingsSchema } from '../llm/settings.ts';

const gpt4o = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'https://api.openai.com/v1', model: 'gpt-4o', max_output_tokens: 500 });
const openingTokens = (task: Parameters<typeof buildEpisodeOpening>[0]): number =>
  Math.ceil(buildEpisodeOpening(task).reduce((n, m) => n + m.content.length, 0) / 4);

describe('projectRunCost', () => {
  it('P1: one request of the opening prompt (chars / 4) and 150 output tokens, priced at gpt-4o list rates', () => {
    const task = fixtureP1(0, 'solvable_base');
    const o = openingTokens(task);
    const p = projectRunCost([task], gpt4o, DEFAULT_PRICES);
    expect(p).toMatchObject({ task_count: 1, turns: 1, input_tokens: o, output_tokens: 150 });
    // $2.50 per 1M input, $10 per 1M output.
    expect(p.cost_usd).toBeCloseTo((o * 2.5 + 150 * 10) / 1e6, 12);
    expect(p.upper).toMatchObject({ input_tokens: o, output_tokens: 500 });
    expect(p.upper.cost_usd).toBeCloseTo((o * 2.5 + 500 * 10) / 1e6, 12);
    expect(p.price?.model).toBe('gpt-4o');
  });

  it('P2: every turn resends the growing conversation (arithmetic series over the 6-query budget)', async () => {
    const task = fixtureP2(0);
    const o = openingTokens(task);
    // M: the turn message the protocol really sends after evaluating the initial design at step 1.
    const { requestFor, limits } = requestBuilder(task, task.initial_design);
    const result = await fixtureOracle.evaluate(requestFor(task.initial_design));
    const response = verifierResponse(result, limits, task.excitation_context.frequency_hz);
    const m = Math.ceil(turnMessage({ step: 1, queriesUsed: 1, queriesRemaining: 5, evaluated: { design: task.initial_design, response } }).content.length / 4);
    const p = projectRunCost([task], gpt4o, DEFAULT_PRICES);
    expect(p.turns).toBe(6);
    expect(p.output_tokens).toBe(6 * 150);
    // Σ_{k=0}^{5} (O + k (150 + M)) = 6 O + 15 (150 + M).
    expect(p.input_tokens).toBe(6 * o + 15 * (150 + m));
    // The upper bound grows the history with max_output_tokens instead: 6 O + 15 (500 + M).
    expect(p.upper.input_tokens).toBe(6 * o + 15 * (500 + m));
  });

  it('P3 uses its full recovery budget; P4 one turn; per-probe totals add up', () => {
    const tasks = [fixtureP1(0, 'solvable_base'), fixtureP2(0), fixtureP3(0, 4), fixtureP4(0)];
    const p = projectRunCost(tasks, gpt4o, DEFAULT_PRICES);
    expect(p.per_group.P3?.turns).toBe(4);
    expect(p.per_group.P4?.turns).toBe(1);
    expect(p.turns).toBe(1 + 6 + 4 + 1);
    const probes = Object.values(p.per_group).filter((x) => x !== undefined);
    expect(probes.reduce((n, x) => n + x.input_tokens, 0)).toBe(p.input_tokens);
    expect(probes.reduce((n, x) => n + x.output_tokens, 0)).toBe(p.output_tokens);
  });

  it('cost is null for a model without a price, and the assumptions say so', () => {
    const local = ModelSettingsSchema.parse({ provider: 'openai', base_url: 'http://127.0.0.1:11434/v1', model: 'qwen3:8b' });
    const p = projectRunCost([fixtureP1(0, 'solvable_base')], local, DEFAULT_PRICES);
    expect(p.cost_usd).toBeNull();
    expect(p.upper.cost_usd).toBeNull();
    expect(p.input_tokens).toBeGreaterThan(0);
    expect(p.assumptions.join('\n')).toMatch(/no price known for openai model "qwen3:8b"/);
  });

  it('caps the expected output per turn at max_output_tokens', () => {
    const small = ModelSettingsSchema.parse({ ...gpt4o, max_output_tokens: 100 });
    expect(projectRunCost([fixtureP1(0, 'solvable_base')], small, DEFAULT_PRICES).output_tokens).toBe(100);
  });
});
