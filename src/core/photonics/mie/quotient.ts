/**
 * Complex division for the Mie kernels: a/b = a·b̄ / |b|², one real division where Smith's algorithm
 * (complex.ts div) spends three; divisions dominate the series cost. It is exact to rounding as long as
 * 1e-154 < |b| < 1e154. Over the kernels' accepted range (MIE_MIN_SIZE_PARAMETER ≤ x ≤
 * MIE_MAX_SIZE_PARAMETER) every divisor stays far inside it: the largest are the Mie denominators,
 * |Dₙ/m · ξₙ| ≲ (n/x)·(2n−1)!!/xⁿ ≈ 1e37 at x = 1e-12, and Lentz's zero guard is 1e-150.
 * The WASM kernel uses the same formula (cdiv in assembly/photonics-mie.ts).
 */
import { c, type Complex } from '../complex.ts';

export function quot(a: Complex, b: Complex): Complex {
  const t = 1 / (b.re * b.re + b.im * b.im);
  return c((a.re * b.re + a.im * b.im) * t, (a.im * b.re - a.re * b.im) * t);
}

export function recip(b: Complex): Complex {
  const t = 1 / (b.re * b.re + b.im * b.im);
  return c(b.re * t, -b.im * t);
}
