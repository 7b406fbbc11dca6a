/**
 * Dipole polarizability per lattice cell, in units of d³ (Gaussian units, as in ADDA and Draine's
 * papers), for relative index m and kd (k: wavenumber in the medium, d: dipole spacing).
 * - CM: Clausius–Mossotti, α = (3/4π)(m² − 1)/(m² + 2).
 * - RR: CM with the radiative reaction, 1/α = 1/α_CM − (2/3)i(kd)³ (Draine 1988).
 * - LDR: lattice dispersion relation (Draine & Goodman 1993, ApJ 405, 685, eq. 5.x):
 *   1/α = 1/α_CM + (b1 + m²b2 + m²b3·S)(kd)² − (2/3)i(kd)³, S = Σ_j (â_j ê_j)²; ADDA's default.
 *   For incidence along a lattice axis with polarization along another, S = 0.
 * Returned as 1/α: the system matrix needs it on its diagonal, and Cabs needs its imaginary part.
 */
import { add, c, div, mul, sub, type Complex } from '../complex.ts';

export type PolarizabilityRule = 'ldr' | 'cm' | 'rr';

/** Draine & Goodman (1993) lattice-dispersion coefficients. */
export const LDR_B1 = -1.8915316;
export const LDR_B2 = 0.1648469;
export const LDR_B3 = -1.7700004;

export function inversePolarizability(m: Complex, kd: number, rule: PolarizabilityRule, S = 0): Complex {
  const m2 = mul(m, m);
  const alphaCm = mul(c(3 / (4 * Math.PI)), div(sub(m2, c(1)), add(m2, c(2))));
  const invCm = div(c(1), alphaCm);
  const radiative = c(0, -(2 / 3) * kd ** 3);
  if (rule === 'cm') return invCm;
  if (rule === 'rr') return add(invCm, radiative);
  const dispersion = mul(add(c(LDR_B1), mul(m2, c(LDR_B2 + LDR_B3 * S))), c(kd * kd));
  return add(add(invCm, dispersion), radiative);
}
