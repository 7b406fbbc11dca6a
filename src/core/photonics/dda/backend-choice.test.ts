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
