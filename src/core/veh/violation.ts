/**
 * Normalised constraint violation V(x) ≥ 0 used by the P2/P3 metrics and feedback: each violated
 * constraint contributes its deficit divided by its limit, so the four constraints are commensurate.
 * V(x) = 0 exactly when the oracle reports the design feasible.
 */
import type { Limits, OracleResult } from './oracle.ts';

export const VIOLATION_KEYS = ['stress', 'displacement', 'frequency', 'power'] as const;
export type ViolationKey = (typeof VIOLATION_KEYS)[number];

export function violationTerms(r: OracleResult, limits: Limits): Record<ViolationKey, number> {
  const rel = (deficit: number, limit: number): number => (deficit > 0 ? deficit / (limit > 0 ? limit : 1) : 0);
  return {
    stress: rel(-r.slack_stress_mpa, limits.max_stress_mpa),
    displacement: rel(-r.slack_disp_mm, limits.max_disp_mm),
    frequency: rel(-r.slack_freq_pct, limits.max_freq_error_pct),
    power: rel(-r.slack_power_uw, limits.min_power_uw),
  };
}

export function totalViolation(r: OracleResult, limits: Limits): number {
  const t = violationTerms(r, limits);
  return t.stress + t.displacement + t.frequency + t.power;
}

/** Names of the violated constraints, in a fixed order. */
export function violatedConstraints(r: OracleResult, limits: Limits): ViolationKey[] {
  const t = violationTerms(r, limits);
  return VIOLATION_KEYS.filter((k) => t[k] > 0);
}
