import { describe, expect, it } from 'vitest';
import { GAP_FACTOR, interpolate, splitAtGaps } from './table.ts';

describe('splitAtGaps', () => {
  it('keeps uniformly and coarsening-sampled tables whole', () => {
    expect(splitAtGaps([400, 410, 420, 430])).toEqual([{ first: 0, last: 3 }]);
    // Li's silicon table coarsens 20 → 50 → 250 → 1000 nm steps: each step's larger neighbour is coarse too.
    expect(splitAtGaps([1200, 1220, 1240, 1290, 1340, 2250, 2500, 2750, 3000, 4000, 5000])).toEqual([{ first: 0, last: 10 }]);
  });

  it(`splits where a spacing exceeds ${GAP_FACTOR}× both neighbouring spacings`, () => {
    expect(splitAtGaps([400, 410, 420, 900, 910, 920])).toEqual([
      { first: 0, last: 2 },
      { first: 3, last: 5 },
    ]);
    // 5× exactly is not a gap; just over is.
    expect(splitAtGaps([0, 10, 20, 70, 80])).toHaveLength(1);
    expect(splitAtGaps([0, 10, 20, 70.1, 80.1])).toHaveLength(2);
  });

  it('splits at a repeated wavelength (two measurements meeting)', () => {
    expect(splitAtGaps([400, 500, 500, 600])).toEqual([
      { first: 0, last: 1 },
      { first: 2, last: 3 },
    ]);
  });

  it('handles one- and two-row tables', () => {
    expect(splitAtGaps([500])).toEqual([{ first: 0, last: 0 }]);
    expect(splitAtGaps([500, 900])).toEqual([{ first: 0, last: 1 }]);
  });
});

describe('interpolate (linear)', () => {
  const wl = [400, 500, 600];
  const v = [1.0, 2.0, 4.0];
  const run = { first: 0, last: 2 };
  it('returns tabulated values exactly at the rows', () => {
    for (let i = 0; i < wl.length; i++) expect(interpolate(wl, v, run, wl[i] as number)).toBe(v[i]);
  });
  it('is linear between neighbouring rows only', () => {
    expect(interpolate(wl, v, run, 450)).toBe(1.5);
    expect(interpolate(wl, v, run, 550)).toBe(3.0);
    expect(interpolate(wl, v, run, 575)).toBe(3.5);
  });
  it('stays within the neighbouring values (no overshoot, so k never turns negative)', () => {
    const k = [1e-3, 1e-9, 0];
    for (let x = 400; x <= 600; x += 7) {
      const y = interpolate(wl, k, run, x);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(1e-3);
    }
  });
});
