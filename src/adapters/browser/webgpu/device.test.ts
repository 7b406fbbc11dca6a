import { describe, expect, it } from 'vitest';
import { acquireGpuDevice } from './device.ts';

/** A stand-in adapter: what requestDevice returns is enough for acquireGpuDevice (a device with `lost`). */
function adapter(info: Partial<GPUAdapterInfo>): GPUAdapter {
  const device = { lost: new Promise(() => undefined) } as unknown as GPUDevice;
  return { info: { vendor: '', architecture: '', device: '', description: '', ...info }, requestDevice: async () => device } as unknown as GPUAdapter;
}

/** A stand-in navigator.gpu: the default request gets `first`, a high-performance one `highPerformance`. */
function gpu(first: GPUAdapter | null, highPerformance: GPUAdapter | null = first): GPU {
  return { requestAdapter: async (o?: GPURequestAdapterOptions) => (o?.powerPreference === 'high-performance' ? highPerformance : first) } as unknown as GPU;
}

const SWIFTSHADER = adapter({ vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true });
const NAMED_SWIFTSHADER = adapter({ vendor: 'google', description: 'SwiftShader Device (Subzero)' });
const HARDWARE = adapter({ vendor: 'nvidia', architecture: 'hopper', isFallbackAdapter: false });

describe('acquireGpuDevice', () => {
  it('marks a fallback adapter as software, by flag or by name', async () => {
    const flagged = await acquireGpuDevice(gpu(SWIFTSHADER, null));
    expect(flagged.software).toBe(true);
    expect(flagged.adapter).toBe('google swiftshader (software fallback adapter)');
    expect((await acquireGpuDevice(gpu(NAMED_SWIFTSHADER, null))).software).toBe(true);
  });

  it('prefers a hardware adapter that a high-performance request finds over a default software one', async () => {
    const h = await acquireGpuDevice(gpu(SWIFTSHADER, HARDWARE));
    expect(h.software).toBe(false);
    expect(h.adapter).toBe('nvidia hopper');
    expect((await acquireGpuDevice(gpu(HARDWARE))).software).toBe(false);
  });

  it('still says why when there is no adapter or no WebGPU', async () => {
    await expect(acquireGpuDevice(gpu(null))).rejects.toThrow(/no WebGPU adapter/);
    await expect(acquireGpuDevice(undefined)).rejects.toThrow(/navigator\.gpu is missing/);
  });
});
