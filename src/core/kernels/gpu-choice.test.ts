import { describe, expect, it } from 'vitest';
import { chooseGpuOrReference, isSoftwareAdapter, type GpuBackendSet } from './gpu-choice.ts';

interface StandIn {
  readonly id: string;
  readonly softwareAdapter?: string | null;
  readonly unavailableReason?: () => string | null;
}

const reference: StandIn = { id: 'reference' };
const hardware: StandIn = { id: 'webgpu', softwareAdapter: null };
const swiftshader: StandIn = { id: 'webgpu', softwareAdapter: 'google swiftshader (software fallback adapter)' };
const set = (gpu: StandIn | null): GpuBackendSet<StandIn> => ({ reference, gpu, skipped: [] });
const what = (n: number): string => `grid of ${n}`;

describe('isSoftwareAdapter', () => {
  it('flags the fallback adapter and software renderers by name, not hardware GPUs', () => {
    expect(isSoftwareAdapter({ isFallbackAdapter: true, vendor: 'nvidia' })).toBe(true);
    expect(isSoftwareAdapter({ isFallbackAdapter: false, vendor: 'google', architecture: 'swiftshader', description: '' })).toBe(true);
    expect(isSoftwareAdapter({ description: 'SwiftShader Device (Subzero)' })).toBe(true);
    expect(isSoftwareAdapter({ vendor: 'mesa', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe(true);
    expect(isSoftwareAdapter({ description: 'Microsoft Basic Render Driver' })).toBe(true);
    expect(isSoftwareAdapter({ isFallbackAdapter: false, vendor: 'nvidia', architecture: 'hopper', description: 'NVIDIA H200' })).toBe(false);
    expect(isSoftwareAdapter({ vendor: 'apple', architecture: 'metal-3' })).toBe(false);
    expect(isSoftwareAdapter({})).toBe(false);
  });
});

describe('chooseGpuOrReference', () => {
  it('auto never picks a software fallback adapter, at any size, and says so', () => {
    const c = chooseGpuOrReference(set(swiftshader), 'auto', 1e9, 100, what);
    expect(c.backend).toBe(reference);
    expect(c.reason).toMatch(/^auto: the WebGPU adapter is a software fallback \(google swiftshader/);
    expect(c.warning).toBeUndefined();
  });

  it('a forced WebGPU choice still uses the software adapter (parity checks)', () => {
    const c = chooseGpuOrReference(set(swiftshader), 'webgpu', 1, 100, what);
    expect(c.backend).toBe(swiftshader);
    expect(c.reason).toBe('forced by the user');
  });

  it('auto picks a hardware adapter for large problems and keeps small ones on the CPU', () => {
    expect(chooseGpuOrReference(set(hardware), 'auto', 1000, 100, what).backend).toBe(hardware);
    expect(chooseGpuOrReference(set(hardware), 'auto', 10, 100, what).backend).toBe(reference);
    expect(chooseGpuOrReference(set(hardware), 'reference', 1000, 100, what).backend).toBe(reference);
  });

  it('a lost device is passed over before the software check', () => {
    const lost: StandIn = { ...swiftshader, unavailableReason: () => 'device lost' };
    const c = chooseGpuOrReference(set(lost), 'webgpu', 1000, 100, what);
    expect(c.backend).toBe(reference);
    expect(c.warning).toMatch(/device lost/);
  });
});
