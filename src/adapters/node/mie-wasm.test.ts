import { describe, expect, it } from 'vitest';
import { literalResolver } from '../../core/photonics/literal-resolver.ts';
import { ScatteringProblemSchema } from '../../core/photonics/mie/problem.ts';
import { solveScattering } from '../../core/photonics/mie/solve.ts';
import { itSelectsWasmOverReference } from './kernel-selection-cases.ts';
import { createNodeMieKernelRegistry, loadNodeWasmMieKernel, selectNodeMieKernel } from './mie-wasm.ts';
import { createNodeSolveContext } from './photonics-context.ts';

describe('node Mie kernel', () => {
  itSelectsWasmOverReference({ file: 'photonics-mie.wasm', select: selectNodeMieKernel, registryIds: () => createNodeMieKernelRegistry().ids() });

  it('solves a spectrum through the wasm kernel with the same result as the reference', async () => {
    const wasm = await loadNodeWasmMieKernel();
    const problem = ScatteringProblemSchema.parse({
      kind: 'scattering',
      particle: { shape: 'coated_sphere', core_radius_nm: 50, shell_thickness_nm: 10, core_material: { n: 1.45, k: 0 }, shell_material: { n: 0.2, k: 3.5 } },
      medium: { n: 1.33, k: 0 },
      wavelength_range_nm: { start: 400, stop: 1000, count: 301 },
    });
    const viaWasm = solveScattering(problem, { materials: literalResolver, kernels: { mie: wasm } });
    const viaReference = solveScattering(problem, { materials: literalResolver });
    expect(viaWasm.backend).toBe('wasm');
    viaWasm.qext.forEach((q, i) => expect(Math.abs(q - (viaReference.qext[i] as number))).toBeLessThanOrEqual(1e-12 * q));
  });

  it('puts the plasmon of a 40 nm-diameter gold sphere in water at 518–532 nm (library Johnson & Christy data)', async () => {
    // Measured colloids of this size peak at 520–530 nm (Link & El-Sayed, J. Phys. Chem. B 103, 4212 (1999): 517–575 nm
    // for 9–99 nm diameters); Mie with Johnson & Christy's gold gives 525 nm here.
    const ctx = await createNodeSolveContext();
    const r = solveScattering(
      ScatteringProblemSchema.parse({
        kind: 'scattering',
        particle: { shape: 'sphere', radius_nm: 20, material: 'Au (Johnson and Christy 1972)' },
        medium: { n: 1.333, k: 0 },
        wavelength_range_nm: { start: 400, stop: 700, count: 301 },
      }),
      ctx,
    );
    const peak = r.wavelengths_nm[r.qext.indexOf(Math.max(...r.qext))] as number;
    expect(peak).toBeGreaterThanOrEqual(518);
    expect(peak).toBeLessThanOrEqual(532);
    expect(r.backend).toBe('wasm');
  });
});
