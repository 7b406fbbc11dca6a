import { describe, expect, it } from 'vitest';
import { estimatesFirst } from './estimate-first.ts';
import { firstPreset, PRESETS } from './presets.ts';

describe('estimatesFirst', () => {
  it('estimates the grid solvers and solves closed-form kinds at once', () => {
    expect(estimatesFirst(firstPreset('grating'))).toBe(true);
    expect(estimatesFirst(firstPreset('bands'))).toBe(true);
    expect(estimatesFirst(firstPreset('dda'))).toBe(true);
    expect(estimatesFirst(firstPreset('eme'))).toBe(true);
    expect(estimatesFirst(firstPreset('scattering'))).toBe(false);
    expect(estimatesFirst(firstPreset('layer_stack'))).toBe(false);
    expect(estimatesFirst(firstPreset('circuit'))).toBe(false);
  });

  it('tells a channel cross-section (finite differences) from a slab (closed form)', () => {
    const [slab, channel] = [PRESETS.mode.find((p) => p.id === 'si-slab'), PRESETS.mode.find((p) => p.id === 'si-strip')];
    expect(estimatesFirst(slab?.problem)).toBe(false);
    expect(estimatesFirst(channel?.problem)).toBe(true);
  });

  it('does not estimate what is not a problem', () => {
    expect(estimatesFirst(null)).toBe(false);
    expect(estimatesFirst('grating')).toBe(false);
    expect(estimatesFirst({ kind: 'mode' })).toBe(false);
  });
});
