import { describe, expect, it } from 'vitest';
import { invalidStep, p1Row, p2Row, p3Row, p4Row, state, validStep } from '../metrics/test-utils.ts';
import { taskOutcome, taskScoreDomain } from './task-outcome.ts';

describe('taskOutcome', () => {
  it('P1 passes on the gold action only; a parse failure fails', () => {
    expect(taskOutcome(p1Row('solvable_base', 'propose_design', 'propose_design'))).toEqual({ pass: true, score: 1 });
    expect(taskOutcome(p1Row('infeasible_margin', 'declare_infeasible', 'propose_design'))).toEqual({ pass: false, score: 0 });
    expect(taskOutcome(p1Row('solvable_base', 'propose_design', null))).toEqual({ pass: false, score: 0 });
  });

  it('P2 passes on a feasible final; the score is P/P_BKF, zero when infeasible', () => {
    // Final power 50 µW against a BKF of 100 µW: ratio 0.5.
    const ok = p2Row({ initial: state({ v: 1, violations: ['stress'] }), steps: [validStep(state({ power: 50 }))], bkf: 100 });
    expect(taskOutcome(ok)).toEqual({ pass: true, score: 0.5 });
    const bad = p2Row({ initial: state({ v: 1, violations: ['stress'] }), steps: [invalidStep()], bkf: 100 });
    expect(taskOutcome(bad)).toEqual({ pass: false, score: 0 });
    // An LLM budget stop never passes, whatever its last state (rows.ts, budget_stop).
    expect(taskOutcome({ ...ok, budget_stop: 'max_turns' }).pass).toBe(false);
  });

  it('P3 passes on a feasible final after the trap', () => {
    const trap = state({ v: 2, violations: ['stress'] });
    expect(taskOutcome(p3Row({ trap, steps: [validStep(state())] }))).toEqual({ pass: true, score: 1 });
    expect(taskOutcome(p3Row({ trap, steps: [validStep(state({ v: 1, violations: ['stress'] }))] }))).toEqual({ pass: false, score: 0 });
  });

  it('P4 passes on an exact ranking; the score is Kendall τb', () => {
    expect(taskOutcome(p4Row({ oracle: ['a', 'b', 'c'], predicted: ['a', 'b', 'c'] }))).toEqual({ pass: true, score: 1 });
    // Fully reversed order of three: every pair discordant, τb = −1.
    expect(taskOutcome(p4Row({ oracle: ['a', 'b', 'c'], predicted: ['c', 'b', 'a'] }))).toEqual({ pass: false, score: -1 });
    // One swapped adjacent pair of three: 2 concordant, 1 discordant of 3 pairs, τb = 1/3.
    const one = taskOutcome(p4Row({ oracle: ['a', 'b', 'c'], predicted: ['b', 'a', 'c'] }));
    expect(one.pass).toBe(false);
    expect(one.score).toBeCloseTo(1 / 3, 12);
    expect(taskOutcome(p4Row({ oracle: ['a', 'b', 'c'], predicted: null }))).toEqual({ pass: false, score: 0 });
  });
});

describe('taskScoreDomain', () => {
  it('is [−1, 1] for τ, [0, 1] otherwise, widened past a power ratio above 1', () => {
    expect(taskScoreDomain('P4', [0.2])).toEqual([-1, 1]);
    expect(taskScoreDomain('P1', [0, 1])).toEqual([0, 1]);
    expect(taskScoreDomain('P2', [0.4, 1.23])).toEqual([0, 1.3]);
  });
});
