/**
 * Gets a WebGPU device, or says exactly why not: the reason becomes the "webgpu unavailable: …"
 * line the page shows, so a missing GPU is never a silent slowdown. Works on the main thread and in
 * a dedicated worker (checked in this project's Chromium: navigator.gpu exists in both when the
 * page is a secure context and, headless, with --enable-unsafe-webgpu). A software fallback adapter
 * (SwiftShader) is acquired like any other but marked, so "auto" passes it over (gpu-choice.ts) while
 * a forced WebGPU choice still runs on it.
 */
import { isSoftwareAdapter } from '../../../core/kernels/gpu-choice.ts';

export interface GpuHandle {
  readonly device: GPUDevice;
  /** "google swiftshader (software fallback adapter)", for the result's conventions and the UI. */
  readonly adapter: string;
  /** True for a software fallback adapter (isFallbackAdapter, or named SwiftShader/software…). */
  readonly software: boolean;
  /** Set once the device is lost; every later use must fail with it. */
  lostReason(): string | null;
}

/** Acquisition that takes longer than this is treated as unavailable (a stuck driver must not stall the worker). */
export const ACQUIRE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function describeAdapter(adapter: GPUAdapter): string {
  const info = adapter.info;
  const name = [info.vendor, info.architecture, info.description].filter((s) => s !== '').join(' ') || 'unnamed adapter';
  return isSoftwareAdapter(info) ? `${name} (software fallback adapter)` : name;
}

/**
 * The adapter to use: the default one, unless it is software and a high-performance request finds a
 * hardware one (some browsers hand out the fallback first when a GPU is present but not preferred).
 */
async function pickAdapter(gpu: GPU): Promise<GPUAdapter | null> {
  const first = await withTimeout(gpu.requestAdapter(), ACQUIRE_TIMEOUT_MS, 'requestAdapter()');
  if (first === null || !isSoftwareAdapter(first.info)) return first;
  const hardware = await withTimeout(gpu.requestAdapter({ powerPreference: 'high-performance' }), ACQUIRE_TIMEOUT_MS, 'requestAdapter()').catch(() => null);
  return hardware !== null && !isSoftwareAdapter(hardware.info) ? hardware : first;
}

/** The default `gpu` is navigator.gpu of this context (window or worker). */
export async function acquireGpuDevice(gpu: GPU | undefined = (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu): Promise<GpuHandle> {
  if (!gpu) throw new Error('navigator.gpu is missing: this browser or context has no WebGPU (it needs a secure context; headless Chromium needs --enable-unsafe-webgpu)');
  const adapter = await pickAdapter(gpu);
  if (!adapter) throw new Error('no WebGPU adapter: requestAdapter() returned null (GPU blocklisted or disabled)');
  const device = await withTimeout(adapter.requestDevice(), ACQUIRE_TIMEOUT_MS, 'requestDevice()');
  let lost: string | null = null;
  void device.lost.then((info) => {
    lost = `the GPU device was lost (${info.reason}): ${info.message}`;
  });
  return { device, adapter: describeAdapter(adapter), software: isSoftwareAdapter(adapter.info), lostReason: () => lost };
}
