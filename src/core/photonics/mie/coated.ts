/**
 * Mie coefficients of a coated sphere (core index m₁, shell index m₂, both relative to the medium;
 * core size parameter x, outer size parameter y). The coefficients are Bohren & Huffman's (1983,
 * §8.1, the Aden–Kerker solution), rewritten in logarithmic derivatives and ratios so that nothing
 * overflows for thick absorbing shells or cancels for thin ones — the formulation of Toon & Ackerman
 * (1981) in the form of Yang (2003, Appl. Opt. 42, 1710):
 *
 * The field in the shell is a combination f = ψₙ(m₂r) − A ξₙ(m₂r) (ξ = outgoing, decaying into an
 * absorbing shell, so the two basis functions never become parallel as ψ and χ do in BHCOAT). The
 * boundary condition at the core fixes f′/f at z = m₂x to F = (m₂/m₁)Dₙ(m₁x) for aₙ and
 * F = (m₁/m₂)Dₙ(m₁x) for bₙ. Carried to the outer surface, with Gₙ = ξₙ′/ξₙ and
 * Qₙ = [ψₙ(m₂x)/ξₙ(m₂x)] / [ψₙ(m₂y)/ξₙ(m₂y)], it becomes
 *   H = [Dₙ(m₂y) − Q′ Gₙ(m₂y)] / (1 − Q′),   Q′ = Qₙ (Dₙ(m₂x) − F) / (Gₙ(m₂x) − F),
 * and aₙ, bₙ are the homogeneous-sphere expressions with Dₙ(mx)/m → H_a/m₂ and m Dₙ(mx) → m₂ H_b.
 * Gₙ follows from the Wronskian ψξ′ − ψ′ξ = i: Gₙ = Dₙ + i/(ψₙξₙ), with ψₙξₙ and Qₙ by upward
 * products of the ratios ψₙ/ψₙ₋₁ = 1/(Dₙ + n/z) and ξₙ/ξₙ₋₁ = n/z − Gₙ₋₁. Their n = 0 values use
 * sin z scaled by e^{−|Im z|}, so arbitrarily absorbing shells stay finite.
 */
import { abs2, add, c, I, mul, ONE, scale, sub, type Complex } from '../complex.ts';
import { quot, recip } from './quotient.ts';
import { at, logDerivatives, ratioAt, riccatiInverseRatiosReal } from './log-derivative.ts';
import { MieSeries, mieTermCount, type MieEfficiencies } from './series.ts';
import { mieCoefficient, mieSphere, walkRiccatiBessel } from './sphere.ts';

/** S(z) with sin z = e^{|Im z|} S(z); finite for every z. */
export function scaledSin(z: Complex): Complex {
  const t = Math.abs(z.im);
  const e = Math.exp(-2 * t);
  const oneMinusE = -Math.expm1(-2 * t);
  return c(Math.sin(z.re) * (1 + e) * 0.5, Math.cos(z.re) * (z.im < 0 ? -oneMinusE : oneMinusE) * 0.5);
}

/** ψ₀(z) ξ₀(z) = −i sin z e^{iz}. */
export function riccatiProduct0(z: Complex): Complex {
  const s = scaledSin(z);
  const p = mul(c(s.im, -s.re), c(Math.cos(z.re), Math.sin(z.re)));
  return scale(p, Math.exp(Math.abs(z.im) - z.im));
}

/** Q₀ = [ψ₀(u)/ξ₀(u)] / [ψ₀(v)/ξ₀(v)] = e^{i(v − u)} sin u / sin v. */
export function riccatiRatio0(u: Complex, v: Complex): Complex {
  const w = sub(v, u);
  const phase = c(Math.cos(w.re), Math.sin(w.re));
  const q = mul(phase, quot(scaledSin(u), scaledSin(v)));
  return scale(q, Math.exp(Math.abs(u.im) - Math.abs(v.im) - w.im));
}

/** C(z) with cos z = e^{|Im z|} C(z); finite for every z. */
export function scaledCos(z: Complex): Complex {
  const t = Math.abs(z.im);
  const e = Math.exp(-2 * t);
  const oneMinusE = -Math.expm1(-2 * t);
  return c(Math.cos(z.re) * (1 + e) * 0.5, -Math.sin(z.re) * (z.im < 0 ? -oneMinusE : oneMinusE) * 0.5);
}

/**
 * ψ₁(z) e^{−|Im z|} = S(z)/z − C(z) and the factor 1 + i/z of ξ₁(z) = −e^{iz}(1 + i/z). The closed
 * form keeps its digits for |z| ≥ 1 (it cancels only towards ψ₁ ≈ z²/3 at small z), and, unlike
 * ψ₀·(ψ₁/ψ₀), it stays finite where sin z = 0.
 */
function scaledPsi1(z: Complex): Complex {
  return sub(quot(scaledSin(z), z), scaledCos(z));
}
function xi1Factor(z: Complex): Complex {
  const w = recip(z);
  return c(1 - w.im, w.re);
}

/** ψ₁(z) ξ₁(z) = −ψ̃₁ (1 + i/z) e^{i Re z} e^{|Im z| − Im z}. */
export function riccatiProduct1(z: Complex): Complex {
  const p = mul(mul(scaledPsi1(z), xi1Factor(z)), c(Math.cos(z.re), Math.sin(z.re)));
  return scale(p, -Math.exp(Math.abs(z.im) - z.im));
}

/** A complex number as mantissa · e^{exponent}, so that e^{2 Im u} · e^{−2 Im v} never overflows on the way. */
interface Scaled {
  readonly m: Complex;
  readonly e: number;
}

/** ψ₁(z)/ξ₁(z) = −ψ̃₁/(1 + i/z) · e^{−i Re z} e^{|Im z| + Im z}. */
function psiOverXi1(z: Complex): Scaled {
  const m = mul(quot(scaledPsi1(z), xi1Factor(z)), c(Math.cos(z.re), -Math.sin(z.re)));
  return { m: c(-m.re, -m.im), e: Math.abs(z.im) + z.im };
}

/** ψ₁(z)/ξ₁(z) = [ψ₀/ξ₀](z) · (ψ₁/ψ₀)/(ξ₁/ξ₀), ψ₀/ξ₀ = i S(z) e^{−i Re z} e^{|Im z| + Im z}: for |z| < 1. */
function psiOverXi1FromZero(z: Complex, psiRatio: Complex, xiRatio: Complex): Scaled {
  const s = scaledSin(z);
  const m = mul(mul(c(-s.im, s.re), c(Math.cos(z.re), -Math.sin(z.re))), quot(psiRatio, xiRatio));
  return { m, e: Math.abs(z.im) + z.im };
}

/** ξ₁(z)/ψ₁(z) = −(1 + i/z)/ψ̃₁ · e^{i Re z} e^{−|Im z| − Im z}. */
function xiOverPsi1(z: Complex): Scaled {
  const m = mul(quot(xi1Factor(z), scaledPsi1(z)), c(Math.cos(z.re), Math.sin(z.re)));
  return { m: c(-m.re, -m.im), e: -Math.abs(z.im) - z.im };
}

/** Log-derivative H of the shell field at the outer surface, given F at the core surface. */
export function shellLogDerivative(f: Complex, dCore: Complex, gCore: Complex, dOuter: Complex, gOuter: Complex, q: Complex): Complex {
  const qq = mul(q, quot(sub(dCore, f), sub(gCore, f)));
  return quot(sub(dOuter, mul(qq, gOuter)), sub(ONE, qq));
}

/**
 * Efficiencies of a coated sphere, normalised by the outer cross-section πb² (size parameter y).
 * A vanishing core (x = 0) is a homogeneous sphere of shell material; a vanishing shell (x = y)
 * one of core material.
 */
export function mieCoated(m1: Complex, m2: Complex, x: number, y: number): MieEfficiencies {
  if (x <= 0) return mieSphere(m2, y);
  if (x >= y) return mieSphere(m1, y);
  const nMax = mieTermCount(y);
  const x1 = scale(m1, x);
  const x2 = scale(m2, x);
  const y2 = scale(m2, y);
  const d1 = logDerivatives(x1, nMax);
  const d2 = logDerivatives(x2, nMax);
  const d3 = logDerivatives(y2, nMax);
  const tY = riccatiInverseRatiosReal(y, nMax);
  const x2Inv = recip(x2);
  const y2Inv = recip(y2);
  const m21 = quot(m2, m1);
  const m12 = quot(m1, m2);
  const m2Inv = recip(m2);
  const yInv = 1 / y;

  let gx: Complex = I; // G₀ = i for every argument
  let gy: Complex = I;
  let px = riccatiProduct0(x2);
  let py = riccatiProduct0(y2);
  let q = riccatiRatio0(x2, y2);
  const series = new MieSeries();
  walkRiccatiBessel(y, tY, nMax, (n, psi, chi, psiPrev, chiPrev) => {
    const nx2 = scale(x2Inv, n);
    const ny2 = scale(y2Inv, n);
    const d1n = at(d1, n);
    const d2n = at(d2, n);
    const d3n = at(d3, n);
    // ψₙ/ψₙ₋₁ = 1/(Dₙ + n/z), not n/z − Dₙ₋₁: the latter cancels to x/3 from 1/x − cot x for small z
    const ux = ratioAt(d2, n);
    const uy = ratioAt(d3, n);
    const vx = sub(nx2, gx); // ξₙ/ξₙ₋₁ = n/z − Gₙ₋₁ (no cancellation: ξ is the dominant solution)
    const vy = sub(ny2, gy);
    if (n === 1 && abs2(y2) >= 1) {
      // Order 1 from its closed form, not from order 0 through ψ₁/ψ₀: where m₂x or m₂y is a multiple
      // of π (a real shell index and a round size), ψ₀ = sin z ≈ 0 and ψ₁/ψ₀ ≈ ∞ lose every digit.
      const outer = xiOverPsi1(y2);
      const inner = abs2(x2) >= 1 ? psiOverXi1(x2) : psiOverXi1FromZero(x2, ux, vx);
      px = abs2(x2) >= 1 ? riccatiProduct1(x2) : mul(mul(px, ux), vx);
      py = riccatiProduct1(y2);
      q = scale(mul(inner.m, outer.m), Math.exp(inner.e + outer.e));
    } else {
      px = mul(mul(px, ux), vx);
      py = mul(mul(py, uy), vy);
      q = mul(q, quot(mul(ux, vy), mul(vx, uy)));
    }
    gx = add(d2n, quot(I, px));
    gy = add(d3n, quot(I, py));
    const ha = shellLogDerivative(mul(m21, d1n), d2n, gx, d3n, gy, q);
    const hb = shellLogDerivative(mul(m12, d1n), d2n, gx, d3n, gy, q);
    const ny = yInv * n;
    const a = mieCoefficient(add(mul(ha, m2Inv), c(ny)), psi, chi, psiPrev, chiPrev);
    const b = mieCoefficient(add(mul(m2, hb), c(ny)), psi, chi, psiPrev, chiPrev);
    series.add(n, a, b);
  });
  return series.finish(y);
}
