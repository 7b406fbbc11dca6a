/** Which backend a DDA problem runs on: the registry's order, the size rule under 'auto', and forcing. */
import { describe, expect, it } from 'vitest';
import { chooseDdaBackend, createDdaOperatorRegistry, GPU_MIN_FFT_POINTS, loadDdaBackends, type DdaBackendSet } from './backend-choice.ts';
import { directDdaBackend, referenceDdaBackend, type DdaOperatorBackend } from './operator-backend.ts';

// The direct CPU operator under the GPU's id: a real second backend that needs no GPU.
const gpu: DdaOperatorBackend = { ...directDdaBackend, id: 'webgpu' };
const withGpu: DdaBackendSet = { reference: referenceDdaBackend, gpu, skipped: [] };
const without: DdaBackendSet = { reference: referenceDdaBackend, gpu: null, skipped: ['webgpu unavailable: no adapter'] };

describe('loadDdaBackends', () => {
  it('puts WebGPU first and keeps the reference beside it', async () => {
    const set = await loadDdaBackends(createDdaOperatorRegistry(() => gpu));
    expect(set.gpu?.id).toBe('webgpu');
    expect(set.reference.id).toBe('reference');
    expect(set.skipped).toEqual([]);
  });

  it('falls back to the reference and keeps the reason when the GPU backend fails to build', async () => {
    const set = await loadDdaBackends(createDdaOperatorRegistry(() => Promise.reject(new Error('WGSL dda-fft-stage does not compile: line 3: x'))));
    expect(set.gpu).toBeNull();
    expect(set.skipped).toEqual(['webgpu unavailable: WGSL dda-fft-stage does not compile: line 3: x']);
  });
});

describe('chooseDdaBackend', () => {
  it('auto keeps grids below the threshold on the CPU and sends the rest to the GPU', () => {
    expect(chooseDdaBackend(withGpu, 'auto', GPU_MIN_FFT_POINTS - 1).backend.id).toBe('reference');
    expect(chooseDdaBackend(withGpu, 'auto', GPU_MIN_FFT_POINTS).backend.id).toBe('webgpu');
    expect(chooseDdaBackend(without, 'auto', 1e6)).toMatchObject({ backend: { id: 'reference' }, reason: 'auto: webgpu unavailable: no adapter' });
  });

  it('forcing overrides the size rule; forcing an unavailable GPU solves on the reference with a warning', () => {
    expect(chooseDdaBackend(withGpu, 'webgpu', 8).backend.id).toBe('webgpu');
    expect(chooseDdaBackend(withGpu, 'reference', 1e6).backend.id).toBe('reference');
    const forced = chooseDdaBackend(without, 'webgpu', 1e6);
    expect(forced.backend.id).toBe('reference');
    expect(forced.warning).toContain('no adapter');
  });
});

describe('chooseDdaBackend: f32 limits and a lost device', () => {
  const f32: DdaOperatorBackend = { ...directDdaBackend, id: 'webgpu', precision: 'f32' };
  const withF32: DdaBackendSet = { reference: referenceDdaBackend, gpu: f32, skipped: [] };

  it('auto keeps a tolerance below the f32 floor on the reference; a forced GPU runs it with a warning', () => {
    expect(chooseDdaBackend(withF32, 'auto', GPU_MIN_FFT_POINTS, 1e-5).backend.id).toBe('webgpu');
    const tight = chooseDdaBackend(withF32, 'auto', GPU_MIN_FFT_POINTS, 1e-8);
    expect(tight.backend.id).toBe('reference');
    expect(tight.reason).toMatch(/tolerance 1e-8 is below what the f32 GPU product resolves/);
    const forced = chooseDdaBackend(withF32, 'webgpu', GPU_MIN_FFT_POINTS, 1e-8);
    expect(forced.backend.id).toBe('webgpu');
    expect(forced.warning).toMatch(/below what the f32 WebGPU product resolves/);
  });

  it('passes over a GPU whose device was lost, under auto and when forced (with a warning)', () => {
    let lost: string | null = null;
    const fragile: DdaBackendSet = { reference: referenceDdaBackend, gpu: { ...f32, unavailableReason: () => lost }, skipped: [] };
    expect(chooseDdaBackend(fragile, 'auto', GPU_MIN_FFT_POINTS).backend.id).toBe('webgpu');
    lost = 'the GPU device was lost (unknown): reset';
    expect(chooseDdaBackend(fragile, 'auto', GPU_MIN_FFT_POINTS)).toMatchObject({ backend: { id: 'reference' }, reason: 'auto: webgpu unavailable: the GPU device was lost (unknown): reset' });
    expect(chooseDdaBackend(fragile, 'webgpu', GPU_MIN_FFT_POINTS).warning).toMatch(/WebGPU was requested but is unavailable \(the GPU device was lost/);
  });

  it('auto never runs on a software fallback adapter (SwiftShader), however large the grid; forcing WebGPU still does', () => {
    // The stand-in carries what device.ts marks on an adapter whose GPUAdapterInfo says isFallbackAdapter
    // or whose description names a software renderer (issue 20: a 32-dipole DDA took 70 s there on auto, 5 s on the CPU).
    const software: DdaBackendSet = { reference: referenceDdaBackend, gpu: { ...gpu, softwareAdapter: 'google swiftshader (software fallback adapter)' }, skipped: [] };
    const auto = chooseDdaBackend(software, 'auto', 1e9);
    expect(auto.backend.id).toBe('reference');
    expect(auto.reason).toMatch(/software fallback/);
    expect(chooseDdaBackend(software, 'webgpu', 8).backend.id).toBe('webgpu');
    const hardware: DdaBackendSet = { ...software, gpu: { ...gpu, softwareAdapter: null } };
    expect(chooseDdaBackend(hardware, 'auto', GPU_MIN_FFT_POINTS).backend.id).toBe('webgpu');
  });
});
