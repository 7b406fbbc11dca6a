/**
 * Picks the Mie and TMM kernels for the worker, each through its own registry (WASM first, the
 * TypeScript reference as fallback) and independently: a kernel that fails to fetch or instantiate
 * leaves only its own solver on the reference, and the reason is kept so the page can say
 * "mie: wasm unavailable: …" instead of silently running slower. Same priorities as the Node
 * loaders (src/adapters/node/mie-wasm.ts, tmm-wasm.ts), so the page and the CLI choose alike.
 */
import type { SkippedBackend } from '../src/core/kernels/registry.ts';
import type { DenseLinalgKernel } from '../src/core/photonics/linalg/kernel.ts';
import type { PhotonicsKernels } from '../src/core/photonics/solve-context.ts';
import type { DdaBackendSet } from '../src/core/photonics/dda/backend-choice.ts';
import type { DdaOperatorBackend } from '../src/core/photonics/dda/operator-backend.ts';
import type { PweBackendSet } from '../src/core/photonics/pwe/backend-choice.ts';
import type { ThetaOperatorBackend } from '../src/core/photonics/pwe/operator-backend.ts';
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
  const linalg = await loadLinalgKernel(loaders.linalg, describeSkipped);
  skipped.push(...linalg.skipped);
  return { kernels: { mie: mie.backend, tmm: tmm.backend, linalg: linalg.kernel }, backends: { mie: mie.id, tmm: tmm.id, ...linalg.backends, skipped } };
}

/** RCWA's dense linear algebra: WASM through its registry when a loader is given, else the reference (not reported). */
async function loadLinalgKernel(
  loader: PhotonicsWasmLoaders['linalg'],
  describeSkipped: (s: SkippedBackend) => string,
): Promise<{ kernel: DenseLinalgKernel; backends: { linalg?: string }; skipped: string[] }> {
  if (!loader) {
    const { referenceLinalgKernel } = await import('../src/core/photonics/linalg/reference-kernel.ts');
    return { kernel: referenceLinalgKernel, backends: {}, skipped: [] };
  }
  const { createLinalgKernelRegistry } = await import('../src/core/photonics/linalg/kernels.ts');
  const selected = await createLinalgKernelRegistry(loader).selectBackend();
  return { kernel: selected.backend, backends: { linalg: selected.id }, skipped: selected.skipped.map((s) => `linalg: ${describeSkipped(s)}`) };
}

/** The WebGPU DDA operator of this context (window or worker); rejects with the reason when WebGPU is missing or a shader fails. */
export async function webGpuDdaBackend(): Promise<DdaOperatorBackend> {
  const { createWebGpuDdaBackend } = await import('../src/adapters/browser/webgpu/dda-operator.ts');
  return createWebGpuDdaBackend();
}

/**
 * The DDA operator backends through their registry (WebGPU at priority 3, then the reference). Loaded
 * only when a DDA problem or the backend panel asks, so other solvers never touch the GPU.
 */
export async function loadDdaOperatorBackends(gpu: () => Promise<DdaOperatorBackend> = webGpuDdaBackend): Promise<DdaBackendSet> {
  const { createDdaOperatorRegistry, loadDdaBackends } = await import('../src/core/photonics/dda/backend-choice.ts');
  return loadDdaBackends(createDdaOperatorRegistry(gpu));
}

/** The WebGPU plane-wave Θ operator of this context; rejects with the reason when WebGPU is missing or a shader fails. */
export async function webGpuPweBackend(): Promise<ThetaOperatorBackend> {
  const { createWebGpuPweBackend } = await import('../src/adapters/browser/webgpu/pwe-operator.ts');
  return createWebGpuPweBackend();
}

/** The Θ backends of the fft band solver through their registry (WebGPU at priority 3, then the reference), loaded when a bands problem or the panel asks. */
export async function loadPweOperatorBackends(gpu: () => Promise<ThetaOperatorBackend> = webGpuPweBackend): Promise<PweBackendSet> {
  const { createPweOperatorRegistry, loadPweBackends } = await import('../src/core/photonics/pwe/backend-choice.ts');
  return loadPweBackends(createPweOperatorRegistry(gpu));
}
