/**
 * Passivity: a passive component cannot return more power than it receives, i.e. every singular
 * value of S is ≤ 1 (eigenvalues of S†S ≤ 1). The check is made on each component's S-matrix (the
 * magnitudes of the compact models here do not depend on wavelength, so one wavelength suffices) and
 * reports violations in words an agent can pass on.
 */
import { gramEigenvalues } from './cmatrix.ts';
import type { SMatrix } from './smatrix.ts';

/** Tolerance on the largest eigenvalue of S†S: rounding in √p and cos/sin stays far below it. */
export const PASSIVITY_TOLERANCE = 1e-9;

export interface PassivityReport {
  readonly component: string;
  readonly type: string;
  /** largest eigenvalue of S†S: the most power any input combination can leave with, per unit in */
  readonly max_power_gain: number;
  readonly passive: boolean;
}

const percent = (x: number): string => `${Math.round(x * 1000) / 10} %`;

/**
 * `named`: the component is one instance of a user's netlist, so the warning quotes its name;
 * otherwise it is the problem's whole component ("the splitter").
 */
export function checkPassivity(component: string, type: string, m: SMatrix, named: boolean): { report: PassivityReport; warning?: string } {
  const eig = gramEigenvalues(m.s);
  const maxGain = Math.max(0, ...eig);
  const passive = maxGain <= 1 + PASSIVITY_TOLERANCE;
  const report = { component, type, max_power_gain: maxGain, passive };
  if (passive) return { report };
  const who = named ? `${type} "${component}"` : `the ${type}`;
  const warning =
    type === 'splitter'
      ? `passivity violated by ${who}: its outputs carry ${percent(maxGain)} of the input; a passive splitter cannot exceed 100 % (a lossless 1×2 splitter's arm fractions sum to exactly 100 %, e.g. 50 % + 50 %). The results below are unphysical`
      : `passivity violated by ${who}: the largest eigenvalue of S†S is ${maxGain}, so some input leaves with ${percent(maxGain)} of its power; a passive component cannot exceed 100 %. The results below are unphysical`;
  return { report, warning };
}
