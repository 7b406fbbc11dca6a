import { describe, expect, it } from 'vitest';
import { solveSlabModes } from '../slab/dispersion.ts';
import { makeGrid, rasteriseCrossSection } from './cross-section.ts';
import { solveTransverseModes } from './transverse-modes.ts';

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
