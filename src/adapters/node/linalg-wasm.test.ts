import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../../core/photonics/literal-resolver.ts';
import type { GratingResult } from '../../core/photonics/rcwa/solve.ts';
import { solvePhotonics } from '../../core/photonics/solve.ts';
import { createPhotonicsWorkerApi } from '../../../workers/photonics-api.ts';
import { itSelectsWasmOverReference } from './kernel-selection-cases.ts';
import { createNodeLinalgKernelRegistry, LINALG_WASM_PATH, loadNodeWasmLinalgKernel, selectNodeLinalgKernel } from './linalg-wasm.ts';
import { MIE_WASM_PATH } from './mie-wasm.ts';
import { createNodeSolveContext } from './photonics-context.ts';
import { TMM_WASM_PATH } from './tmm-wasm.ts';

/** The lamellar grating of issue 6 in nm (period 1000, λ 632.8, n = 1.5 ridges of fill 0.5, 400 deep, TE). */
const LAMELLAR = {
  kind: 'grating',
  period_nm: 1000,
  cover: { n: 1, k: 0 },
  substrate: { n: 1.5, k: 0 },
  layers: [{ thickness_nm: 400, background: { n: 1, k: 0 }, ridges: [{ from: 0.25, to: 0.75, material: { n: 1.5, k: 0 } }] }],
  polarization: 'TE',
  wavelength_nm: 632.8,
  harmonics: 40,
};

const transmitted0 = (r: GratingResult): number => r.orders.find((o) => o.side === 'transmitted' && o.order === 0)?.efficiency ?? NaN;

describe('node dense linear-algebra kernel', () => {
  itSelectsWasmOverReference({ file: 'photonics-linalg.wasm', select: selectNodeLinalgKernel, registryIds: () => createNodeLinalgKernelRegistry().ids() });

  it('runs the grating solve on wasm in the Node context, reports it, and matches the reference', async () => {
    const ctx = await createNodeSolveContext();
    expect(ctx.backends.linalg).toBe('wasm');
    const viaWasm = solvePhotonics(LAMELLAR, ctx) as GratingResult;
    const viaReference = solvePhotonics(LAMELLAR, { materials: literalResolver }) as GratingResult;
    expect(viaWasm.backend).toBe('wasm');
    expect(viaReference.backend).toBe('reference');
    // Issue 6's converged T0 = 0.387774 for this grating.
    expect(transmitted0(viaWasm)).toBeCloseTo(0.387774, 5);
    viaWasm.points.forEach((p, i) => expect(Math.abs(p.T - (viaReference.points[i]?.T ?? NaN))).toBeLessThan(1e-10));
  });

  it('is loaded by the photonics worker API when given a loader, with the fallback reason otherwise', async () => {
    const withWasm = createPhotonicsWorkerApi({ mie: () => readFile(MIE_WASM_PATH), tmm: () => readFile(TMM_WASM_PATH), linalg: () => readFile(LINALG_WASM_PATH) });
    expect(await withWasm.backends()).toEqual({ mie: 'wasm', tmm: 'wasm', linalg: 'wasm', skipped: [] });
    expect(((await withWasm.solve(LAMELLAR)).result as GratingResult).backend).toBe('wasm');
    const broken = createPhotonicsWorkerApi({
      mie: () => readFile(MIE_WASM_PATH),
      tmm: () => readFile(TMM_WASM_PATH),
      linalg: () => Promise.reject(new Error('fetching photonics-linalg.wasm failed: HTTP 404')),
    });
    expect(await broken.backends()).toEqual({ mie: 'wasm', tmm: 'wasm', linalg: 'reference', skipped: ['linalg: wasm unavailable: fetching photonics-linalg.wasm failed: HTTP 404'] });
    expect(((await broken.solve(LAMELLAR)).result as GratingResult).backend).toBe('reference');
  });

  it('loads the wasm kernel directly', async () => {
    expect((await loadNodeWasmLinalgKernel()).id).toBe('wasm');
  });
});
