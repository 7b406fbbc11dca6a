/**
 * Which DDA operator backend runs a problem. The registry puts WebGPU first (priority 3) and the
 * TypeScript reference last; "auto" still keeps small problems on the CPU, because below some
 * grid size a GPU's fixed costs (one dispatch per FFT stage, a readback per product) outweigh the
 * arithmetic. The user may force either backend; forcing an unavailable one solves on the
 * reference and says why.
 */
import { z } from 'zod';
import { createBackendRegistry, describeSkipped, type BackendFactory, type BackendRegistry } from '../../kernels/registry.ts';
import { referenceDdaBackend, type DdaOperatorBackend } from './operator-backend.ts';
import type { DdaBackendChoice } from './solve-async.ts';

export const DdaBackendPreferenceSchema = z.enum(['auto', 'webgpu', 'reference']);
export type DdaBackendPreference = z.infer<typeof DdaBackendPreferenceSchema>;

/**
 * Auto sends a problem to the GPU from this zero-padded FFT grid size up (32³: ADDA's default
 * 16-dipole sphere and larger). A documented default, not a measured GPU crossover: on the
 * software adapter the e2e tests use, the GPU is slower at every size (see bench/photonics-dda-gpu.ts).
 */
export const GPU_MIN_FFT_POINTS = 32 ** 3;

export const DDA_BACKEND_PRIORITY = { webgpu: 3, reference: 1 } as const;

/** The backends that built, and why the GPU one did not. */
export interface DdaBackendSet {
  readonly reference: DdaOperatorBackend;
  readonly gpu: DdaOperatorBackend | null;
  /** "webgpu unavailable: …" when the GPU backend failed to build (no adapter, shader error, …). */
  readonly skipped: readonly string[];
}

/** WebGPU (when a factory is given) at priority 3, then the reference. */
export function createDdaOperatorRegistry(gpu?: BackendFactory<DdaOperatorBackend>): BackendRegistry<DdaOperatorBackend> {
  const registry = createBackendRegistry<DdaOperatorBackend>();
  if (gpu) registry.register('webgpu', DDA_BACKEND_PRIORITY.webgpu, gpu);
  registry.register('reference', DDA_BACKEND_PRIORITY.reference, () => referenceDdaBackend);
  return registry;
}

/** Selects through the registry; the reference is always kept beside a GPU backend (small problems and fallback). */
export async function loadDdaBackends(registry: BackendRegistry<DdaOperatorBackend>): Promise<DdaBackendSet> {
  const selected = await registry.selectBackend();
  const skipped = selected.skipped.map(describeSkipped);
  if (selected.id === 'reference') return { reference: selected.backend, gpu: null, skipped };
  return { reference: await registry.create('reference'), gpu: selected.backend, skipped };
}

/** The backend for a problem whose padded FFT grid has `fftPoints` points, under the user's preference. */
export function chooseDdaBackend(set: DdaBackendSet, preference: DdaBackendPreference, fftPoints: number, minGpuPoints = GPU_MIN_FFT_POINTS): DdaBackendChoice {
  const why = set.skipped.join('; ') || 'no GPU backend registered';
  if (preference === 'reference') return { backend: set.reference, reason: 'forced by the user' };
  if (preference === 'webgpu') {
    if (set.gpu) return { backend: set.gpu, reason: 'forced by the user' };
    return { backend: set.reference, reason: 'WebGPU was forced but is unavailable', warning: `WebGPU was requested but is unavailable (${why}); solved on the reference backend` };
  }
  if (!set.gpu) return { backend: set.reference, reason: `auto: ${why}` };
  if (fftPoints < minGpuPoints) return { backend: set.reference, reason: `auto: FFT grid of ${fftPoints} points is below ${minGpuPoints}, small problems stay on the CPU` };
  return { backend: set.gpu, reason: `auto: FFT grid of ${fftPoints} points ≥ ${minGpuPoints}` };
}
