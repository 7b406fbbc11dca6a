import { describe, expect, it } from 'vitest';
import { maxAbs, add, identity, type CMatrix } from '../linalg/cmatrix.ts';
import { makeGrid, rasteriseCrossSection, rasteriseTmCrossSection, type ResolvedCore } from './cross-section.ts';
import { junctionSMatrix, overlapMatrix, solveSliceModes } from './cascade.ts';
import { betasFromSquares, interfaceSMatrix, propagationSMatrix, starProduct, starPropagation, transpose, type SMatrix } from './smatrix.ts';

const k0 = (2 * Math.PI) / 1.55;

function junctionBetween(widthA: number, widthB: number, modes: number) {
  const grid = makeGrid(4, 50);
  const slice = (key: string, w: number) => ({ key, lengthUm: 1, indexSquared: rasteriseCrossSection(grid, 1.45 ** 2, [{ centerUm: 0, widthUm: w, indexSquared: 4 }]) });
  const byKey = solveSliceModes([slice('a', widthA), slice('b', widthB)], grid.dx, k0, modes);
  const a = byKey.get('a');
  const b = byKey.get('b');
  if (!a || !b) throw new Error('modes missing');
  return { a, b, s: interfaceSMatrix(overlapMatrix(a.modes, b.modes, grid.dx), a.betas, b.betas), points: grid.points };
}

/** Power-normalised S-matrix restricted to propagating modes: S̃ = √β_out S / √β_in. */
function powerBlock(s: CMatrix, betaOut: Float64Array, betaIn: Float64Array, col: number): number {
  let p = 0;
  for (let n = 0; n < s.rows; n++) p += (((s.re[n * s.cols + col] as number) ** 2 + (s.im[n * s.cols + col] as number) ** 2) * (betaOut[n] as number)) / (betaIn[col] as number);
  return p;
}

describe('EME S-matrices', () => {
  it('a junction between identical sections is transparent: r = 0, t = I', () => {
    const { a, s } = junctionBetween(1, 1, 20);
    expect(a.betas.re.length).toBe(20);
    expect(maxAbs(s.s11)).toBeLessThan(1e-12);
    expect(maxAbs(add(s.s21, identity(20), -1))).toBeLessThan(1e-12);
  });

  it('conserves power exactly at a junction when every grid mode is kept (complete basis)', () => {
    // With all N modes the overlap matrix is orthogonal, so mode matching is exact and, the
    // structure being lossless, all incident power leaves in propagating modes.
    const probe = junctionBetween(0.6, 2.4, 1);
    const { a, b, s } = junctionBetween(0.6, 2.4, probe.points);
    for (const col of [0, 1]) {
      const out = powerBlock(s.s21, b.betas.re, a.betas.re, col) + powerBlock(s.s11, a.betas.re, a.betas.re, col);
      expect(Math.abs(out - 1)).toBeLessThan(1e-9);
    }
  });

  it('transpose swaps rows and columns of a rectangular matrix', () => {
    const a: CMatrix = { rows: 2, cols: 3, re: new Float64Array([1, 2, 3, 4, 5, 6]), im: new Float64Array([0, 0, 1, 0, 0, -1]) };
    const t = transpose(a);
    expect([t.rows, t.cols]).toEqual([3, 2]);
    expect(Array.from(t.re)).toEqual([1, 4, 2, 5, 3, 6]);
    expect(Array.from(t.im)).toEqual([0, 0, 0, 0, 1, -1]);
  });

  it('star product: propagation lengths add, and an identity junction changes nothing', () => {
    const betas = betasFromSquares([4, 1, -2]);
    const p1 = propagationSMatrix(betas, 0.7);
    const p2 = propagationSMatrix(betas, 1.1);
    const both = starProduct(p1, p2);
    const direct = propagationSMatrix(betas, 1.8);
    expect(maxAbs(add(both.s21, direct.s21, -1))).toBeLessThan(1e-14);
    expect(maxAbs(add(both.s12, direct.s12, -1))).toBeLessThan(1e-14);
    expect(maxAbs(both.s11)).toBe(0);
    // The O(M²) shortcut agrees with the full star product, on a junction that reflects.
    const { b, s: joint } = junctionBetween(0.8, 2, 6);
    const short = starPropagation(joint, b.betas, 0.4);
    const full = starProduct(joint, propagationSMatrix(b.betas, 0.4));
    expect(maxAbs(joint.s22)).toBeGreaterThan(1e-3);
    for (const k of ['s11', 's12', 's21', 's22'] as const) expect(maxAbs(add(short[k], full[k], -1))).toBeLessThan(1e-14);
    // Evanescent mode (β² = −2) decays as exp(−√2 L).
    expect(direct.s21.re[8]).toBeCloseTo(Math.exp(-Math.SQRT2 * 1.8), 14);
  });

  it('star product equals the explicit multiple-reflection sum for two partial mirrors', () => {
    // Scalar Fabry–Pérot: t = t1 t2 / (1 − r1' r2), r = r1 + t1 r2 t1' / (1 − r1' r2) (Born & Wolf §7.6).
    const scalar = (re: number): CMatrix => ({ rows: 1, cols: 1, re: new Float64Array([re]), im: new Float64Array([0]) });
    const mirror = (r: number, t: number): SMatrix => ({ s11: scalar(r), s22: scalar(-r), s21: scalar(t), s12: scalar(t) });
    const a = mirror(0.6, 0.8);
    const b = mirror(0.28, 0.96);
    const s = starProduct(a, b);
    expect(s.s21.re[0]).toBeCloseTo((0.8 * 0.96) / (1 - -0.6 * 0.28), 14);
    expect(s.s11.re[0]).toBeCloseTo(0.6 + (0.8 * 0.28 * 0.8) / (1 - -0.6 * 0.28), 14);
  });

  describe('TM junctions (H_y matched in 1/ε-weighted overlaps)', () => {
    function tmJunction(coresA: ResolvedCore[], coresB: ResolvedCore[], modes: number, windowUm = 4, gridNm = 50) {
      const grid = makeGrid(windowUm, gridNm);
      const slice = (key: string, cores: ResolvedCore[]) => ({ key, lengthUm: 1, indexSquared: rasteriseCrossSection(grid, 1.45 ** 2, cores), tm: rasteriseTmCrossSection(grid, 1.45 ** 2, cores) });
      const byKey = solveSliceModes([slice('a', coresA), slice('b', coresB)], grid.dx, k0, modes);
      const a = byKey.get('a');
      const b = byKey.get('b');
      if (!a || !b) throw new Error('modes missing');
      return { a, b, s: junctionSMatrix(a, b, grid.dx), points: grid.points };
    }
    const core = (widthUm: number, indexSquared = 4): ResolvedCore => ({ centerUm: 0, widthUm, indexSquared });

    it('identical sections are transparent', () => {
      const { s } = tmJunction([core(1)], [core(1)], 20);
      expect(maxAbs(s.s11)).toBeLessThan(1e-12);
      expect(maxAbs(add(s.s21, identity(20), -1))).toBeLessThan(1e-12);
    });

    it('conserves power exactly with every grid mode kept, from either side', () => {
      const probe = tmJunction([core(0.6)], [core(2.4)], 1);
      const { a, b, s } = tmJunction([core(0.6)], [core(2.4)], probe.points);
      for (const col of [0, 1]) {
        expect(Math.abs(powerBlock(s.s21, b.betas.re, a.betas.re, col) + powerBlock(s.s11, a.betas.re, a.betas.re, col) - 1)).toBeLessThan(1e-9);
        expect(Math.abs(powerBlock(s.s12, a.betas.re, b.betas.re, col) + powerBlock(s.s22, b.betas.re, b.betas.re, col) - 1)).toBeLessThan(1e-9);
      }
      // Reciprocity: the power-normalised S̃ = √β_out S / √β_in has S̃21 = S̃12ᵀ on the propagating modes.
      let worst = 0;
      for (let n = 0; n < 6; n++) {
        for (let m = 0; m < 6; m++) {
          const s21 = (s.s21.re[n * s.s21.cols + m] as number) * Math.sqrt((b.betas.re[n] as number) / (a.betas.re[m] as number));
          const s12 = (s.s12.re[m * s.s12.cols + n] as number) * Math.sqrt((a.betas.re[m] as number) / (b.betas.re[n] as number));
          worst = Math.max(worst, Math.abs(s21 - s12));
        }
      }
      expect(worst).toBeLessThan(1e-9);
      // The two weighted overlaps differ (ε differs where the cores differ), so O_BA ≠ O_ABᵀ matters.
      expect(maxAbs(add(transpose(overlapMatrix(a.modes, b.modes, 0.05)), overlapMatrix(b.modes, a.modes, 0.05), -1))).toBeGreaterThan(1e-3);
    });

    it('between two uniform media reflects the TM Fresnel coefficient of the box mode, not the TE one', () => {
      // Core filling the window: the lowest box mode is a plane wave at angle θ, β = k₀n cos θ. TM
      // Fresnel (wave impedance ∝ β/ε, Born & Wolf §1.5): r = (β_A ε_B − β_B ε_A)/(β_A ε_B + β_B ε_A);
      // the discrete β of each section enters, so the match is to rounding.
      const { a, b, s } = tmJunction([core(4, 3.5 ** 2)], [core(4, 1.5 ** 2)], 10);
      const betaA = a.betas.re[0] as number;
      const betaB = b.betas.re[0] as number;
      const [epsA, epsB] = [3.5 ** 2, 1.5 ** 2];
      const rTm = (betaA * epsB - betaB * epsA) / (betaA * epsB + betaB * epsA);
      expect(s.s11.re[0]).toBeCloseTo(rTm, 12);
      // From the other side the same interface reflects −r (it needs O_BA, in A's 1/ε weight, not O_ABᵀ).
      expect(s.s22.re[0]).toBeCloseTo(-rTm, 12);
      expect(Math.abs((s.s11.re[0] as number) - (betaA - betaB) / (betaA + betaB))).toBeGreaterThan(0.01);
    });
  });
});
