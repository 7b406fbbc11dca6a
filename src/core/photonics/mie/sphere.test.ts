/**
 * The homogeneous-sphere reference against published values. Sources:
 *  - BH: Bohren & Huffman (1983), Appendix A, BHMIE sample output (m = 1.55, λ = 0.6328 µm, r = 0.525 µm).
 *  - Du: H. Du, "Mie-scattering calculation", Appl. Opt. 43, 1951 (2004), Table 1 (Qext, Qsca to 7 digits;
 *    the same spheres as Wiscombe's MIEV0 test cases).
 *  - MIEV0: W. J. Wiscombe, NCAR/TN-140+STR (1979, rev. 1996) and the MIEV0 test output: g, and S1(180°),
 *    from which Qback = 4|S1(180°)|²/x². MIEV0 writes m = n − ik (e^{+iωt}); the same spheres are
 *    n + ik here, and |S1|, Q and g do not depend on the sign convention.
 *  - W79: Wiscombe (1979) Appendix tables for m = 1.5 and 1.5 + 0.1i (Qext, Qsca, g to 6 decimals; S11(180°)
 *    to 6 digits, Qback = 4 S11(180°)/x²).
 * Tolerances: half a unit in the last printed digit (one unit for the MIEV0 g values), relative where
 * the table gives significant digits (Du, S-values), absolute where it gives decimals (BH, MIEV0, W79).
 */
import { describe, expect, it } from 'vitest';
import { c } from '../complex.ts';
import { createRng } from '../../stats/rng.ts';
import { mieSphere } from './sphere.ts';
import { INDEX_FAMILIES, randomIndex } from './random-batch.ts';

const qbackFromS1 = (re: number, im: number, x: number): number => (4 * (re * re + im * im)) / (x * x);

describe('Bohren & Huffman Appendix A', () => {
  it('m = 1.55, x = 2π·0.525/0.6328: Qext = Qsca = 3.10543, Qback = 2.92534, g = 0.63314', () => {
    const r = mieSphere(c(1.55, 0), (2 * Math.PI * 0.525) / 0.6328);
    expect(Math.abs(r.qext - 3.10543)).toBeLessThan(5e-6);
    expect(Math.abs(r.qsca - 3.10543)).toBeLessThan(5e-6);
    expect(Math.abs(r.qback - 2.92534)).toBeLessThan(5e-6);
    expect(Math.abs(r.g - 0.63314)).toBeLessThan(5e-6);
  });
});

describe('Du (2004) Table 1 / MIEV0 test spheres: Qext and Qsca to 7 significant digits', () => {
  // [x, n, k, Qext, Qsca]
  const cases: [number, number, number, number, number][] = [
    [0.099, 0.75, 0, 7.417859e-6, 7.417859e-6],
    [0.101, 0.75, 0, 8.033538e-6, 8.033538e-6],
    [10, 0.75, 0, 2.232265, 2.232265],
    [1000, 0.75, 0, 1.997908, 1.997908],
    [100, 1.33, 1e-5, 2.101321, 2.096594],
    [10000, 1.33, 1e-5, 2.004089, 1.723857],
    [0.055, 1.5, 1, 0.101491, 1.131687e-5],
    [0.056, 1.5, 1, 0.1033467, 1.216311e-5],
    [100, 1.5, 1, 2.097502, 1.283697],
    [10000, 1.5, 1, 2.004368, 1.236574],
    [1, 10, 10, 2.532993, 2.049405],
    [100, 10, 10, 2.071124, 1.836785],
    [10000, 10, 10, 2.005914, 1.795393],
  ];
  it.each(cases)('x = %s, m = %s + %si', (x, n, k, qext, qsca) => {
    const r = mieSphere(c(n, k), x);
    // 7 printed significant digits: |Δ| ≤ 5e-7 relative (plus one unit for the 6-digit 0.101491)
    expect(Math.abs(r.qext / qext - 1)).toBeLessThan(1e-6);
    expect(Math.abs(r.qsca / qsca - 1)).toBeLessThan(1e-6);
  });
});

describe('MIEV0 test cases: asymmetry g (6 decimals) and Qback from S1(180°)', () => {
  // [case, x, n, k, g, S1(180°) re, im] — S1 where the test output prints it
  const cases: [string, number, number, number, number, number?, number?][] = [
    ['5', 0.099, 0.75, 0, 0.001448, 1.81756e-8, -1.6481e-4],
    ['6', 0.101, 0.75, 0, 0.001507, 2.04875e-8, -1.74965e-4],
    ['7', 10, 0.75, 0, 0.896473, -1.07857, -3.60881e-2],
    ['8', 1000, 0.75, 0, 0.844944, 1.70578e1, 4.84251e2],
    ['9', 1, 1.33, 1e-5, 0.184517],
    ['10', 100, 1.33, 1e-5, 0.868959],
    ['11', 10000, 1.33, 1e-5, 0.90784],
    ['12', 0.055, 1.5, 1, 0.000491],
    ['13', 0.056, 1.5, 1, 0.000509],
    ['14', 1, 1.5, 1, 0.192136, 0.348844, 0.146829],
    ['15', 100, 1.5, 1, 0.850252],
    ['16', 10000, 1.5, 1, 0.846309],
    ['17', 1, 10, 10, -0.110664],
    ['18', 100, 10, 10, 0.556215],
    ['19', 10000, 10, 10, 0.548194],
  ];
  it.each(cases)('case %s: x = %s, m = %s + %si', (_case, x, n, k, g, s1re, s1im) => {
    const r = mieSphere(c(n, k), x);
    // one unit in the last printed decimal (case 16 prints 0.846309; we get 0.84630996)
    expect(Math.abs(r.g - g)).toBeLessThan(1e-6);
    if (s1re !== undefined && s1im !== undefined) {
      // S1 printed to 6 significant digits: |S1|² good to ~1e-5 relative
      expect(Math.abs(r.qback / qbackFromS1(s1re, s1im, x) - 1)).toBeLessThan(2e-5);
    }
  });

  it('case 14 also fixes Qext = 4 Re S1(0°)/x² with S1(0°) = 0.584080 + 0.190515i', () => {
    expect(Math.abs(mieSphere(c(1.5, 1), 1).qext - 4 * 0.58408)).toBeLessThan(4 * 5e-7);
  });
});

describe('Wiscombe (1979) tables, m = 1.5 and 1.5 + 0.1i', () => {
  // [x, n, k, Qext, Qsca, g, S11(180°)]
  const cases: [number, number, number, number, number, number, number][] = [
    [10, 1.5, 0, 2.881999, 2.881999, 0.742913, 0.423766e2],
    [100, 1.5, 0, 2.094388, 2.094388, 0.818246, 0.434048e4],
    [1000, 1.5, 0, 2.013945, 2.013945, 0.827882, 0.257577e7],
    [5000, 1.5, 0, 2.00865, 2.00865, 0.829592, 0.237786e9],
    [10, 1.5, 0.1, 2.459791, 1.235144, 0.92235, 0.231818e1],
    [100, 1.5, 0.1, 2.089822, 1.132134, 0.950392, 0.103837e3],
    [1000, 1.5, 0.1, 2.019703, 1.106932, 0.95088, 0.103834e5],
    [5000, 1.5, 0.1, 2.006775, 1.099193, 0.95065, 0.259585e6],
  ];
  it.each(cases)('x = %s, m = %s + %si', (x, n, k, qext, qsca, g, s11back) => {
    const r = mieSphere(c(n, k), x);
    expect(Math.abs(r.qext - qext)).toBeLessThan(5e-7 + 1e-9);
    expect(Math.abs(r.qsca - qsca)).toBeLessThan(5e-7 + 1e-9);
    expect(Math.abs(r.g - g)).toBeLessThan(5e-7 + 1e-9);
    expect(Math.abs(r.qback / ((4 * s11back) / (x * x)) - 1)).toBeLessThan(5e-6);
  });
});

describe('limits and invariants', () => {
  it('Rayleigh limit: Qsca → (8/3)x⁴|(m²−1)/(m²+2)|², Qabs → 4x Im[(m²−1)/(m²+2)] (Bohren & Huffman eqs. 5.8–5.9)', () => {
    for (const [n, k] of [[1.5, 0], [1.33, 0.01], [0.47, 2.4], [3.5, 0.5]] as const) {
      const x = 1e-3;
      // (m² − 1)/(m² + 2) by hand
      const m2re = n * n - k * k;
      const m2im = 2 * n * k;
      const den = (m2re + 2) ** 2 + m2im ** 2;
      const pRe = ((m2re - 1) * (m2re + 2) + m2im * m2im) / den;
      const pIm = (m2im * (m2re + 2) - (m2re - 1) * m2im) / den;
      const r = mieSphere(c(n, k), x);
      // the next terms are O(x²) ≈ 1e-6 relative
      expect(Math.abs(r.qsca / ((8 / 3) * x ** 4 * (pRe * pRe + pIm * pIm)) - 1)).toBeLessThan(1e-5);
      if (k > 0) expect(Math.abs((r.qext - r.qsca) / (4 * x * pIm) - 1)).toBeLessThan(1e-5);
      // dipole backscattering: Qback = (3/2) Qsca for a Rayleigh sphere
      expect(Math.abs(r.qback / (1.5 * r.qsca) - 1)).toBeLessThan(1e-5);
    }
  });

  it('a lossless sphere absorbs nothing: Qext = Qsca to 1e-13 relative, from x = 1e-3 (Re aₙ ≈ x³|aₙ|) to 1e3', () => {
    for (const x of [1e-3, 0.01, 0.3, 3, 30, 300, 1000]) {
      for (const n of [0.6, 1.2, 1.5, 2.5, 4]) {
        const r = mieSphere(c(n, 0), x);
        expect(Math.abs(r.qext - r.qsca) / r.qsca).toBeLessThan(1e-13);
      }
    }
  });

  it('energy and range on 500 seeded random spheres: Qext ≥ Qsca ≥ 0, Qback ≥ 0, |g| ≤ 1', () => {
    const rng = createRng(5);
    for (let i = 0; i < 500; i++) {
      const m = randomIndex(rng, INDEX_FAMILIES[i % INDEX_FAMILIES.length] ?? 'dielectric');
      const x = Math.exp(rng.uniform(Math.log(1e-3), Math.log(300)));
      const r = mieSphere(c(m.n, m.k), x);
      expect(r.qsca).toBeGreaterThanOrEqual(0);
      expect(r.qext - r.qsca).toBeGreaterThanOrEqual(-1e-13 * r.qext);
      expect(r.qback).toBeGreaterThanOrEqual(0);
      expect(Math.abs(r.g)).toBeLessThanOrEqual(1);
    }
  });

  it('large spheres approach the extinction paradox Qext → 2 (van de Hulst)', () => {
    for (const m of [c(1.33, 0), c(1.5, 1), c(0.2, 3)]) expect(Math.abs(mieSphere(m, 2e4).qext - 2)).toBeLessThan(0.01);
  });
});
