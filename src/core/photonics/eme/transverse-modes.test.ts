import { describe, expect, it } from 'vitest';
import { solveSlabModes } from '../slab/dispersion.ts';
import { makeGrid, rasteriseCrossSection, rasteriseTmCrossSection } from './cross-section.ts';
import { solveTmModes, solveTransverseModes, type TransverseModes } from './transverse-modes.ts';

describe('solveTransverseModes', () => {
  it('reproduces the exact discrete spectrum and sine modes of a uniform closed window', () => {
    // The FD Laplacian with Dirichlet ends has eigenvalues −(4/Δx²) sin²(jπ/(2(N+1))) and
    // eigenvectors sin(jπ i/(N+1)) (e.g. LeVeque, Finite Difference Methods, §2.10), exactly.
    const N = 99;
    const dx = 0.05;
    const n = 1.5;
    const k0 = (2 * Math.PI) / 1.55;
    const modes = solveTransverseModes(new Float64Array(N).fill(n * n), dx, k0, 12);
    for (let j = 1; j <= 12; j++) {
      const exact = k0 * k0 * n * n - (4 / (dx * dx)) * Math.sin((j * Math.PI) / (2 * (N + 1))) ** 2;
      expect(modes.betaSquared[j - 1]).toBeCloseTo(exact, 9);
      const field = modes.fields[j - 1] as Float64Array;
      const norm = Math.sqrt(2 / ((N + 1) * dx));
      const sign = Math.sign(field[Math.floor((N + 1) / (2 * j)) - 1] as number);
      for (let i = 0; i < N; i += 7) expect(field[i]).toBeCloseTo(sign * norm * Math.sin((j * Math.PI * (i + 1)) / (N + 1)), 9);
    }
  });

  it('returns orthonormal fields (Σ E_i E_j Δx = δ_ij) even for a strongly guiding profile', () => {
    const grid = makeGrid(6, 20);
    const eps = rasteriseCrossSection(grid, 1.444 ** 2, [{ centerUm: 0.3, widthUm: 0.5, indexSquared: 3.476 ** 2 }]);
    const modes = solveTransverseModes(eps, grid.dx, (2 * Math.PI) / 1.55, 30);
    for (let a = 0; a < 30; a++) {
      for (let b = a; b < 30; b++) {
        let s = 0;
        const fa = modes.fields[a] as Float64Array;
        const fb = modes.fields[b] as Float64Array;
        for (let i = 0; i < fa.length; i++) s += (fa[i] as number) * (fb[i] as number) * grid.dx;
        expect(Math.abs(s - (a === b ? 1 : 0))).toBeLessThan(1e-10);
      }
    }
    for (let j = 1; j < 30; j++) expect(modes.betaSquared[j]).toBeLessThan(modes.betaSquared[j - 1] as number);
  });

  it('matches the exact symmetric-slab TE n_eff (transverse resonance) to 2e-4 on a 10 nm grid', () => {
    // Reference: solveSlabModes, the dispersion-equation solver (Kogelnik 1975), independent of FD.
    const core = 2.0;
    const clad = 1.45;
    const width = 1.5;
    const grid = makeGrid(10, 10);
    const eps = rasteriseCrossSection(grid, clad * clad, [{ centerUm: 0, widthUm: width, indexSquared: core * core }]);
    const k0 = (2 * Math.PI) / 1.55;
    const modes = solveTransverseModes(eps, grid.dx, k0, 5);
    const exact = solveSlabModes({ core, cover: clad, substrate: clad, thickness_nm: width * 1000, wavelength_nm: 1550 }, 'TE');
    expect(exact.length).toBe(3);
    exact.forEach((mode, j) => expect(Math.abs(Math.sqrt(modes.betaSquared[j] as number) / k0 - mode.n_eff)).toBeLessThan(2e-4));
    // The fourth mode is already radiation: below the cladding line.
    expect(Math.sqrt(modes.betaSquared[3] as number) / k0).toBeLessThan(clad);
  });
});

/** Largest |Σ f_a f_b w Δx − δ_ab| over the first `count` modes, w the modes' own weight (1 when absent, TE). */
function orthonormalityError(modes: TransverseModes, dx: number, count: number, weight = modes.weight): number {
  let worst = 0;
  for (let a = 0; a < count; a++) {
    for (let b = a; b < count; b++) {
      const fa = modes.fields[a] as Float64Array;
      const fb = modes.fields[b] as Float64Array;
      let s = 0;
      for (let i = 0; i < fa.length; i++) s += (fa[i] as number) * (fb[i] as number) * (weight?.[i] ?? 1) * dx;
      worst = Math.max(worst, Math.abs(s - (a === b ? 1 : 0)));
    }
  }
  return worst;
}

describe('solveTmModes', () => {
  const k0 = (2 * Math.PI) / 1.55;
  const slabNeff = (core: number, clad: number, widthUm: number) => solveSlabModes({ core, cover: clad, substrate: clad, thickness_nm: widthUm * 1000, wavelength_nm: 1550 }, 'TM');
  function tmNeffErrors(core: number, clad: number, widthUm: number, centerUm: number, windowUm: number, gridNm: number, count: number): number[] {
    const grid = makeGrid(windowUm, gridNm);
    const modes = solveTmModes(rasteriseTmCrossSection(grid, clad * clad, [{ centerUm, widthUm, indexSquared: core * core }]), grid.dx, k0, count);
    return slabNeff(core, clad, widthUm)
      .slice(0, count)
      .map((mode, j) => Math.abs(Math.sqrt(modes.betaSquared[j] as number) / k0 - mode.n_eff));
  }

  it('in a uniform window has the TE spectrum, with fields orthonormal in ∫H²/ε', () => {
    // With ε constant, ε d/dx(ε⁻¹ dH/dx) is the plain second derivative: same eigenvalues as the TE
    // test above (LeVeque §2.10); the fields are the TE ones scaled by √ε.
    const grid = makeGrid(5, 50);
    const eps = 1.5 ** 2;
    const te = solveTransverseModes(rasteriseCrossSection(grid, eps, []), grid.dx, k0, 10);
    const tm = solveTmModes(rasteriseTmCrossSection(grid, eps, []), grid.dx, k0, 10);
    for (let j = 0; j < 10; j++) {
      expect(tm.betaSquared[j]).toBeCloseTo(te.betaSquared[j] as number, 9);
      const teField = te.fields[j] as Float64Array;
      const tmField = tm.fields[j] as Float64Array;
      // A sine's two equal extremes leave the sign convention to rounding: compare up to sign.
      const sign = Math.sign(tmField.reduce((acc, h, i) => acc + h * (teField[i] as number), 0));
      tmField.forEach((h, i) => expect(h).toBeCloseTo(sign * Math.sqrt(eps) * (teField[i] as number), 9));
    }
    expect(orthonormalityError(tm, grid.dx, 10)).toBeLessThan(1e-12);
  });

  it('returns fields orthonormal under the 1/ε-weighted product (and not under the plain one) for a silicon core', () => {
    const grid = makeGrid(6, 20);
    const modes = solveTmModes(rasteriseTmCrossSection(grid, 1.444 ** 2, [{ centerUm: 0.3, widthUm: 0.5, indexSquared: 3.476 ** 2 }]), grid.dx, k0, 30);
    expect(modes.weight?.length).toBe(grid.points);
    expect(orthonormalityError(modes, grid.dx, 30)).toBeLessThan(1e-10);
    // The weight is what makes them orthogonal: without it a 12:1 contrast in 1/ε shows at once.
    expect(orthonormalityError(modes, grid.dx, 30, new Float64Array(grid.points).fill(1 / 1.444 ** 2))).toBeGreaterThan(1e-2);
    for (let j = 1; j < 30; j++) expect(modes.betaSquared[j]).toBeLessThan(modes.betaSquared[j - 1] as number);
  });

  it('matches the exact symmetric-slab TM n_eff to 1e-4 on a 10 nm grid, core edges on or off the grid', () => {
    // Reference: solveSlabModes (TM dispersion equation with r = (n_core/n_clad)², Kogelnik 1975).
    // Measured: 3.4e-5 worst with the edges on cell boundaries, 4.9e-5 with the core shifted 12.3 nm.
    expect(slabNeff(2.0, 1.45, 1.5)).toHaveLength(3);
    for (const center of [0, 0.0123]) {
      const errors = tmNeffErrors(2.0, 1.45, 1.5, center, 10, 10, 3);
      expect(errors).toHaveLength(3);
      for (const e of errors) expect(e).toBeLessThan(1e-4);
    }
  });

  it('converges at second order under grid refinement for a silicon slab (harmonic averaging at the steps)', () => {
    // 500 nm Si (3.476) in SiO₂ (1.444), TM0 and TM1 (TM2 sits at cutoff and is left out). Second
    // order means the error falls 4× per halving; measured for TM1: 7.6e-3, 8.2e-4, 2.1e-4, 5.1e-5 at
    // 20, 10, 5, 2.5 nm; 3× per halving is required, and 1e-4 at 2.5 nm with the edges off the grid.
    const errors = [20, 10, 5, 2.5].map((g) => Math.max(...tmNeffErrors(3.476, 1.444, 0.5, 0, 6, g, 2)));
    for (let i = 1; i < errors.length; i++) expect(errors[i]).toBeLessThan((errors[i - 1] as number) / 3);
    expect(Math.max(...tmNeffErrors(3.476, 1.444, 0.5, 0.0123, 6, 2.5, 2))).toBeLessThan(1e-4);
    // TM lies below TE for the same slab (the TM boundary factor r > 1 pushes the field out of the core).
    const grid = makeGrid(6, 5);
    const te = solveTransverseModes(rasteriseCrossSection(grid, 1.444 ** 2, [{ centerUm: 0, widthUm: 0.5, indexSquared: 3.476 ** 2 }]), grid.dx, k0, 1);
    const tm = solveTmModes(rasteriseTmCrossSection(grid, 1.444 ** 2, [{ centerUm: 0, widthUm: 0.5, indexSquared: 3.476 ** 2 }]), grid.dx, k0, 1);
    expect(tm.betaSquared[0]).toBeLessThan((te.betaSquared[0] as number) - 0.1);
  });
});
