/**
 * The whole 2.48 × 2.22 µm window of the 500 × 220 nm Si strip in SiO2 at 1550 nm on the 10 nm
 * grid (248 × 222 cells, 110 112 unknowns), no mirror planes: the banded LU needed 749 MiB and was
 * refused; the sparse LU (minimum-degree fronts, multifrontal) must solve it within the 512 MiB
 * budget, as the size check and the estimate predict, inside the memory guard's bound (counted on
 * the geometric nested dissection before solving), and give the mirror-plane solve's n_eff (the whole
 * operator splits exactly into the symmetry classes, so only the iteration's rounding differs).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics, parsePhotonicsProblem } from '../solve.ts';
import { estimatePhotonics } from '../estimate.ts';
import { fvSystemSize, solveFullVectorialChannel } from './fullvectorial-channel.ts';
import type { ChannelStructure } from './problem.ts';
import type { ChannelModeResult } from './solve.ts';

/** TE0, TM0 of the whole window at 10 nm from the solver before issue 20's speed-up (commit a2eeca5, WASM kernel, solvePhotonics). */
const BEFORE_ISSUE_20_NEFF_10NM = { TE: 2.4450211173835, TM: 1.7720528062526 };

let wasm: DenseLinalgKernel;
beforeAll(async () => {
  wasm = await loadNodeWasmLinalgKernel();
});

const strip = (symmetry: string) => ({
  kind: 'mode',
  structure: { type: 'channel', shape: 'strip', core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: 10, window_nm: { width: 2480, height: 2220 }, max_modes: 1, symmetry },
  polarization: 'both',
  wavelength_nm: 1550,
});

describe('full-vectorial whole window at 10 nm (sparse LU)', () => {
  it('solves within 512 MiB and matches the mirror-plane solve', { timeout: 600_000 }, () => {
    const ctx = { materials: literalResolver, kernels: { linalg: wasm } };
    const problem = parsePhotonicsProblem(strip('none'));
    let t = 0;
    const e = estimatePhotonics(problem, { materials: literalResolver }, { now: () => (t += 1) }, (p) => solvePhotonics(p, ctx));
    expect(e.memory_bytes).toBeLessThan(512 * 2 ** 20);
    const s = (problem as { structure: ChannelStructure }).structure;
    const whole = solveFullVectorialChannel(s, { core: 3.476, cladding: 1.444, substrate: 1.444 }, 1550, 10, { polarizations: ['TE', 'TM'], maxModes: 1, symmetry: 'none', linalg: wasm });
    expect(whole.converged).toBe(true);
    expect(whole.unknowns).toBe(2 * 248 * 222);
    // Measured 67 MiB at its peak (factors, largest front, pending Schur complements); ~150 MiB on
    // the nested-dissection fronts before issue 20's minimum degree. The guard's count must not be
    // below what the solve then holds.
    expect(whole.factorDoubles * 8).toBeLessThan(96 * 2 ** 20);
    expect(whole.factorDoubles).toBeLessThanOrEqual(fvSystemSize(s, 10, 'none', true).peakDoubles);
    const mirrored = solvePhotonics(strip('auto'), ctx) as ChannelModeResult;
    for (const pol of ['TE', 'TM'] as const) {
      const a = whole.modes.find((m) => m.polarization === pol)?.neff ?? 0;
      const b = mirrored.modes.find((m) => m.polarization === pol)?.n_eff ?? 1;
      expect(Math.abs(a - b)).toBeLessThan(1e-8);
      // Issue 20 changed the iteration, not the answer: the solver of commit a2eeca5 printed these.
      expect(Math.abs(a - BEFORE_ISSUE_20_NEFF_10NM[pol])).toBeLessThan(1e-8);
    }
  });
});
