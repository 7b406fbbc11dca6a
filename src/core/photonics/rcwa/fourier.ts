/**
 * Fourier coefficients of a piecewise-constant periodic function (a lamellar grating layer's
 * permittivity, or its inverse), and the Toeplitz matrices RCWA builds from them.
 *
 * Convention: f(x) = Σ_h f_h·exp(+i·2πhx/Λ), so f_h = (1/Λ)∫₀^Λ f(x)·exp(−i·2πhx/Λ) dx. With the
 * field written as Σ_n S_n·exp(−i·k_x,n·x) and k_x,n = k_x,0 − 2πn/Λ, the product f·S has harmonic m
 * equal to Σ_n f_{m−n}·S_n: the Toeplitz matrix T[m][n] = f_{m−n}.
 */
import { zeros, type CMatrix } from '../linalg/cmatrix.ts';

/** One segment of a period, in fractions of the period: [from, to) with 0 ≤ from < to ≤ 1. */
export interface Segment {
  from: number;
  to: number;
  re: number;
  im: number;
}

/**
 * Coefficients f_h for h = −maxOrder…maxOrder (index h + maxOrder) of a function that equals each
 * segment's value on its interval and `background` elsewhere.
 */
export function fourierCoefficients(background: { re: number; im: number }, segments: readonly Segment[], maxOrder: number): { re: Float64Array; im: Float64Array } {
  const size = 2 * maxOrder + 1;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re[maxOrder] = background.re;
  im[maxOrder] = background.im;
  for (const s of segments) {
    // Each segment adds (value − background) on its interval.
    const dr = s.re - background.re;
    const di = s.im - background.im;
    for (let h = -maxOrder; h <= maxOrder; h++) {
      let cr: number;
      let ci: number;
      if (h === 0) {
        cr = s.to - s.from;
        ci = 0;
      } else {
        // (1/Λ)∫ exp(−i2πhx/Λ) over [from, to]·Λ = (exp(−i2πh·to) − exp(−i2πh·from)) / (−i2πh)
        const a = 2 * Math.PI * h;
        const er = Math.cos(a * s.to) - Math.cos(a * s.from);
        const ei = -Math.sin(a * s.to) + Math.sin(a * s.from);
        // divide by −i·a: (er + i·ei)/(−i·a) = (i·er − ei)/a
        cr = -ei / a;
        ci = er / a;
      }
      re[h + maxOrder] = (re[h + maxOrder] as number) + dr * cr - di * ci;
      im[h + maxOrder] = (im[h + maxOrder] as number) + dr * ci + di * cr;
    }
  }
  return { re, im };
}

/** The (2N+1)×(2N+1) Toeplitz matrix T[m][n] = f_{m−n} from coefficients up to order 2N. */
export function toeplitz(coeffs: { re: Float64Array; im: Float64Array }, harmonics: number): CMatrix {
  const maxOrder = (coeffs.re.length - 1) / 2;
  const size = 2 * harmonics + 1;
  if (maxOrder < 2 * harmonics) throw new Error(`toeplitz: need coefficients up to order ${2 * harmonics}, have ${maxOrder}`);
  const m = zeros(size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const k = i - j + maxOrder;
      m.re[i * size + j] = coeffs.re[k] as number;
      m.im[i * size + j] = coeffs.im[k] as number;
    }
  }
  return m;
}
