/**
 * Normalised constraint violation V(x) ≥ 0 used by the P2/P3 metrics and feedback: each violated
 * constraint contributes its deficit divided by its limit, so the four constraints are commensurate.
 * V(x) = 0 exactly when the oracle reports the design feasible.
 */
import type { Limits, OracleResult } from './oracle.ts';

export const VIOLATION_KEYS = ['stress', 'displacement', 'frequency', 'power'] as const;
export type ViolationKey = (typeof VIOLATION_KEYS)[number];

/** The four constrained metrics; an OracleResult has them, and so can be passed as is. */
export type ConstrainedMetrics = Pick<OracleResult, 'tip_stress_mpa' | 'tip_disp_mm' | 'freq_error_pct' | 'load_power_uw'>;

/**
 * One constraint's relative deficit: deficit / limit when positive (a non-positive limit counts as 1), else 0.
 * Module-level, not a closure: tsx (keepNames) wraps every closure creation in a __name call, which
 * dominates the cost of the generator's hot loops.
 */
export function relativeDeficit(deficit: number, limit: number): number {
  return deficit > 0 ? deficit / (limit > 0 ? limit : 1) : 0;
}

/**
 * Relative deficits of the four metrics against `limits`. Each deficit (σ − σmax, W − Wmax, η − ηmax,
 * Pmin − P) is exactly the negated oracle slack (a − b = −(b − a) in IEEE arithmetic), so this agrees
 * bit for bit with the slacks of a result evaluated under the same limits.
 */
export function violationTerms(m: ConstrainedMetrics, limits: Limits): Record<ViolationKey, number> {
  return {
    stress: relativeDeficit(m.tip_stress_mpa - limits.max_stress_mpa, limits.max_stress_mpa),
    displacement: relativeDeficit(m.tip_disp_mm - limits.max_disp_mm, limits.max_disp_mm),
    frequency: relativeDeficit(m.freq_error_pct - limits.max_freq_error_pct, limits.max_freq_error_pct),
    power: relativeDeficit(limits.min_power_uw - m.load_power_uw, limits.min_power_uw),
  };
}

export function totalViolation(m: ConstrainedMetrics, limits: Limits): number {
  const t = violationTerms(m, limits);
  return t.stress + t.displacement + t.frequency + t.power;
}

/** Names of the violated constraints, in a fixed order. */
export function violatedConstraints(m: ConstrainedMetrics, limits: Limits): ViolationKey[] {
  const t = violationTerms(m, limits);
  return VIOLATION_KEYS.filter((k) => t[k] > 0);
}
