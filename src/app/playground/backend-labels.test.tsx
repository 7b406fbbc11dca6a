/** The badge's one-line summary of where an operator's products will run, for DDA and the plane-wave Θ. */
import { describe, expect, it } from 'vitest';
import { ddaBackendLabel, pweBackendLabel } from './BackendPanel.tsx';

const base = { skipped: [], descriptions: {} };

describe('backend labels', () => {
  it('names the size rule under auto, the forced backend otherwise, and the reference when no GPU built', () => {
    expect(pweBackendLabel({ ...base, available: ['webgpu', 'reference'], preference: 'auto', gpu_min_plane_waves: 41 ** 2 })).toBe('auto: webgpu from 41² plane waves, else reference');
    expect(pweBackendLabel({ ...base, available: ['webgpu', 'reference'], preference: 'webgpu', gpu_min_plane_waves: 41 ** 2 })).toBe('webgpu (forced)');
    expect(pweBackendLabel({ ...base, available: ['reference'], preference: 'auto', gpu_min_plane_waves: 41 ** 2 })).toBe('reference (auto)');
    expect(ddaBackendLabel({ ...base, available: ['webgpu', 'reference'], preference: 'auto', gpu_min_fft_points: 32 ** 3 })).toBe('auto: webgpu from 32³ FFT points, else reference');
  });
});
