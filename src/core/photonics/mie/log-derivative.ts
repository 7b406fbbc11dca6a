/**
 * Logarithmic derivatives Dₙ(z) = ψₙ′(z)/ψₙ(z) of the Riccati–Bessel function ψₙ(z) = z jₙ(z), for
 * n = 0 … N, by downward recurrence Dₙ₋₁ = n/z − 1/(Dₙ + n/z) (stable for every z; Wiscombe 1980).
 *
 * The recurrence needs an accurate D_N to start from. The textbook start (D = 0 at
 * max(N, |z|) + 15, Bohren & Huffman's BHMIE) is not enough for large, nearly real z: an error in the
 * start value decays only where n exceeds |z| by more than the ~|z|^{1/3}-wide transition zone, and
 * not at all below |z|, so for |z| = 1.5·10⁴ it leaves D at n_max = 10088 at 0.356 instead of 0.626
 * (log-derivative.test.ts). We therefore evaluate D_N itself from Lentz's (1976)
 * continued fraction for J_{N−1/2}(z)/J_{N+1/2}(z), with the modified-Lentz algorithm of Thompson &
 * Barnett (1986), which converges for every z ≠ 0 (after ~|z| − N terms when |z| > N, so for large |z|
 * we evaluate it just above |z| and recur down from there).
 *
 * The WASM kernel (assembly/photonics-mie.ts) performs the same operations in the same order.
 */
import { abs2, add, c, mul, ONE, scale, sub, ZERO, type Complex } from '../complex.ts';
import { recip } from './quotient.ts';

/** Relative change per continued-fraction step below which the fraction is converged (|Δ − 1|² < this). */
export const LENTZ_TOLERANCE_SQ = 1e-32;
/** Stand-in for an exactly zero partial denominator (modified Lentz); its square must not underflow. */
const TINY = 1e-150;

/** Enough terms for the continued fraction at any |z| ≤ 10⁷; beyond that the start value is NaN. */
function lentzTermLimit(absZ: number): number {
  return Math.ceil(2 * absZ) + 10_000;
}

/** D_n(z) from the continued fraction (n ≥ 1); NaN if it does not converge. */
export function lentzLogDerivative(n: number, z: Complex): Complex {
  const zInv = recip(z);
  const nu = n + 0.5;
  // J_{ν−1}/J_ν = b₀ − 1/(b₁ − 1/(b₂ − …)), b_j = 2(ν + j)/z, from J_{ν−1} + J_{ν+1} = (2ν/z) J_ν.
  let f = scale(zInv, 2 * nu);
  if (f.re === 0 && f.im === 0) f = c(TINY);
  let cj = f;
  let dj = ZERO;
  const limit = lentzTermLimit(Math.sqrt(abs2(z)));
  for (let j = 1; j <= limit; j++) {
    const b = scale(zInv, 2 * (nu + j));
    dj = sub(b, dj);
    if (dj.re === 0 && dj.im === 0) dj = c(TINY);
    dj = recip(dj);
    cj = sub(b, recip(cj));
    if (cj.re === 0 && cj.im === 0) cj = c(TINY);
    const delta = mul(cj, dj);
    f = mul(f, delta);
    if (abs2(sub(delta, ONE)) < LENTZ_TOLERANCE_SQ) return sub(f, scale(zInv, n));
  }
  return c(Number.NaN, Number.NaN);
}

/** Real-argument twin of lentzLogDerivative (x > 0). */
export function lentzLogDerivativeReal(n: number, x: number): number {
  const xInv = 1 / x;
  const nu = n + 0.5;
  let f = xInv * (2 * nu);
  if (f === 0) f = TINY;
  let cj = f;
  let dj = 0;
  const limit = lentzTermLimit(x);
  for (let j = 1; j <= limit; j++) {
    const b = xInv * (2 * (nu + j));
    dj = b - dj;
    if (dj === 0) dj = TINY;
    dj = 1 / dj;
    cj = b - 1 / cj;
    if (cj === 0) cj = TINY;
    const delta = cj * dj;
    f *= delta;
    const e = delta - 1;
    if (e * e < LENTZ_TOLERANCE_SQ) return f - xInv * n;
  }
  return Number.NaN;
}

/**
 * Where the downward recurrence starts: at n_max, or just above |z| when |z| is larger. The continued
 * fraction needs ~|z| − n terms below n ≈ |z| but only a few dozen above it, while each extra recurrence
 * step costs one division (and above |z| the recurrence damps any error in its start value).
 */
export function recurrenceStart(absZ: number, nMax: number): number {
  return absZ > nMax ? Math.floor(absZ) + 16 : nMax;
}

/** Doubles per order in a logDerivatives table: Dₙ (re, im) and Rₙ = ψₙ/ψₙ₋₁ (re, im). */
export const LOG_DERIVATIVE_STRIDE = 4;

/**
 * Dₙ(z) and the ratios Rₙ = ψₙ(z)/ψₙ₋₁(z) = 1/(Dₙ + n/z) for n = 0 … N, as
 * [D₀.re, D₀.im, R₀.re, R₀.im, D₁.re, …] (R₀ is unused and left 0). The ratio is the reciprocal each
 * recurrence step computes anyway, so keeping it spares the solvers a division per order.
 */
export function logDerivatives(z: Complex, nMax: number): Float64Array {
  const d = new Float64Array(LOG_DERIVATIVE_STRIDE * (nMax + 1));
  const zInv = recip(z);
  const start = recurrenceStart(Math.sqrt(abs2(z)), nMax);
  let dn = lentzLogDerivative(start, z);
  for (let n = start; n > nMax; n--) {
    const nz = scale(zInv, n);
    dn = sub(nz, recip(add(dn, nz)));
  }
  d[LOG_DERIVATIVE_STRIDE * nMax] = dn.re;
  d[LOG_DERIVATIVE_STRIDE * nMax + 1] = dn.im;
  for (let n = nMax; n >= 1; n--) {
    const nz = scale(zInv, n);
    const ratio = recip(add(dn, nz));
    dn = sub(nz, ratio);
    const k = LOG_DERIVATIVE_STRIDE * n;
    d[k + 2] = ratio.re;
    d[k + 3] = ratio.im;
    d[k - LOG_DERIVATIVE_STRIDE] = dn.re;
    d[k - LOG_DERIVATIVE_STRIDE + 1] = dn.im;
  }
  return d;
}

/**
 * Ratios tₙ = ψₙ₋₁(x)/ψₙ(x) = Dₙ(x) + n/x for n = 1 … N at real x > 0 (index 0 unused), from the
 * downward recurrence. The solvers turn them into ψₙ with the Casoratian of ψ and χ (see
 * walkRiccatiBessel), not by multiplying them up from ψ₀ = sin x: that product is ψₙ only to
 * ε/|sin x| and is lost where x is near a multiple of π. tₙ itself is never inverted, so a zero of ψₙ
 * (tₙ = ±∞) or of ψₙ₋₁ (tₙ = 0) costs nothing.
 */
export function riccatiInverseRatiosReal(x: number, nMax: number): Float64Array {
  const t = new Float64Array(nMax + 1);
  const xInv = 1 / x;
  const start = recurrenceStart(x, nMax);
  let dn = lentzLogDerivativeReal(start, x);
  for (let n = start; n > nMax; n--) {
    const nx = xInv * n;
    dn = nx - 1 / (dn + nx);
  }
  for (let n = nMax; n >= 1; n--) {
    const nx = xInv * n;
    const tn = dn + nx;
    t[n] = tn;
    dn = nx - 1 / tn;
  }
  return t;
}

/** Dₙ at index n of a logDerivatives table. */
export function at(d: Float64Array, n: number): Complex {
  return c(d[LOG_DERIVATIVE_STRIDE * n] as number, d[LOG_DERIVATIVE_STRIDE * n + 1] as number);
}

/** Rₙ = ψₙ/ψₙ₋₁ at index n ≥ 1 of a logDerivatives table. */
export function ratioAt(d: Float64Array, n: number): Complex {
  return c(d[LOG_DERIVATIVE_STRIDE * n + 2] as number, d[LOG_DERIVATIVE_STRIDE * n + 3] as number);
}
