/**
 * Per-multipole Mie terms of a homogeneous sphere: the coefficients aₙ (electric 2ⁿ-pole) and bₙ
 * (magnetic 2ⁿ-pole) of Bohren & Huffman (1983) eq. 4.88, and each one's share of the scattering
 * efficiency, Qsca = Σₙ Qₙᴱ + Qₙᴹ with Qₙᴱ = (2/x²)(2n+1)|aₙ|², Qₙᴹ = (2/x²)(2n+1)|bₙ|² (§4.4).
 * Resolving the total into its terms is what tells a magnetic-dipole resonance (b₁) from an electric
 * one (a₁) — the totals the kernels return cannot. The coefficients come from the same stable
 * recurrences as ./sphere.ts (walkRiccatiBessel, mieCoefficient), so they are the terms the
 * efficiencies are summed from; orders above the series length n_max are evaluated too (they are
 * tiny, not zero).
 */
import { add, c, mul, scale, type Complex } from '../complex.ts';
import { recip } from './quotient.ts';
import { at, logDerivatives, riccatiInverseRatiosReal } from './log-derivative.ts';
import { mieTermCount } from './series.ts';
import { mieCoefficient, walkRiccatiBessel } from './sphere.ts';

export interface SphereMultipoles {
  /** aₙ, n = 1 … orders. */
  readonly a: Complex[];
  /** bₙ, n = 1 … orders. */
  readonly b: Complex[];
  /** Qₙᴱ = (2/x²)(2n+1)|aₙ|². */
  readonly qscaElectric: number[];
  /** Qₙᴹ = (2/x²)(2n+1)|bₙ|². */
  readonly qscaMagnetic: number[];
}

/** The first `orders` multipole terms of a sphere of relative index m and size parameter x. */
export function sphereMultipoles(m: Complex, x: number, orders: number): SphereMultipoles {
  if (!Number.isInteger(orders) || orders < 1) throw new RangeError(`orders must be a positive integer, got ${orders}`);
  // The recurrences run to at least the series length, so the low orders are those ./sphere.ts sums.
  const nTerms = Math.max(orders, mieTermCount(x));
  const dz = logDerivatives(scale(m, x), nTerms);
  const t = riccatiInverseRatiosReal(x, nTerms);
  const xInv = 1 / x;
  const mInv = recip(m);
  const a: Complex[] = [];
  const b: Complex[] = [];
  walkRiccatiBessel(x, t, orders, (n, psi, chi, psiPrev, chiPrev) => {
    const dn = at(dz, n);
    const nx = xInv * n;
    a.push(mieCoefficient(add(mul(dn, mInv), c(nx)), psi, chi, psiPrev, chiPrev));
    b.push(mieCoefficient(add(mul(m, dn), c(nx)), psi, chi, psiPrev, chiPrev));
  });
  const f = 2 / (x * x);
  const q = (v: Complex, n: number): number => f * (2 * n + 1) * (v.re * v.re + v.im * v.im);
  return { a, b, qscaElectric: a.map((v, i) => q(v, i + 1)), qscaMagnetic: b.map((v, i) => q(v, i + 1)) };
}
