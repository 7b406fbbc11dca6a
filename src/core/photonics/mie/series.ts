/**
 * Sums of the Mie series shared by the homogeneous and the coated sphere (Bohren & Huffman 1983,
 * §4.4–4.5): given the coefficients aₙ, bₙ in order n = 1, 2, …, accumulates
 *   Qext = (2/x²) Σ (2n+1) Re(aₙ + bₙ)
 *   Qsca = (2/x²) Σ (2n+1) (|aₙ|² + |bₙ|²)
 *   g Qsca = (4/x²) [Σ n(n+2)/(n+1) Re(aₙ aₙ₊₁* + bₙ bₙ₊₁*) + Σ (2n+1)/(n(n+1)) Re(aₙ bₙ*)]
 *   Qback = |Σ (2n+1)(−1)ⁿ (aₙ − bₙ)|² / x²   (Bohren & Huffman's backscattering efficiency)
 * x is the outer size parameter. The WASM kernel accumulates in the same order.
 */
import type { Complex } from '../complex.ts';

export interface MieEfficiencies {
  readonly qext: number;
  readonly qsca: number;
  readonly qback: number;
  readonly g: number;
}

/** Wiscombe's (1980) series length, as in Bohren & Huffman's BHMIE: n_max = x + 4x^{1/3} + 2. */
export function mieTermCount(x: number): number {
  return Math.floor(x + 4 * Math.cbrt(x) + 2);
}

export class MieSeries {
  private ext = 0;
  private sca = 0;
  private asym = 0;
  private backRe = 0;
  private backIm = 0;
  private prevARe = 0;
  private prevAIm = 0;
  private prevBRe = 0;
  private prevBIm = 0;

  /** Adds the order-n terms; call with n = 1, 2, … in turn. */
  add(n: number, a: Complex, b: Complex): void {
    const w = 2 * n + 1;
    this.ext += w * (a.re + b.re);
    this.sca += w * (a.re * a.re + a.im * a.im + (b.re * b.re + b.im * b.im));
    if (n > 1) {
      // the n(n+2)/(n+1) term of order n − 1 pairs a_{n−1} with a_n
      const k = ((n - 1) * (n + 1)) / n;
      this.asym += k * (this.prevARe * a.re + this.prevAIm * a.im + (this.prevBRe * b.re + this.prevBIm * b.im));
    }
    this.asym += (w / (n * (n + 1))) * (a.re * b.re + a.im * b.im);
    const s = n % 2 === 0 ? w : -w;
    this.backRe += s * (a.re - b.re);
    this.backIm += s * (a.im - b.im);
    this.prevARe = a.re;
    this.prevAIm = a.im;
    this.prevBRe = b.re;
    this.prevBIm = b.im;
  }

  finish(x: number): MieEfficiencies {
    const x2 = x * x;
    return {
      qext: (2 * this.ext) / x2,
      qsca: (2 * this.sca) / x2,
      qback: (this.backRe * this.backRe + this.backIm * this.backIm) / x2,
      // g = (4/x²) Σ… / Qsca; a particle that does not scatter at all (m = 1) has no direction to prefer
      g: this.sca > 0 ? (2 * this.asym) / this.sca : 0,
    };
  }
}
