/**
 * Pins the semi-vectorial solver's n_eff on fixed grids (issue 20: the solver moved from a banded
 * LU with subspace iteration to the sparse multifrontal LU with shift-invert block Krylov; the
 * eigenvalues of the same discrete operator must not move). The numbers were printed by the banded
 * subspace-iteration solver at commit a35f28a (converged to 1e-10 relative in β²), before the
 * change; the new solver must reproduce them to 1e-8 in n_eff.
 * - the 500 × 220 nm Si strip in SiO2 at 1550 nm, whole 2.5 × 2.24 µm window, 40 nm and 20 nm
 *   grids, TE and TM, max_modes 2 (only guided modes are reported: TM has one at both grids);
 * - the slab limit of semivectorial.test.ts (12 × 160 nodes of 10 nm, two modes each, guided or
 *   not), as the slab n_eff √(β² + lateral)/k₀ that test compares.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics } from '../solve.ts';
import type { ChannelModeResult } from './solve.ts';
import { solveSemivectorial } from './semivectorial.ts';

const TOLERANCE = 1e-8;

const strip = (grid: number, polarization: 'TE' | 'TM') => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: grid, window_nm: { width: 2500, height: 2240 }, max_modes: 2, method: 'semi_vectorial' },
  polarization,
  wavelength_nm: 1550,
});

/** n_eff from the banded subspace-iteration solver (commit a35f28a). */
const STRIP: { grid: number; pol: 'TE' | 'TM'; neff: number[] }[] = [
  { grid: 40, pol: 'TE', neff: [2.4781983235579, 1.45272484887013] },
  { grid: 40, pol: 'TM', neff: [1.8939687525492659] },
  { grid: 20, pol: 'TE', neff: [2.4829858006294137] },
  { grid: 20, pol: 'TM', neff: [1.8766055743363375] },
];
const SLAB: Record<'TE' | 'TM', number[]> = { TE: [2.84850595101605, 1.243174563843898], TM: [2.054728631005715, 1.312617174419229] };

describe('semi-vectorial n_eff pinned to the banded solver', () => {
  for (const c of STRIP) {
    it(`strip, ${c.grid} nm, whole window, ${c.pol}`, () => {
      const r = solvePhotonics(strip(c.grid, c.pol), { materials: literalResolver }) as ChannelModeResult;
      expect(r.warnings.some((w) => w.includes('did not converge'))).toBe(false);
      const got = r.modes.map((m) => m.n_eff);
      expect(got.length).toBe(c.neff.length);
      got.forEach((n, k) => expect(Math.abs(n - (c.neff[k] as number))).toBeLessThan(TOLERANCE));
    });
  }

  it('slab limit, TE and TM, two modes', () => {
    const d = 10;
    const nx = 12;
    const ny = 160;
    const eps = new Float64Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      const y0 = j * d - (ny * d) / 2;
      const inside = Math.max(0, Math.min(y0 + d, 110) - Math.max(y0, -110)) / d;
      for (let i = 0; i < nx; i++) eps[j * nx + i] = inside * 3.4757 ** 2 + (1 - inside) * 1.444 ** 2;
    }
    const k0 = (2 * Math.PI) / 1550;
    const lateral = (4 / (d * d)) * Math.sin(Math.PI / (2 * (nx + 1))) ** 2;
    for (const pol of ['TE', 'TM'] as const) {
      const r = solveSemivectorial({ wavelength: 1550, eps, nx, ny, dx: d, dy: d, polarization: pol, modes: 2 });
      expect(r.converged).toBe(true);
      const got = r.modes.map((m) => Math.sqrt(m.beta2 + lateral) / k0);
      expect(got.length).toBe(2);
      got.forEach((n, k) => expect(Math.abs(n - (SLAB[pol][k] as number))).toBeLessThan(TOLERANCE));
    }
  });
});
