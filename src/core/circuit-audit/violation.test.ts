import { describe, expect, it } from 'vitest';
import { evaluateCircuit } from './oracle.ts';
import { circuitTotalViolation, circuitViolationTerms, circuitViolations } from './violation.ts';

describe('circuit violation', () => {
  it('sums relative deficits of enforced constraints and is 0 exactly when feasible', () => {
    // R = 5 kΩ, C = 10 nF at 5 V (the N.8 trap): fc = 3183.1 Hz vs 1000 ± 2 % → error 218.31 %, deficit (218.31 − 2)/2;
    // I = 1 mA vs 0.5 mA → deficit 0.5/0.5 = 1; stray shift 0.2/10.2 = 1.96 % ≤ 2 % → 0.
    const limits = { max_target_error_pct: 2, max_source_current_ma: 0.5, max_tolerance_shift_pct: 2 };
    const r = evaluateCircuit({ family: 'rc_lowpass', design: { r_ohm: 5000, c_nf: 10 }, context: { vin_v: 5, target_value: 1000, stray_pf: 200, winding_pf: 0, load_ohm: null }, constraints: limits });
    const t = circuitViolationTerms(r, limits);
    expect(t.max_source_current_ma).toBeCloseTo(1, 12);
    expect(t.max_target_error_pct).toBeCloseTo((218.3099 - 2) / 2, 3);
    expect(t.max_tolerance_shift_pct).toBe(0);
    expect(t.min_q).toBeUndefined();
    expect(circuitViolations(r, limits)).toEqual(['max_target_error_pct', 'max_source_current_ma']);
    expect(circuitTotalViolation(r, limits)).toBeCloseTo(1 + (218.3099 - 2) / 2, 3);
  });
});
