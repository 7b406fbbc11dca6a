/**
 * Mie coefficients of a homogeneous sphere (Bohren & Huffman 1983, eq. 4.88, with their e^{−iωt},
 * m = n + ik convention), for relative index m and size parameter x = 2π n_medium r / λ0:
 *   aₙ = [(Dₙ(mx)/m + n/x) ψₙ(x) − ψₙ₋₁(x)] / [(Dₙ(mx)/m + n/x) ξₙ(x) − ξₙ₋₁(x)]
 *   bₙ = [(m Dₙ(mx) + n/x) ψₙ(x) − ψₙ₋₁(x)] / [(m Dₙ(mx) + n/x) ξₙ(x) − ξₙ₋₁(x)]
 * with ξₙ = ψₙ − iχₙ. Unlike BHMIE, ψₙ(x) is not run upward (ψ₁ = sin x/x − cos x cancels to x²/3
 * for small x, and the recurrence is unstable for n > x). χₙ (the dominant solution) runs upward,
 * which is stable, and ψₙ follows from it and the ratio tₙ = ψₙ₋₁/ψₙ = Dₙ(x) + n/x of the stable
 * downward recurrence through the Casoratian ψₙ₋₁χₙ − ψₙχₙ₋₁ = 1 (constant for any two solutions of
 * the three-term recurrence; 1 at n = 1 from sin² + cos²):
 *   ψₙ = 1/(tₙ χₙ − χₙ₋₁).
 * The subtraction is benign: tₙχₙ = 1/ψₙ + χₙ₋₁ with |ψₙχₙ₋₁| ≲ 1 (amplitudes about 1 below n ≈ x,
 * ψₙχₙ₋₁ → 0 above), so ψₙ keeps its relative precision to a few ε — tiny spheres included — and
 * nothing multiplies or divides by sin x. (Building ψₙ = sin x · Π 1/tₖ instead
 * carries the absolute error of t₁ ≈ sin x/ψ₁ through 1/t₁ and fails wherever x is a multiple of π:
 * Qext = 1.381 instead of 2.584 for m = 1.5 + 0.1i at x = 2π.) For real m the numerator A and the
 * denominator A − iB are then exact in their parts, so Re aₙ = A²/(A² + B²) keeps its digits even
 * when it is x³ times smaller than |aₙ| (Rayleigh spheres: Qext = Qsca to the last bits).
 */
import { add, c, mul, scale, type Complex } from '../complex.ts';
import { quot, recip } from './quotient.ts';
import { at, logDerivatives, riccatiInverseRatiosReal } from './log-derivative.ts';
import { MieSeries, mieTermCount, type MieEfficiencies } from './series.ts';

/** aₙ or bₙ = (d ψₙ − ψₙ₋₁) / (d ξₙ − ξₙ₋₁) for real-argument ψ, χ (ξ = ψ − iχ). */
export function mieCoefficient(d: Complex, psi: number, chi: number, psiPrev: number, chiPrev: number): Complex {
  const num = c(d.re * psi - psiPrev, d.im * psi);
  const den = c(d.re * psi + d.im * chi - psiPrev, d.im * psi - d.re * chi + chiPrev);
  return quot(num, den);
}

/**
 * Walks ψₙ(x), χₙ(x) for n = 1 … N at real x, calling `visit` with the current and previous values.
 * `t` holds tₙ = ψₙ₋₁/ψₙ from riccatiInverseRatiosReal. ψ₀ = sin x is used as it is, never scaled.
 */
export function walkRiccatiBessel(
  x: number,
  t: Float64Array,
  nMax: number,
  visit: (n: number, psi: number, chi: number, psiPrev: number, chiPrev: number) => void,
): void {
  const xInv = 1 / x;
  let psiPrev = Math.sin(x); // ψ₀
  let chiPrev = Math.cos(x); // χ₀
  let chiPrev2 = -psiPrev; // χ₋₁ = −sin x
  for (let n = 1; n <= nMax; n++) {
    const chi = xInv * (2 * n - 1) * chiPrev - chiPrev2;
    // Casoratian ψₙ₋₁χₙ − ψₙχₙ₋₁ = 1 with ψₙ₋₁ = tₙψₙ
    const psi = 1 / ((t[n] as number) * chi - chiPrev);
    visit(n, psi, chi, psiPrev, chiPrev);
    chiPrev2 = chiPrev;
    psiPrev = psi;
    chiPrev = chi;
  }
}

export function mieSphere(m: Complex, x: number): MieEfficiencies {
  const nMax = mieTermCount(x);
  const dz = logDerivatives(scale(m, x), nMax);
  const t = riccatiInverseRatiosReal(x, nMax);
  const xInv = 1 / x;
  const mInv = recip(m);
  const series = new MieSeries();
  walkRiccatiBessel(x, t, nMax, (n, psi, chi, psiPrev, chiPrev) => {
    const dn = at(dz, n);
    const nx = xInv * n;
    const a = mieCoefficient(add(mul(dn, mInv), c(nx)), psi, chi, psiPrev, chiPrev);
    const b = mieCoefficient(add(mul(m, dn), c(nx)), psi, chi, psiPrev, chiPrev);
    series.add(n, a, b);
  });
  return series.finish(x);
}
