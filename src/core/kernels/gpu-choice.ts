/**
 * The choice between a GPU operator backend and the CPU reference, shared by every solver whose
 * kernel has both (the DDA product, the plane-wave Θ). The registry puts WebGPU first (priority 3)
 * and the reference last; "auto" still keeps small problems on the CPU, because below some size a
 * GPU's fixed costs (dispatches, a readback per product) outweigh the arithmetic. The user may
 * force either; forcing an unavailable GPU solves on the reference and says why. "auto" never picks a
 * software fallback adapter (SwiftShader and the like run the shaders on the CPU, slower than the f64
 * reference and in f32); forcing WebGPU still uses one, which is how the parity checks run headless.
 */
import { z } from 'zod';
import { createBackendRegistry, describeSkipped, type BackendFactory, type BackendRegistry } from './registry.ts';

export const GpuPreferenceSchema = z.enum(['auto', 'webgpu', 'reference']);
export type GpuPreference = z.infer<typeof GpuPreferenceSchema>;

export const GPU_FIRST_PRIORITY = { webgpu: 3, reference: 1 } as const;

/** What the chooser asks of a backend: a GPU one may report that its device is gone, or that it is software. */
export interface GpuBackendHealth {
  readonly unavailableReason?: () => string | null;
  /** The adapter's description when it is a software fallback (see isSoftwareAdapter); null or absent for hardware. */
  readonly softwareAdapter?: string | null;
}

/** What a WebGPU adapter says about itself (GPUAdapterInfo's fields; all optional for older browsers). */
export interface GpuAdapterFacts {
  readonly isFallbackAdapter?: boolean;
  readonly vendor?: string;
  readonly architecture?: string;
  readonly device?: string;
  readonly description?: string;
}

/** Names that only software rasterisers give themselves (Chromium's SwiftShader, Mesa's llvmpipe and lavapipe, WARP). */
const SOFTWARE_NAMES = /swiftshader|software|llvmpipe|lavapipe|softpipe|microsoft basic render|\bwarp\b/i;

/** Whether an adapter runs on the CPU: flagged as the fallback adapter, or named as a software renderer. */
export function isSoftwareAdapter(info: GpuAdapterFacts): boolean {
  if (info.isFallbackAdapter === true) return true;
  return [info.vendor, info.architecture, info.device, info.description].some((s) => typeof s === 'string' && SOFTWARE_NAMES.test(s));
}

/** The backends that built, and why the GPU one did not. */
export interface GpuBackendSet<B> {
  readonly reference: B;
  readonly gpu: B | null;
  /** "webgpu unavailable: …" when the GPU backend failed to build (no adapter, shader error, …). */
  readonly skipped: readonly string[];
}

/** The backend for one problem and why (both end up in the result). */
export interface GpuBackendChoice<B> {
  readonly backend: B;
  readonly reason: string;
  /** Set when the user's choice could not be honoured (WebGPU forced but unavailable): becomes a result warning. */
  readonly warning?: string;
}

/** WebGPU (when a factory is given) at priority 3, then the reference. */
export function createGpuFirstRegistry<B>(reference: B, gpu?: BackendFactory<B>): BackendRegistry<B> {
  const registry = createBackendRegistry<B>();
  if (gpu) registry.register('webgpu', GPU_FIRST_PRIORITY.webgpu, gpu);
  registry.register('reference', GPU_FIRST_PRIORITY.reference, () => reference);
  return registry;
}

/** Selects through the registry; the reference is always kept beside a GPU backend (small problems and fallback). */
export async function loadGpuBackendSet<B>(registry: BackendRegistry<B>): Promise<GpuBackendSet<B>> {
  const selected = await registry.selectBackend();
  const skipped = selected.skipped.map(describeSkipped);
  if (selected.id === 'reference') return { reference: selected.backend, gpu: null, skipped };
  return { reference: await registry.create('reference'), gpu: selected.backend, skipped };
}

/**
 * The backend for a problem of `size` (in the solver's own measure, named by `what`) under the
 * user's preference: auto sends sizes ≥ `minGpuSize` to the GPU.
 */
export function chooseGpuOrReference<B extends GpuBackendHealth>(set: GpuBackendSet<B>, preference: GpuPreference, size: number, minGpuSize: number, what: (size: number) => string): GpuBackendChoice<B> {
  const lost = set.gpu?.unavailableReason?.() ?? null;
  if (lost !== null) {
    // A lost device stays lost: solve on the reference, and say so when the user had asked for the GPU.
    const warning = preference === 'webgpu' ? { warning: `WebGPU was requested but is unavailable (${lost}); solved on the reference backend` } : {};
    return { backend: set.reference, reason: `${preference === 'auto' ? 'auto: ' : ''}webgpu unavailable: ${lost}`, ...warning };
  }
  const why = set.skipped.join('; ') || 'no GPU backend registered';
  if (preference === 'reference') return { backend: set.reference, reason: 'forced by the user' };
  if (preference === 'webgpu') {
    if (set.gpu) return { backend: set.gpu, reason: 'forced by the user' };
    return { backend: set.reference, reason: 'WebGPU was forced but is unavailable', warning: `WebGPU was requested but is unavailable (${why}); solved on the reference backend` };
  }
  if (!set.gpu) return { backend: set.reference, reason: `auto: ${why}` };
  const software = set.gpu.softwareAdapter ?? null;
  if (software !== null) {
    return { backend: set.reference, reason: `auto: the WebGPU adapter is a software fallback (${software}), slower than the CPU reference; force "webgpu" to use it` };
  }
  if (size < minGpuSize) return { backend: set.reference, reason: `auto: ${what(size)} is below ${minGpuSize}, small problems stay on the CPU` };
  return { backend: set.gpu, reason: `auto: ${what(size)} ≥ ${minGpuSize}` };
}

function reasonOf(e: unknown): string {
  return e instanceof Error ? e.message || e.name : String(e);
}

/**
 * Runs a solve on the chosen backend; if a non-reference backend fails (device lost, out of memory,
 * a shader that misbehaves at run time) the solve is run again on the reference and the reason is
 * passed to `warn`, so a solve never fails because of the backend it was given. A cancelled solve
 * stays cancelled.
 */
export async function runWithFallback<B extends { readonly id: string }, R>(
  choice: GpuBackendChoice<B>,
  reference: B,
  run: (backend: B, reason: string) => Promise<R>,
  warn: (warning: string) => void,
  signal?: AbortSignal,
): Promise<R> {
  if (choice.backend.id === 'reference') return run(choice.backend, choice.reason);
  try {
    return await run(choice.backend, choice.reason);
  } catch (e) {
    if (signal?.aborted) throw e;
    warn(`the ${choice.backend.id} backend failed (${reasonOf(e)}); solved again on the reference backend`);
    return run(reference, `fallback after ${choice.backend.id} failed`);
  }
}
