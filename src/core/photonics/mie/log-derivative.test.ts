/**
 * Dₙ(z) = ψₙ′(z)/ψₙ(z). Reference values: ψₙ(z) = √(πz/2) J_{n+1/2}(z) evaluated with 40-digit
 * Bessel functions in mpmath 1.3, Dₙ = ψₙ₋₁/ψₙ − n/z; and the closed form D₀(z) = cot z.
 */
import { describe, expect, it } from 'vitest';
import { c } from '../complex.ts';
import { at, lentzLogDerivative, lentzLogDerivativeReal, logDerivatives, ratioAt, riccatiInverseRatiosReal } from './log-derivative.ts';

describe('logarithmic derivative Dₙ(z)', () => {
  const cases: [number, number, number, number, number][] = [
    // n, Re z, Im z, Re D, Im D (mpmath)
    [5, 3, 2, 1.159663808500245, -1.0952285175259855],
    [40, 15, 0.01, 2.5464563636077266, -0.0019555717972017466],
    [1, 1e-3, 1e-3, 999.9998000000114, -1000.0002000000114],
    [120, 100, 100, 0.3453963064333946, -1.056968323604773],
    [30, 150, 0, -0.9004617824711839, 0],
  ];

  it.each(cases)('continued fraction: D_%s(%s + %si)', (n, re, im, dRe, dIm) => {
    const d = lentzLogDerivative(n, c(re, im));
    const scale = Math.hypot(dRe, dIm);
    expect(Math.abs(d.re - dRe) / scale).toBeLessThan(1e-13);
    expect(Math.abs(d.im - dIm) / scale).toBeLessThan(1e-13);
  });

  it.each(cases)('downward recurrence from n_max = 200 reaches D_%s(%s + %si)', (n, re, im, dRe, dIm) => {
    const d = at(logDerivatives(c(re, im), 200), n);
    const scale = Math.hypot(dRe, dIm);
    expect(Math.abs(d.re - dRe) / scale).toBeLessThan(1e-13);
    expect(Math.abs(d.im - dIm) / scale).toBeLessThan(1e-13);
  });

  it('reaches D₀(z) = cot z at n = 0 (z = 2 + 0.5i)', () => {
    const z = c(2, 0.5);
    // cot(a + ib) = (sin 2a − i sinh 2b) / (cosh 2b − cos 2a)
    const den = Math.cosh(1) - Math.cos(4);
    const d0 = at(logDerivatives(z, 30), 0);
    expect(Math.abs(d0.re - Math.sin(4) / den)).toBeLessThan(1e-14);
    expect(Math.abs(d0.im + Math.sinh(1) / den)).toBeLessThan(1e-14);
  });

  it('keeps the ratios ψ₁/ψ₀ = 1/z − cot z (complex table) and ψ₀/ψ₁ at real x = 7', () => {
    const z = c(2, 0.5);
    const den = Math.cosh(1) - Math.cos(4);
    const r1 = ratioAt(logDerivatives(z, 30), 1);
    // 1/z = (2 − 0.5i)/4.25
    expect(Math.abs(r1.re - (2 / 4.25 - Math.sin(4) / den))).toBeLessThan(1e-14);
    expect(Math.abs(r1.im - (-0.5 / 4.25 + Math.sinh(1) / den))).toBeLessThan(1e-14);
    expect(Math.abs(1 / (riccatiInverseRatiosReal(7, 30)[1] as number) - (1 / 7 - 1 / Math.tan(7)))).toBeLessThan(1e-14);
  });

  it('starts correctly for large real arguments where the textbook start index fails', () => {
    // x = 10⁴ and m = 1.5: Dₙ(1.5·10⁴) is needed up to n_max = 10088. Starting the recurrence at
    // D = 0 at max(n_max, |z|) + 15 (BHMIE) leaves D_{n_max} = 0.356 instead of 0.626 (the error does
    // not decay in the oscillatory region n < |z|). The continued fraction agrees with a recurrence
    // started 3000 orders higher.
    const z = 1.5e4;
    const nMax = 10088;
    const fromDeep = (start: number): number => {
      let d = 0;
      for (let n = start; n > nMax; n--) d = n / z - 1 / (d + n / z);
      return d;
    };
    const lentz = lentzLogDerivativeReal(nMax, z);
    expect(Math.abs(lentz - fromDeep(z + 3000))).toBeLessThan(1e-11);
    expect(Math.abs(fromDeep(Math.max(nMax, z) + 15) - lentz)).toBeGreaterThan(0.1);
  });
});
