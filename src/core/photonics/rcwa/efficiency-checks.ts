/**
 * The checks every RCWA result gets, 1-D and 2-D alike: how far the efficiencies moved when the
 * basis shrank (the convergence re-check), and whether energy balances (R + T = 1 in a lossless
 * stack, R + T ≤ 1 in an absorbing one). Orders are matched by `sameOrder` (m, or (m, n)).
 */
interface WithEfficiency {
  readonly efficiency: number;
}

interface EfficiencyLists<O extends WithEfficiency> {
  readonly reflected: readonly O[];
  readonly transmitted: readonly O[];
}

/** Largest |Δ efficiency| of any order between two solves; an order missing from `b` counts as 0 there. */
export function maxEfficiencyChange<O extends WithEfficiency>(a: EfficiencyLists<O>, b: EfficiencyLists<O>, sameOrder: (x: O, y: O) => boolean): number {
  let worst = 0;
  for (const [list, other] of [
    [a.reflected, b.reflected],
    [a.transmitted, b.transmitted],
  ] as const) {
    for (const o of list) {
      const p = other.find((x) => sameOrder(x, o));
      worst = Math.max(worst, Math.abs(o.efficiency - (p?.efficiency ?? 0)));
    }
  }
  return worst;
}

interface EnergyTotals {
  readonly absorbed: number;
  readonly totalReflected: number;
  readonly totalTransmitted: number;
}

/** Warns when energy does not balance within `tolerance`; `raise` names the fields that fix it. */
export function checkEnergyBalance(r: EnergyTotals, lossless: boolean, tolerance: number, wavelength: number, polarization: string, raise: string, warnings: Set<string>): void {
  if (!lossless) {
    if (r.absorbed < -tolerance) warnings.add(`R + T exceeds 1 by ${(-r.absorbed).toExponential(1)} at ${wavelength} nm (${polarization}) in an absorbing stack: raise ${raise}`);
    return;
  }
  if (Math.abs(r.absorbed) > tolerance) {
    warnings.add(`energy is not conserved at ${wavelength} nm (${polarization}): the stack is lossless but R + T = ${(r.totalReflected + r.totalTransmitted).toFixed(6)}; raise ${raise}`);
  }
}
