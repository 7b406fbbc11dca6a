/**
 * Normalised constraint violation V(x) ≥ 0 of a circuit design, used by P2/P3 metrics and feedback:
 * each enforced and violated constraint contributes its deficit divided by its limit, so a 10 %
 * current overshoot and a 10 % tolerance overshoot weigh the same. V(x) = 0 exactly when the oracle
 * reports the design feasible (every deficit is the negated oracle slack).
 */
import { CIRCUIT_CONSTRAINT_NAMES, type CircuitConstraintName, type CircuitLimits, type CircuitResult } from './oracle.ts';

/** deficit / limit when positive (a non-positive limit counts as 1), else 0. */
function relativeDeficit(deficit: number, limit: number): number {
  return deficit > 0 ? deficit / (limit > 0 ? limit : 1) : 0;
}

/** Relative deficit of every enforced constraint (constraints the limits omit are absent). */
export function circuitViolationTerms(result: CircuitResult, limits: CircuitLimits): Partial<Record<CircuitConstraintName, number>> {
  const terms: Partial<Record<CircuitConstraintName, number>> = {};
  for (const name of CIRCUIT_CONSTRAINT_NAMES) {
    const limit = limits[name];
    const slack = result.slacks[name];
    if (limit === undefined || slack === null) continue;
    terms[name] = relativeDeficit(-slack, limit);
  }
  return terms;
}

export function circuitTotalViolation(result: CircuitResult, limits: CircuitLimits): number {
  const t = circuitViolationTerms(result, limits);
  let sum = 0;
  for (const name of CIRCUIT_CONSTRAINT_NAMES) sum += t[name] ?? 0;
  return sum;
}

/** Names of the violated constraints, in CIRCUIT_CONSTRAINT_NAMES order. */
export function circuitViolations(result: CircuitResult, limits: CircuitLimits): CircuitConstraintName[] {
  const t = circuitViolationTerms(result, limits);
  return CIRCUIT_CONSTRAINT_NAMES.filter((k) => (t[k] ?? 0) > 0);
}
