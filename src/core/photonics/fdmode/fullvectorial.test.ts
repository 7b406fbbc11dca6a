/**
 * The full-vectorial operator against exact references:
 * - a homogeneous window with electric walls is a metallic rectangular waveguide: its top mode is
 *   TE10 (E_y only, sin(πx/a)), whose Yee-grid eigenvalue is exactly β² = k₀²n² − (2/dx)²sin²(π/2nx);
 *   half of a twice-as-wide box behind a magnetic wall must give the same number;
 * - a core filling the window's width is a slab, and electric side walls leave the slab TE mode
 *   (E_x along the layers) unchanged, so n_eff must match the exact slab solver (src/core/photonics/slab)
 *   up to the grid error (6e-4 at 10 nm for 220 nm of silicon, measured; 1.5e-3 allowed);
 * - a 6 µm-wide strip approaches the slab TE0 and TM0 from below; the lateral confinement costs
 *   about (λ/2W)²/(2n) ≈ 0.003–0.004 in n_eff (effective-index estimate), so 0 < Δ < 0.006;
 * - a square core on a square grid has degenerate quasi-TE and quasi-TM fundamentals (90° rotation);
 * - the mirror-symmetric half windows reproduce the whole window's eigenvalues.
 */
import { describe, expect, it } from 'vitest';
import { solveSlabModes } from '../slab/dispersion.ts';
import { solveFullVectorial } from './fullvectorial.ts';
import { assembleFullVectorial } from './fullvectorial-operator.ts';
import { createReferenceSparseKernel, type SparseLuKernel } from '../linalg/multifrontal.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { yeePermittivity } from './yee-grid.ts';

const SI = 3.4757;
const SIO2 = 1.444;
const k0 = (2 * Math.PI) / 1550;

describe('full-vectorial FD modes', () => {
  it('gives the exact Yee-grid TE10 eigenvalue of a homogeneous box, also as a half box behind a magnetic wall', () => {
    const [nx, ny, dx, dy, n2] = [12, 8, 60, 50, 4];
    const eps = yeePermittivity(nx, ny, dx, dy, () => n2, { xs: [], ys: [] });
    const r = solveFullVectorial({ nx, ny, dx, dy, eps, left: 'pec', wavelength: 1550, modes: 2, floorEps: 0 });
    const te10 = k0 * k0 * n2 - (2 / dx) ** 2 * Math.sin(Math.PI / (2 * nx)) ** 2;
    expect(r.converged).toBe(true);
    expect(r.modes[0]!.beta2 / te10).toBeCloseTo(1, 12);
    // E_y only: the TE fraction ∫|E_x|²/∫(|E_x|² + |E_y|²) is zero.
    expect(r.modes[0]!.teFraction).toBeLessThan(1e-12);
    const halfEps = yeePermittivity(nx / 2, ny, dx, dy, () => n2, { xs: [], ys: [] });
    const half = solveFullVectorial({ nx: nx / 2, ny, dx, dy, eps: halfEps, left: 'pmc', wavelength: 1550, modes: 1, floorEps: 0 });
    expect(half.modes[0]!.beta2 / te10).toBeCloseTo(1, 12);
  });

  it('reduces to the exact slab TE mode when the core fills the window width', () => {
    const exact = solveSlabModes({ core: SI, cover: SIO2, substrate: SIO2, thickness_nm: 220, wavelength_nm: 1550 }, 'TE')[0]!.n_eff;
    const [nx, ny, d] = [4, 180, 10];
    const eps = yeePermittivity(nx, ny, d, d, (_x, y) => (Math.abs(y - 900) <= 110 ? SI * SI : SIO2 * SIO2), { xs: [], ys: [790, 1010] });
    const r = solveFullVectorial({ nx, ny, dx: d, dy: d, eps, left: 'pec', wavelength: 1550, modes: 1, floorEps: SIO2 * SIO2 });
    expect(Math.abs(r.modes[0]!.neff - exact)).toBeLessThan(1.5e-3);
    expect(r.modes[0]!.teFraction).toBeGreaterThan(0.999999);
  });

  it('approaches the slab TE0 and TM0 from below for a 6 µm-wide strip', { timeout: 120_000 }, () => {
    const slab = { core: SI, cover: SIO2, substrate: SIO2, thickness_nm: 220, wavelength_nm: 1550 };
    // Half window x ≥ 0 (4 µm, 100 nm cells: the lateral field is smooth), 1.6 µm tall in 10 nm cells.
    const [nx, ny, dx, dy] = [40, 160, 100, 10];
    const eps = yeePermittivity(nx, ny, dx, dy, (x, y) => (x <= 3000 && Math.abs(y - 800) <= 110 ? SI * SI : SIO2 * SIO2), { xs: [3000], ys: [690, 910] });
    const te = solveFullVectorial({ nx, ny, dx, dy, eps, left: 'pec', wavelength: 1550, modes: 1, floorEps: SIO2 * SIO2 }).modes[0]!;
    // TM0 (even E_y, magnetic wall) sits below seven lateral orders of quasi-TE in its class (measured).
    const tm = solveFullVectorial({ nx, ny, dx, dy, eps, left: 'pmc', wavelength: 1550, modes: 10, floorEps: SIO2 * SIO2 }).modes.find((m) => m.teFraction < 0.5)!;
    const dTe = solveSlabModes(slab, 'TE')[0]!.n_eff - te.neff;
    const dTm = solveSlabModes(slab, 'TM')[0]!.n_eff - tm.neff;
    expect(te.teFraction).toBeGreaterThan(0.999);
    expect(tm.teFraction).toBeLessThan(0.01);
    for (const d of [dTe, dTm]) {
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThan(0.006);
    }
  });

  it('keeps no H_x–H_y coupling where the permittivity is uniform, also on cells whose sides round (Δy = 2220/112)', () => {
    // In a uniform region the divergence and curl terms of the coupling cancel exactly (see
    // CANCELLED in fullvectorial-operator.ts); inside a core edge they do not. Slots 2c and 2c + 1
    // are H_x and H_y of cell c, so a coupling is an entry whose column parity differs from its row's.
    const [nx, ny, dx, dy] = [24, 20, 20, 2220 / 112];
    const inCore = (x: number, y: number): boolean => Math.abs(x - 240) <= 100 && Math.abs(y - 198) <= 60;
    const couplings = (core: boolean): number => {
      const eps = yeePermittivity(nx, ny, dx, dy, (x, y) => (core && inCore(x, y) ? SI * SI : SIO2 * SIO2), core ? { xs: [140, 340], ys: [138, 258] } : { xs: [], ys: [] });
      const { a } = assembleFullVectorial({ nx, ny, dx, dy, eps, left: 'pec' }, k0);
      let count = 0;
      for (let r = 0; r < a.n; r++) for (let e = a.rowStart[r]!; e < a.rowStart[r + 1]!; e++) if ((a.cols[e]! - r) % 2 !== 0) count++;
      return count;
    };
    expect(couplings(false)).toBe(0);
    // Measured with the core: its edges couple the two components (a count, so not zero).
    expect(couplings(true)).toBeGreaterThan(40);
  });

  it('finds the quasi-TE and quasi-TM fundamentals of a square core degenerate', () => {
    const [n, d, side] = [30, 40, 400];
    const centre = (n * d) / 2;
    const epsAt = (x: number, y: number): number => (Math.abs(x - centre) <= side / 2 && Math.abs(y - centre) <= side / 2 ? SI * SI : SIO2 * SIO2);
    const faces = [centre - side / 2, centre + side / 2];
    const eps = yeePermittivity(n, n, d, d, epsAt, { xs: faces, ys: faces });
    const r = solveFullVectorial({ nx: n, ny: n, dx: d, dy: d, eps, left: 'pec', wavelength: 1550, modes: 2, floorEps: SIO2 * SIO2 });
    const [a, b] = r.modes;
    expect(Math.abs(a!.neff - b!.neff)).toBeLessThan(1e-8);
    expect(a!.neff).toBeGreaterThan(2);
  });

  it('splits a symmetric window into electric- and magnetic-wall halves with the same eigenvalues', () => {
    const [nx, ny, d] = [24, 20, 50];
    const epsAt = (x: number, y: number): number => (Math.abs(x - 600) <= 250 && y >= 450 && y <= 670 ? SI * SI : y < 450 ? SIO2 * SIO2 : 1);
    const edges = { xs: [350, 850], ys: [450, 670] };
    const whole = solveFullVectorial({ nx, ny, dx: d, dy: d, eps: yeePermittivity(nx, ny, d, d, epsAt, edges), left: 'pec', wavelength: 1550, modes: 2, floorEps: SIO2 * SIO2 });
    const halfEps = yeePermittivity(nx / 2, ny, d, d, (x, y) => epsAt(x + 600, y), { xs: [250], ys: edges.ys });
    const halves = (['pec', 'pmc'] as const).map((left) => solveFullVectorial({ nx: nx / 2, ny, dx: d, dy: d, eps: halfEps, left, wavelength: 1550, modes: 1, floorEps: SIO2 * SIO2 }).modes[0]!.beta2);
    const fromHalves = halves.sort((p, q) => q - p);
    expect(whole.modes[0]!.beta2 / fromHalves[0]!).toBeCloseTo(1, 7);
    expect(whole.modes[1]!.beta2 / fromHalves[1]!).toBeCloseTo(1, 7);
  });

  it('falls back to σ above the spectrum and the re-shift when the guessed factor fails its first solve', () => {
    // A backend whose first factorisation solves wrongly (a relative error of 1e-6 on every
    // entry, far above RESHIFT_MAX_RESIDUAL): the run must notice on the iteration's first solve
    // and give exactly what the same problem gives without a bound (no guessed shift at all).
    const [nx, ny, d] = [16, 14, 50];
    const epsAt = (x: number, y: number): number => (Math.abs(x - 400) <= 250 && Math.abs(y - 350) <= 110 ? SI * SI : SIO2 * SIO2);
    const eps = yeePermittivity(nx, ny, d, d, epsAt, { xs: [150, 650], ys: [240, 460] });
    const problem = { nx, ny, dx: d, dy: d, eps, left: 'pec' as const, wavelength: 1550, modes: 2, floorEps: SIO2 * SIO2 };
    const reference = createReferenceSparseKernel();
    let factorisations = 0;
    const corrupting: SparseLuKernel = {
      id: 'corrupting',
      reserveSparse: (z) => reference.reserveSparse(z),
      factorReserved: () => {
        factorisations++;
        return reference.factorReserved();
      },
      solveSparse: (f, xs) => {
        reference.solveSparse(f, xs);
        if (factorisations === 1) for (const x of xs) for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) * (1 + 1e-6 * Math.sin(i));
      },
    };
    const slabTop = solveSlabModes({ core: SI, cover: SIO2, substrate: SIO2, thickness_nm: 220, wavelength_nm: 1550 }, 'TE')[0]!.n_eff;
    const bounded = solveFullVectorial({ ...problem, topBeta2Bound: (k0 * slabTop) ** 2, linalg: { ...referenceLinalgKernel, sparseLu: corrupting } });
    const plain = solveFullVectorial(problem);
    // σ, then the re-shift: two factorisations after the guessed one.
    expect(factorisations).toBe(3);
    expect(bounded.converged).toBe(true);
    expect(bounded.modes.map((m) => m.beta2)).toEqual(plain.modes.map((m) => m.beta2));
  });
});

