import { describe, expect, it } from 'vitest';
import { parseOracleRequest } from '../oracle.ts';
import type { HistoryStep } from '../task-schema.ts';
import { buildEpisodeOpening } from './prompts.ts';
import { fixtureBank, fixtureOracle, fixtureP1, fixtureP2, fixtureP3, fixtureP4 } from './test-fixtures.ts';
import { round5, verifierResponse } from './verifier-response.ts';

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

  it('P3: the history is shown in the live-turn format (5 significant digits, constraint-named violations)', () => {
    const task = fixtureP3(0);
    const bankCopy = structuredClone(task.corrupted_history);
    const shown = payloadOf(task).corrupted_history as HistoryStep[];
    expect(task.corrupted_history).toEqual(bankCopy);
    expect(shown).toHaveLength(task.corrupted_history.length);
    for (const [i, step] of task.corrupted_history.entries()) {
      const s = shown[i] as HistoryStep;
      // What a live turn would show for the same design.
      const request = parseOracleRequest({ design: step.design, excitation: task.excitation_context, environment: task.environment_context, constraints: task.constraints });
      const live = verifierResponse(fixtureOracle.evaluateSync(request), request.constraints, task.excitation_context.frequency_hz);
      expect(s.step).toBe(step.step);
      expect(s.design).toEqual(step.design);
      expect(s.note).toBe(step.note);
      expect(s.verifier_response.oracle_feedback).toBe(step.verifier_response.oracle_feedback);
      expect(s.verifier_response.feasible).toBe(live.feasible);
      expect(s.verifier_response.metrics).toEqual(live.metrics);
      expect(s.verifier_response.violations).toEqual(live.violations.map((v) => v.constraint));
      for (const [k, v] of Object.entries(step.verifier_response.metrics)) expect(s.verifier_response.metrics[k]).toBe(round5(v));
    }
    const trap = shown[shown.length - 1] as HistoryStep;
    expect(trap.verifier_response.violations.length).toBeGreaterThan(0);
    expect(trap.verifier_response.violations.every((v) => ['max_stress_mpa', 'max_disp_mm', 'max_freq_error_pct', 'min_power_uw'].includes(v))).toBe(true);
    expect(trap.verifier_response.metrics.load_power_uw).not.toBe(task.corrupted_history[2]?.verifier_response.metrics.load_power_uw);

    const summary = payloadOf(task, { p3Variant: 'state_summary' }).state_summary as { latest_verifier_state: HistoryStep['verifier_response'] };
    expect(summary.latest_verifier_state.violations).toEqual(trap.verifier_response.violations);
    expect(summary.latest_verifier_state.metrics).toEqual(trap.verifier_response.metrics);
  });

  it('P4: policy text and five candidates with designs and metrics (Appendix N.5)', () => {
    const p = payloadOf(fixtureP4(0));
    expect(p.policy).toMatch(/Balance/);
    expect((p.candidates as unknown[]).length).toBe(5);
    expect(p).toHaveProperty('candidates.0.id', 'A');
    expect(p).toHaveProperty('candidates.0.metrics.load_power_uw');
  });
});
