import { describe, expect, it } from 'vitest';
import { circuitP3Metrics, recoveryQuality, summariseCircuitP3 } from './p3.ts';
import { p3Row, state, step, violation } from './test-utils.ts';

const fcHigh = violation('cutoff_band', 'fc_error_pct', 'decrease');
const cMin = violation('min_capacitance', 'c_f', 'increase');
const trap = state({ r: 5e3, c: 1e-7, v: 2, violations: [fcHigh] });

// Dual trap: escapes at step 1, the escape wakes a dormant constraint at step 2, fixed at step 3.
const cascaded = p3Row(trap, [step(state({ r: 2e4, c: 7.96e-9, objective: 0.9 })), step(state({ r: 2.5e4, c: 1e-9, v: 0.5, violations: [cMin] })), step(state({ r: 1.5e4, c: 1.06e-8, objective: 0.8 }))]);
// Appendix N.8's shape: the escape move itself trips the dormant constraint, the next move repairs it.
const dualTrap = p3Row(trap, [step(state({ r: 2e4, c: 7.96e-9, v: 0.2, violations: [cMin] })), step(state({ r: 1.5e4, c: 1.06e-8, objective: 0.7 }))]);
// Replans straight to a feasible design: escape, no cascade.
const replanned = p3Row(trap, [step(state({ r: 1.5e4, c: 1.06e-8, objective: 0.6 }), 'replan')]);
// Resets and re-evaluates the trap itself: no escape, dead budget, not a success.
const dead = p3Row(trap, [step(trap, 'reset_to_prior'), step(null, null, false)]);

describe('circuit P3 metrics', () => {
  it('summarises escape, cascade, replan, reset and dead budget', () => {
    expect(summariseCircuitP3(cascaded)).toMatchObject({ escaped: true, cascade: true, success: true, replan: false, reset: false, dead: false });
    expect(summariseCircuitP3(dualTrap)).toMatchObject({ escaped: true, cascade: false, success: true });
    expect(summariseCircuitP3(replanned)).toMatchObject({ escaped: true, cascade: false, success: true, replan: true });
    expect(summariseCircuitP3(dead)).toMatchObject({ escaped: false, cascade: null, success: false, reset: true, dead: true });
  });

  it('cascade is conditional on escape; recovery quality averages successes only', () => {
    const s = [cascaded, replanned, dead].map(summariseCircuitP3);
    const m = circuitP3Metrics(s, { seed: 5, resamples: 100 });
    expect(m.p3_success?.value).toBe(2 / 3);
    expect(m.escape_rate?.value).toBe(2 / 3);
    expect(m.cascade_rate?.value).toBe(1 / 2);
    expect(m.cascade_rate?.n).toBe(2);
    expect(m.dead_budget_rate?.value).toBe(1 / 3);
    expect(m.replan_rate?.value).toBe(1 / 3);
    expect(m.reset_rate?.value).toBe(1 / 3);
    expect(recoveryQuality(s)).toBeCloseTo((0.8 + 0.6) / 2, 12);
  });
});
