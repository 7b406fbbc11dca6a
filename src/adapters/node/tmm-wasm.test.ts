import { describe, expect, it } from 'vitest';
import { referenceTmmKernel } from '../../core/photonics/tmm/reference.ts';
import { solveStackPoint } from '../../core/photonics/tmm/single-point.ts';
import { itSelectsWasmOverReference } from './kernel-selection-cases.ts';
import { createNodeTmmKernelRegistry, loadNodeWasmTmmKernel, selectNodeTmmKernel } from './tmm-wasm.ts';

const coating = { incident: 1, layers: [{ n: 1.38, thickness_nm: 99.6 }, { n: 0.2, k: 3.4, thickness_nm: 12 }], exit: 1.52 };

describe('node TMM kernel', () => {
  itSelectsWasmOverReference({ file: 'photonics-tmm.wasm', select: selectNodeTmmKernel, registryIds: () => createNodeTmmKernelRegistry().ids() });

  it('loads the wasm kernel directly, and it agrees with the reference', async () => {
    const wasm = await loadNodeWasmTmmKernel();
    const a = solveStackPoint(wasm, coating, 633, 35, 'p');
    const b = solveStackPoint(referenceTmmKernel, coating, 633, 35, 'p');
    expect(a.R).toBeCloseTo(b.R, 14);
    expect(a.T).toBeCloseTo(b.T, 14);
  });
});
