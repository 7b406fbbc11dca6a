/**
 * Issue 20 sped the full-vectorial iteration up (one shift inside the spectrum from a slab bound,
 * or an earlier re-shift; lazy Ritz vectors; pooled assembly) on the promise that answers stay put: the 500 × 220 nm Si strip in
 * SiO2 at 1550 nm, whole 2.48 × 2.22 µm window (no mirror planes) on the 20 nm grid, must give
 * the n_eff of the solver before that change to 1e-8. The reference values were printed by that
 * solver (commit a2eeca5, WASM kernel) through solvePhotonics on exactly this problem; the 10 nm
 * twin is in whole-window.slow.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics } from '../solve.ts';
import type { ChannelModeResult } from './solve.ts';

/** TE0, TM0 at 20 nm from the solver of commit a2eeca5. */
const BEFORE_ISSUE_20_NEFF_20NM = { TE: 2.4483453128406, TM: 1.7691138075655 };

let wasm: DenseLinalgKernel;
beforeAll(async () => {
  wasm = await loadNodeWasmLinalgKernel();
});

const wholeWindowStrip = (grid: number) => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: grid, window_nm: { width: 2480, height: 2220 }, max_modes: 1, symmetry: 'none' },
  polarization: 'both',
  wavelength_nm: 1550,
});

describe('full-vectorial n_eff unchanged by issue 20', () => {
  it('gives the pre-issue-20 TE0 and TM0 of the whole-window strip at 20 nm to 1e-8', { timeout: 60_000 }, () => {
    const r = solvePhotonics(wholeWindowStrip(20), { materials: literalResolver, kernels: { linalg: wasm } }) as ChannelModeResult;
    for (const pol of ['TE', 'TM'] as const) {
      const m = r.modes.find((q) => q.polarization === pol);
      expect(m).toBeDefined();
      expect(Math.abs((m?.n_eff ?? 0) - BEFORE_ISSUE_20_NEFF_20NM[pol])).toBeLessThan(1e-8);
    }
  });
});
