/**
 * Tuning one limit until the best achievable margin s* (search.ts) reaches a chosen value: this is
 * how near-boundary infeasible, boundary-solvable and structurally infeasible specs are built. s* is
 * monotone in every limit (loosening a limit never shrinks the feasible set), so bisection on the
 * limit's log-scale works; the limit is then rounded to 3 significant figures and s* recomputed.
 */
import type { CircuitConstraintName, CircuitLimits } from '../oracle.ts';
import { sig, type CircuitSpace } from './common.ts';
import { searchSpace, type SearchOutcome } from './search.ts';

/** Scales a limit by `factor` in its loosening direction (max limits grow, the Q floor shrinks). */
export function scaleLimit(limits: CircuitLimits, name: CircuitConstraintName, factor: number): CircuitLimits {
  const limit = limits[name];
  if (limit === undefined) return limits;
  return { ...limits, [name]: name === 'min_q' ? limit / factor : limit * factor };
}

export interface Tuned {
  space: CircuitSpace;
  outcome: SearchOutcome;
}

/** The space with `name`'s limit set so s* ≈ `target` (after rounding the limit to 3 significant figures). */
export function tuneLimit(space: CircuitSpace, name: CircuitConstraintName, target: number): Tuned {
  let lo = Math.log(1 / 64);
  let hi = Math.log(64);
  for (let i = 0; i < 22; i++) {
    const mid = (lo + hi) / 2;
    const s = searchSpace({ ...space, limits: scaleLimit(space.limits, name, Math.exp(mid)) }).bestMargin;
    if (s < target) lo = mid;
    else hi = mid;
  }
  const scaled = scaleLimit(space.limits, name, Math.exp((lo + hi) / 2));
  const limit = scaled[name];
  const limits = limit === undefined ? scaled : { ...scaled, [name]: sig(limit, 3) };
  const tuned = { ...space, limits };
  return { space: tuned, outcome: searchSpace(tuned) };
}
