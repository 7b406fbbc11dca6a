import { describe, expect, it } from 'vitest';
import { buildEpisodeOpening } from './prompts.ts';
import { fixtureBank, fixtureP1, fixtureP2, fixtureP3, fixtureP4 } from './test-fixtures.ts';

const payloadOf = (task: Parameters<typeof buildEpisodeOpening>[0], opts = {}) => {
  const msgs = buildEpisodeOpening(task, opts);
  expect(msgs.map((m) => m.role)).toEqual(['system', 'user']);
  return JSON.parse(msgs[1]?.content ?? '') as Record<string, unknown>;
};

describe('buildEpisodeOpening', () => {
  it('never shows the hidden reference, gold labels or task ids', () => {
    for (const task of fixtureBank()) {
      const text = buildEpisodeOpening(task).map((m) => m.content).join('\n');
      expect(text).not.toContain('reference');
      expect(text).not.toContain('gold');
      expect(text).not.toContain(task.task_id);
      expect(text).not.toContain('bkf');
      expect(text).not.toContain('oracle_order');
      if (task.probe === 'P1') expect(text).not.toContain(task.p1_subtype);
    }
  });

  it('P1: spec and the three allowed actions (Appendix N.2)', () => {
    const p = payloadOf(fixtureP1(0, 'solvable_base'));
    expect(Object.keys(p)).toEqual(['probe', 'task', 'spec', 'allowed_actions']);
    expect(p.allowed_actions).toEqual(['propose_design', 'declare_infeasible', 'request_missing_info']);
  });

  it('P2: variables, bounds, initial design, objective and budget (Appendix N.3)', () => {
    const p = payloadOf(fixtureP2(0));
    expect(p).toMatchObject({ query_budget: 6, objective: 'maximize load_power_uw', allowed_actions: ['continue', 'stop'] });
    expect(p.design_variables).toHaveLength(6);
    expect(p).toHaveProperty('variable_bounds.beam_length_mm', [20, 80]);
    expect(p).toHaveProperty('initial_design.tip_mass_g', 1);
    expect(p).toHaveProperty('initial_verifier_state.feasible', false);
  });

  it('P2 under a full budget shows that budget and its stop rule', () => {
    const p = payloadOf(fixtureP2(0), { budgetRule: { kind: 'full_budget', budget: 40 } });
    expect(p.query_budget).toBe(40);
    expect(p.stop_rule).toMatch(/does not end the episode/);
  });

  it('P3: corrupted history or state summary, budget and allowed actions (Appendix N.4)', () => {
    const raw = payloadOf(fixtureP3(0));
    expect(raw).toMatchObject({ query_budget_remaining: 4, allowed_actions: ['propose_design', 'replan', 'reset_to_prior', 'declare_infeasible'] });
    expect(raw.corrupted_history).toHaveLength(3);
    const summary = payloadOf(fixtureP3(0), { p3Variant: 'state_summary' });
    expect(summary).not.toHaveProperty('corrupted_history');
    expect(summary).toHaveProperty('state_summary.current_step', 2);
  });

  it('P4: policy text and five candidates with designs and metrics (Appendix N.5)', () => {
    const p = payloadOf(fixtureP4(0));
    expect(p.policy).toMatch(/Balance/);
    expect((p.candidates as unknown[]).length).toBe(5);
    expect(p).toHaveProperty('candidates.0.id', 'A');
    expect(p).toHaveProperty('candidates.0.metrics.load_power_uw');
  });
});
