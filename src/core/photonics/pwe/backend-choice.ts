/**
 * Which Θ backend runs a `bands` problem of the fft method: WebGPU first, the TypeScript reference
 * beside it for small bases and fallback (the shared rule is in kernels/gpu-choice.ts). Sizes are
 * counted in plane waves, P² (= grid points, the grid being the basis).
 */
import type { BackendFactory, BackendRegistry } from '../../kernels/registry.ts';
import { chooseGpuOrReference, createGpuFirstRegistry, GpuPreferenceSchema, loadGpuBackendSet, type GpuBackendChoice, type GpuBackendSet, type GpuPreference } from '../../kernels/gpu-choice.ts';
import { referencePweBackend, type ThetaOperatorBackend } from './operator-backend.ts';

export const PweBackendPreferenceSchema = GpuPreferenceSchema;
export type PweBackendPreference = GpuPreference;
export type PweBackendSet = GpuBackendSet<ThetaOperatorBackend>;
export type PweBackendChoice = GpuBackendChoice<ThetaOperatorBackend>;

/**
 * Auto sends a band solve to the GPU from this many plane waves up (41 × 41: the largest basis of
 * the grid bench, where one CPU product of the O(P³) direct DFTs takes milliseconds). A documented
 * default, not a measured crossover: no hardware GPU was available to measure one, and on the
 * software adapter the e2e tests use the GPU is slower at every size.
 */
export const GPU_MIN_PLANE_WAVES = 41 ** 2;

export function createPweOperatorRegistry(gpu?: BackendFactory<ThetaOperatorBackend>): BackendRegistry<ThetaOperatorBackend> {
  return createGpuFirstRegistry(referencePweBackend, gpu);
}

export function loadPweBackends(registry: BackendRegistry<ThetaOperatorBackend>): Promise<PweBackendSet> {
  return loadGpuBackendSet(registry);
}

/** The backend for a basis of `planeWaves` plane waves under the user's preference. */
export function choosePweBackend(set: PweBackendSet, preference: PweBackendPreference, planeWaves: number, minGpuPlaneWaves = GPU_MIN_PLANE_WAVES): PweBackendChoice {
  return chooseGpuOrReference(set, preference, planeWaves, minGpuPlaneWaves, (n) => `basis of ${n} plane waves`);
}
