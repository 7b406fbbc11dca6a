/**
 * Picks the Mie and TMM kernels for the worker, each through its own registry (WASM first, the
 * TypeScript reference as fallback) and independently: a kernel that fails to fetch or instantiate
 * leaves only its own solver on the reference, and the reason is kept so the page can say
 * "mie: wasm unavailable: …" instead of silently running slower. Same priorities as the Node
 * loaders (src/adapters/node/mie-wasm.ts, tmm-wasm.ts), so the page and the CLI choose alike.
 */
import type { PhotonicsKernels } from '../src/core/photonics/solve-context.ts';
import type { PhotonicsBackends, PhotonicsWasmLoaders } from './photonics-api.ts';

export interface LoadedKernels {
  kernels: Required<PhotonicsKernels>;
  backends: PhotonicsBackends;
}

export async function loadPhotonicsKernels(loaders: PhotonicsWasmLoaders): Promise<LoadedKernels> {
  const [{ describeSkipped }, { createMieKernelRegistry }, { createTmmKernelRegistry }] = await Promise.all([
    import('../src/core/kernels/registry.ts'),
    import('../src/core/photonics/mie/kernels.ts'),
    import('../src/core/photonics/tmm/kernels.ts'),
  ]);
  const [mie, tmm] = await Promise.all([createMieKernelRegistry(loaders.mie).selectBackend(), createTmmKernelRegistry(loaders.tmm).selectBackend()]);
  const skipped = [...mie.skipped.map((s) => `mie: ${describeSkipped(s)}`), ...tmm.skipped.map((s) => `tmm: ${describeSkipped(s)}`)];
  return { kernels: { mie: mie.backend, tmm: tmm.backend }, backends: { mie: mie.id, tmm: tmm.id, skipped } };
}
