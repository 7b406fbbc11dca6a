/**
 * What the verifier tells the agent after each evaluated design (Appendix N.3 oracle response):
 * feasibility, the four metrics, one entry per violated constraint with its value, limit and a
 * direction hint, the normalised total violation and a one-line readout. Numbers are rounded to
 * five significant digits for the prompt; the transcript keeps the full-precision result.
 */
import type { Limits, OracleResult } from '../oracle.ts';
import type { HistoryStep } from '../task-schema.ts';
import { VIOLATION_KEYS, totalViolation, violationTerms, type ViolationKey } from '../violation.ts';

export const round5 = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(5)) : x);

/** The four oracle outputs shown to agents, at five significant digits. */
export function shownMetrics(r: Pick<OracleResult, 'resonant_freq_hz' | 'load_power_uw' | 'tip_stress_mpa' | 'tip_disp_mm'>) {
  return {
    resonant_freq_hz: round5(r.resonant_freq_hz),
    load_power_uw: round5(r.load_power_uw),
    tip_stress_mpa: round5(r.tip_stress_mpa),
    tip_disp_mm: round5(r.tip_disp_mm),
  };
}

export type ConstraintName = 'max_stress_mpa' | 'max_disp_mm' | 'max_freq_error_pct' | 'min_power_uw';

/** The constraint a violation term belongs to: agents see violations under the constraint names. */
export const CONSTRAINT_OF: Record<ViolationKey, ConstraintName> = {
  stress: 'max_stress_mpa',
  displacement: 'max_disp_mm',
  frequency: 'max_freq_error_pct',
  power: 'min_power_uw',
};

export interface ShownViolation {
  constraint: ConstraintName;
  value: number;
  limit: number;
  unit: string;
  message: string;
}

export interface VerifierResponse {
  feasible: boolean;
  metrics: { resonant_freq_hz: number; load_power_uw: number; tip_stress_mpa: number; tip_disp_mm: number };
  violations: ShownViolation[];
  total_violation: number;
  oracle_feedback: string;
}

/** Direction hints follow the cantilever model: f_r ∝ √(EI / (m_eff L³)). */
function frequencyMessage(fr: number, fe: number): string {
  return fr > fe
    ? 'frequency too high; increase tip mass or beam length, or thin the layers'
    : 'frequency too low; reduce tip mass or beam length, or thicken the layers';
}

const MESSAGES: Record<Exclude<ViolationKey, 'frequency'>, string> = {
  stress: 'tip stress too high; reduce tip mass or the tip amplitude (stiffer/wider beam, or detune slightly)',
  displacement: 'tip displacement too high; reduce tip mass or stiffen/shorten the beam',
  power: 'power too low; move the resonance closer to the excitation frequency, match the load resistance, or add tip mass or piezo volume',
};

export function verifierResponse(r: OracleResult, limits: Limits, excitationHz: number): VerifierResponse {
  const terms = violationTerms(r, limits);
  const violations: ShownViolation[] = [];
  if (terms.frequency > 0) {
    violations.push({
      constraint: CONSTRAINT_OF.frequency,
      value: round5(r.freq_error_pct),
      limit: limits.max_freq_error_pct,
      unit: '%',
      message: frequencyMessage(r.resonant_freq_hz, excitationHz),
    });
  }
  if (terms.stress > 0) {
    violations.push({ constraint: CONSTRAINT_OF.stress, value: round5(r.tip_stress_mpa), limit: limits.max_stress_mpa, unit: 'MPa', message: MESSAGES.stress });
  }
  if (terms.displacement > 0) {
    violations.push({ constraint: CONSTRAINT_OF.displacement, value: round5(r.tip_disp_mm), limit: limits.max_disp_mm, unit: 'mm', message: MESSAGES.displacement });
  }
  if (terms.power > 0) {
    violations.push({ constraint: CONSTRAINT_OF.power, value: round5(r.load_power_uw), limit: limits.min_power_uw, unit: 'µW', message: MESSAGES.power });
  }
  return {
    feasible: r.feasible,
    metrics: shownMetrics(r),
    violations,
    total_violation: round5(totalViolation(r, limits)),
    oracle_feedback: oracleFeedback(r, limits, excitationHz, terms),
  };
}

function oracleFeedback(r: OracleResult, limits: Limits, fe: number, terms: Record<ViolationKey, number>): string {
  const band = (fe * limits.max_freq_error_pct) / 100;
  const within = (bad: number): string => (bad > 0 ? 'VIOLATED' : 'ok');
  return [
    `resonant frequency ${round5(r.resonant_freq_hz)} Hz vs. required band [${round5(fe - band)}, ${round5(fe + band)}] Hz around the ${fe} Hz excitation (${within(terms.frequency)})`,
    `load power ${round5(r.load_power_uw)} µW, minimum ${limits.min_power_uw} µW (${within(terms.power)})`,
    `tip stress ${round5(r.tip_stress_mpa)} MPa, limit ${limits.max_stress_mpa} MPa (${within(terms.stress)})`,
    `tip displacement ${round5(r.tip_disp_mm)} mm, limit ${limits.max_disp_mm} mm (${within(terms.displacement)})`,
  ].join('; ');
}

const isViolationKey = (v: string): v is ViolationKey => (VIOLATION_KEYS as readonly string[]).includes(v);

/**
 * A P3 history step as the prompt shows it, in the format of live turns: every metric at five
 * significant digits (round5, as shownMetrics) and violations under their constraint names
 * (frequency → max_freq_error_pct, …). The design, the note and the feedback text are unchanged;
 * the bank keeps the full-precision step.
 */
export function shownHistoryStep(s: HistoryStep): HistoryStep {
  const vr = s.verifier_response;
  return {
    step: s.step,
    design: s.design,
    verifier_response: {
      feasible: vr.feasible,
      metrics: Object.fromEntries(Object.entries(vr.metrics).map(([k, v]) => [k, round5(v)])),
      violations: vr.violations.map((v) => (isViolationKey(v) ? CONSTRAINT_OF[v] : v)),
      oracle_feedback: vr.oracle_feedback,
    },
    note: s.note,
  };
}
