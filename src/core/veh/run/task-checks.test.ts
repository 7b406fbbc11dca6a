import { describe, expect, it } from 'vitest';
import { invalidStep, p1Row, p2Row, p3Row, p4Row, state, validStep } from '../metrics/test-utils.ts';
import { gradeTask, headlinePassed, taskChecks, type TaskCheck } from './task-checks.ts';

const byKey = (checks: readonly TaskCheck[], key: string): TaskCheck => {
  const c = checks.find((x) => x.key === key);
  if (!c) throw new Error(`no check ${key}`);
  return c;
};

describe('P1 checks', () => {
  it('a correct request names the missed field when the list is incomplete', () => {
    const row = p1Row('missing_blocker_obvious', 'request_missing_info', 'request_missing_info', { truth: ['frequency_hz', 'acceleration_g'], named: ['spec.Frequency_Hz'] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'action_correct').verdict).toBe('pass');
    const fields = byKey(checks, 'missing_fields');
    expect(fields.verdict).toBe('fail');
    // One of the two ground-truth fields named (case and the "spec." prefix ignored): recall 1/2.
    expect(fields.value).toBe('recall 0.500');
    expect(fields.reason).toContain('acceleration_g');
    expect(fields.reason).not.toContain('frequency_hz');
    expect(headlinePassed(row)).toBe(true);
  });

  it('a wrong action fails, and the field list is then not judged', () => {
    const row = p1Row('missing_blocker_obvious', 'request_missing_info', 'propose_design', { truth: ['frequency_hz'] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'action_correct').verdict).toBe('fail');
    expect(byKey(checks, 'action_correct').reason).toContain('chose propose_design');
    expect(byKey(checks, 'missing_fields').verdict).toBe('na');
    expect(gradeTask(row).passed).toBe(false);
  });

  it('an unparsed reply fails the parse check and the status check', () => {
    const checks = taskChecks(p1Row('solvable_base', 'propose_design', null));
    expect(byKey(checks, 'parse_ok').verdict).toBe('fail');
    expect(byKey(checks, 'status').verdict).toBe('fail');
  });
});

describe('P2 checks', () => {
  it('a feasible close passes, with the power ratio against the BKF', () => {
    const row = p2Row({ initial: state({ v: 0.5, violations: ['stress'] }), steps: [validStep(state({ v: 0.2, violations: ['stress'] })), validStep(state({ power: 80 }))], bkf: 100, budget: 6 });
    const checks = taskChecks(row);
    expect(byKey(checks, 'final_feasible').verdict).toBe('pass');
    expect(byKey(checks, 'first_step_feasible').verdict).toBe('fail');
    // 80 µW / 100 µW BKF.
    expect(byKey(checks, 'power_ratio').value).toBe('0.800');
    expect(byKey(checks, 'budget').value).toBe('2 / 6');
    expect(byKey(checks, 'violations').value).toBe('1 / 2');
    expect(headlinePassed(row)).toBe(true);
  });

  it('an infeasible final names its violated constraints; an invalid turn is reported with its reason', () => {
    const row = p2Row({ initial: state({ v: 0.5, violations: ['stress'] }), steps: [invalidStep('out of bounds: tip_mass_g'), validStep(state({ v: 0.3, violations: ['frequency', 'stress'] }))] });
    const checks = taskChecks(row);
    const final = byKey(checks, 'final_feasible');
    expect(final.verdict).toBe('fail');
    expect(final.reason).toContain('frequency, stress');
    const valid = byKey(checks, 'protocol_valid');
    expect(valid.verdict).toBe('fail');
    expect(valid.value).toBe('1 / 2');
    expect(valid.reason).toContain('out of bounds: tip_mass_g');
    expect(byKey(checks, 'power_ratio').reason).toContain('counts as 0');
  });

  it('an LLM budget stop never passes, even on a feasible last state', () => {
    const row = { ...p2Row({ initial: state(), steps: [validStep(state())] }), budget_stop: 'max_cost_usd' as const };
    expect(byKey(taskChecks(row), 'final_feasible').verdict).toBe('fail');
    expect(byKey(taskChecks(row), 'status').verdict).toBe('fail');
    expect(headlinePassed(row)).toBe(false);
  });

  it('running out of the query budget is the normal end', () => {
    const row = { ...p2Row({ initial: state(), steps: [validStep(state())] }), status: 'budget_exceeded' as const };
    expect(byKey(taskChecks(row), 'status').verdict).toBe('pass');
  });
});

describe('P3 checks', () => {
  it('escape then cascade: names the step and the newly violated constraint', () => {
    const trap = state({ v: 1, violations: ['frequency'] });
    const row = p3Row({ trap, steps: [validStep(state({ v: 0.4, violations: ['stress'] }), 'replan'), validStep(state({ v: 0.1, violations: ['stress'] }))] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'escape').verdict).toBe('pass');
    const cascade = byKey(checks, 'cascade');
    expect(cascade.verdict).toBe('fail');
    expect(cascade.reason).toContain('violates stress');
    expect(byKey(checks, 'replan').value).toBe('replan');
    expect(byKey(checks, 'success').verdict).toBe('fail');
    expect(headlinePassed(row)).toBe(false);
  });

  it('no escape: cascade is not judged and the dead-budget check fails on an unchanged design', () => {
    const trap = state({ v: 1, violations: ['frequency'] });
    const row = p3Row({ trap, steps: [validStep(trap)] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'escape').verdict).toBe('fail');
    expect(byKey(checks, 'cascade').verdict).toBe('na');
    expect(byKey(checks, 'dead_budget').verdict).toBe('fail');
  });

  it('a clean recovery passes every graded check', () => {
    const row = p3Row({ trap: state({ v: 1, violations: ['frequency'] }), steps: [validStep(state({ design: { beam_length_mm: 40 } }))] });
    const graded = taskChecks(row).filter((c) => c.verdict === 'pass' || c.verdict === 'fail');
    expect(graded.every((c) => c.verdict === 'pass')).toBe(true);
    expect(headlinePassed(row)).toBe(true);
  });
});

describe('P4 checks', () => {
  it('a swapped pair: τb, top-1 and the dominance error are explained', () => {
    // Oracle a ≻ b ≻ c; agent b ≻ a ≻ c: one discordant pair of three, τb = (2 − 1) / 3.
    const row = p4Row({ oracle: ['a', 'b', 'c'], predicted: ['b', 'a', 'c'], paretoPairs: [['a', 'b']] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'kendall_tau').value).toBe('0.333');
    expect(byKey(checks, 'exact').verdict).toBe('fail');
    expect(byKey(checks, 'top1').verdict).toBe('fail');
    expect(byKey(checks, 'top2').verdict).toBe('pass');
    expect(byKey(checks, 'dominance').verdict).toBe('fail');
    expect(byKey(checks, 'pairwise').value).toBe('0.667');
    expect(headlinePassed(row)).toBe(false);
  });

  it('a non-permutation fails every ranking check', () => {
    const row = p4Row({ oracle: ['a', 'b', 'c'], predicted: ['a', 'a', 'c'] });
    const checks = taskChecks(row);
    expect(byKey(checks, 'parse_ok').verdict).toBe('fail');
    expect(byKey(checks, 'parse_ok').reason).toContain('not a permutation');
    expect(byKey(checks, 'exact').verdict).toBe('fail');
    expect(byKey(checks, 'kendall_tau').verdict).toBe('fail');
  });

  it('the exact order passes', () => {
    const row = p4Row({ oracle: ['a', 'b', 'c'], predicted: ['a', 'b', 'c'] });
    expect(headlinePassed(row)).toBe(true);
    expect(byKey(taskChecks(row), 'kendall_tau').value).toBe('1.000');
  });
});
