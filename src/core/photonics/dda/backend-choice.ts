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
 * software adapter the e2e tests use, the GPU is slower at every size (see bench/photonics-gpu-parity.ts).
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

/**
 * The smallest COCG tolerance an f32 product can honour: its products carry relative errors of
 * about 1e-7 (the parity suite measures ≤ 1e-7), so a residual asked below 1e-6 would chase rounding.
 */
export const F32_TOLERANCE_FLOOR = 1e-6;

/**
 * The backend for a problem whose padded FFT grid has `fftPoints` points and whose COCG stops at
 * `tolerance`, under the user's preference. Auto keeps a tolerance below the f32 floor on the f64
 * reference; a forced GPU runs it and says that the answer is only as good as f32.
 */
export function chooseDdaBackend(set: DdaBackendSet, preference: DdaBackendPreference, fftPoints: number, tolerance?: number, minGpuPoints = GPU_MIN_FFT_POINTS): DdaBackendChoice {
  const choice = chooseGpuOrReference(set, preference, fftPoints, minGpuPoints, (n) => `FFT grid of ${n} points`);
  if (tolerance === undefined || tolerance >= F32_TOLERANCE_FLOOR || choice.backend.precision !== 'f32') return choice;
  if (preference === 'auto') return { backend: set.reference, reason: `auto: tolerance ${tolerance} is below what the f32 GPU product resolves (${F32_TOLERANCE_FLOOR}), so f64 on the CPU` };
  return { ...choice, warning: `tolerance ${tolerance} is below what the f32 WebGPU product resolves (about ${F32_TOLERANCE_FLOOR}): the residual may stall above it; use the reference backend for a tighter answer` };
}
