/**
 * Which DDA operator backend runs a problem: WebGPU first, the TypeScript reference beside it for
 * small problems and fallback (the shared rule is in kernels/gpu-choice.ts). Sizes are counted in
 * points of the zero-padded FFT grid.
 */
import type { BackendFactory, BackendRegistry } from '../../kernels/registry.ts';
import { chooseGpuOrReference, createGpuFirstRegistry, GPU_FIRST_PRIORITY, GpuPreferenceSchema, loadGpuBackendSet, type GpuBackendSet, type GpuPreference } from '../../kernels/gpu-choice.ts';
import { referenceDdaBackend, type DdaOperatorBackend } from './operator-backend.ts';
import type { DdaBackendChoice } from './solve-async.ts';

export const DdaBackendPreferenceSchema = GpuPreferenceSchema;
export type DdaBackendPreference = GpuPreference;

/**
 * Auto sends a problem to the GPU from this zero-padded FFT grid size up (32³: ADDA's default
 * 16-dipole sphere and larger). A documented default, not a measured GPU crossover: on the
 * software adapter the e2e tests use, the GPU is slower at every size (see bench/photonics-dda-gpu.ts).
 */
export const GPU_MIN_FFT_POINTS = 32 ** 3;

export const DDA_BACKEND_PRIORITY = GPU_FIRST_PRIORITY;

export type DdaBackendSet = GpuBackendSet<DdaOperatorBackend>;

/** WebGPU (when a factory is given) at priority 3, then the reference. */
export function createDdaOperatorRegistry(gpu?: BackendFactory<DdaOperatorBackend>): BackendRegistry<DdaOperatorBackend> {
  return createGpuFirstRegistry(referenceDdaBackend, gpu);
}

/** Selects through the registry; the reference is always kept beside a GPU backend (small problems and fallback). */
export function loadDdaBackends(registry: BackendRegistry<DdaOperatorBackend>): Promise<DdaBackendSet> {
  return loadGpuBackendSet(registry);
}

/** The backend for a problem whose padded FFT grid has `fftPoints` points, under the user's preference. */
export function chooseDdaBackend(set: DdaBackendSet, preference: DdaBackendPreference, fftPoints: number, minGpuPoints = GPU_MIN_FFT_POINTS): DdaBackendChoice {
  return chooseGpuOrReference(set, preference, fftPoints, minGpuPoints, (n) => `FFT grid of ${n} points`);
}
