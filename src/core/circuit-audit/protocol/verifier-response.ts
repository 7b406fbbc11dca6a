/**
 * What the verifier tells the agent after each evaluated circuit design (the N.3 oracle-response
 * shape): feasibility, the metrics, one entry per violated constraint with value, limit and a
 * direction hint from the family's formula, the total violation and a one-line readout. Numbers are
 * rounded to five significant digits for the prompt; the transcript keeps full precision.
 */
import { FAMILY_TARGET, type CircuitConstraintName, type CircuitFamily, type CircuitLimits, type CircuitResult } from '../oracle.ts';
import { circuitTotalViolation, circuitViolations } from '../violation.ts';

export const round5 = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(5)) : x);

export interface ShownCircuitViolation {
  constraint: CircuitConstraintName;
  value: number;
  limit: number;
  message: string;
}

export interface CircuitVerifierResponse {
  feasible: boolean;
  metrics: Record<string, number>;
  violations: ShownCircuitViolation[];
  total_violation: number;
  oracle_feedback: string;
}

/** Which way to move the components when the family's target quantity is too high (textbook formulas). */
const TOO_HIGH_HINT: Record<CircuitFamily, string> = {
  rc_lowpass: 'cutoff too high (fc = 1/(2πRC)); increase R or C',
  rl_lowpass: 'cutoff too high (fc = R/(2πL)); decrease R or increase L',
  rlc_bandpass: 'centre frequency too high (f0 = 1/(2π√(LC))); increase L or C',
  divider: 'output voltage too high (Vout = Vin·R2/(R1+R2)); increase R1 or decrease R2',
};
const TOO_LOW_HINT: Record<CircuitFamily, string> = {
  rc_lowpass: 'cutoff too low (fc = 1/(2πRC)); decrease R or C',
  rl_lowpass: 'cutoff too low (fc = R/(2πL)); increase R or decrease L',
  rlc_bandpass: 'centre frequency too low (f0 = 1/(2π√(LC))); decrease L or C',
  divider: 'output voltage too low (Vout = Vin·R2/(R1+R2)); decrease R1 or increase R2',
};
const OTHER_HINT: Record<Exclude<CircuitConstraintName, 'max_target_error_pct'>, string> = {
  max_source_current_ma: 'source current too high; raise the impedance the source sees',
  max_power_mw: 'power too high; raise the impedance the source sees',
  max_tolerance_shift_pct: 'tolerance shift too high; the parasitic share is too large, move to component values where the stray, winding or load effect is smaller',
  min_q: 'Q too low (Q = (1/R)·√(L/C)); decrease R, increase L or decrease C',
};

function valueOf(r: CircuitResult, c: CircuitConstraintName): number {
  switch (c) {
    case 'max_target_error_pct':
      return r.target_error_pct;
    case 'max_source_current_ma':
      return r.source_current_ma;
    case 'max_power_mw':
      return r.power_mw;
    case 'max_tolerance_shift_pct':
      return r.tolerance_shift_pct;
    case 'min_q':
      return r.q_factor;
  }
}

export function shownCircuitMetrics(r: CircuitResult): Record<string, number> {
  const quantity = FAMILY_TARGET[r.family].quantity;
  const m: Record<string, number> = {
    [quantity]: round5(r.target_value),
    target_error_pct: round5(r.target_error_pct),
    source_current_ma: round5(r.source_current_ma),
    power_mw: round5(r.power_mw),
    tolerance_shift_pct: round5(r.tolerance_shift_pct),
  };
  if (r.family === 'rlc_bandpass') {
    m.q_factor = round5(r.q_factor);
    m.bandwidth_hz = round5(r.bandwidth_hz);
  }
  return m;
}

export function circuitVerifierResponse(r: CircuitResult, limits: CircuitLimits, target: number): CircuitVerifierResponse {
  const violations = circuitViolations(r, limits).map((c): ShownCircuitViolation => {
    const message = c === 'max_target_error_pct' ? (r.target_value > target ? TOO_HIGH_HINT[r.family] : TOO_LOW_HINT[r.family]) : OTHER_HINT[c];
    return { constraint: c, value: round5(valueOf(r, c)), limit: limits[c] ?? 0, message };
  });
  return {
    feasible: r.feasible,
    metrics: shownCircuitMetrics(r),
    violations,
    total_violation: round5(circuitTotalViolation(r, limits)),
    oracle_feedback: r.feasible ? 'feasible: every constraint is satisfied' : violations.map((v) => `${v.constraint}: ${v.message}`).join('; '),
  };
}
