/**
 * The target curve of each family: given its free variables and a target multiplier (1 + ε), the
 * remaining variable that puts the primary quantity exactly on target·(1 + ε). Searching over the
 * free variables only lets a coarse grid resolve the narrow ±tolerance band around the target.
 *  rc:  C = 1/(2π f R)          rl:  L = R/(2π f)
 *  rlc: L = 1/((2π f)² C)       divider: R2 = k R1/(1 − k), k = V/Vin
 */
import type { CircuitContext, CircuitFamily } from '../oracle.ts';
import { TWO_PI } from '../oracle-reference.ts';

/** Names of the free variables, in FAMILY_VARIABLES order minus the snapped one. */
export const FREE_VARIABLES: Readonly<Record<CircuitFamily, readonly string[]>> = {
  rc_lowpass: ['r_ohm'],
  rl_lowpass: ['r_ohm'],
  rlc_bandpass: ['r_ohm', 'c_nf'],
  divider: ['r1_ohm'],
};
/** The variable the target curve determines. */
export const SNAPPED_VARIABLE: Readonly<Record<CircuitFamily, string>> = {
  rc_lowpass: 'c_nf',
  rl_lowpass: 'l_mh',
  rlc_bandpass: 'l_mh',
  divider: 'r2_ohm',
};

/**
 * Full design values (FAMILY_VARIABLES order) from the free values and target multiplier; NaN
 * when the target cannot be reached (a divider output at or above its input).
 */
export function snapValues(family: CircuitFamily, ctx: CircuitContext, free: readonly number[], mult: number): number[] {
  const t = ctx.target_value * mult;
  const a = free[0] as number;
  if (family === 'rc_lowpass') return [a, 1e9 / (TWO_PI * t * a)];
  if (family === 'rl_lowpass') return [a, (1e3 * a) / (TWO_PI * t)];
  if (family === 'rlc_bandpass') {
    const c = free[1] as number;
    const w = TWO_PI * t;
    return [a, 1e3 / (w * w * c * 1e-9), c];
  }
  const k = t / ctx.vin_v;
  return k > 0 && k < 1 ? [a, (k * a) / (1 - k)] : [a, Number.NaN];
}
