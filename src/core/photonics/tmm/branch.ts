/**
 * The normal wave-vector component in each medium, q = N cos θ, from Snell's invariant β = n₀ sin θ₀
 * (real, because the incident medium is lossless): q² = N² − β².
 *
 * Branch rule: q is the principal square root, Re q ≥ 0, and on the branch cut (Re q = 0, a lossless
 * medium beyond total internal reflection) Im q ≥ 0. For a passive medium (n ≥ 0, k ≥ 0) Im(q²) ≥ 0,
 * so the principal root lies in the first quadrant: the "forward" wave e^{i k₀ q z} both decays
 * (Im q ≥ 0) and carries its power away from the interface it came through (Re of its admittance ≥ 0).
 * In a gain medium (k < 0, only with allow_gain) the root continues N (Re q > 0) and grows.
 */
import { type Complex, c, mul, sqrt, sub } from '../complex.ts';

export function normalComponent(index: Complex, beta: number): Complex {
  return sqrt(sub(mul(index, index), c(beta * beta, 0)));
}
