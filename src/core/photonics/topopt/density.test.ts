import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { applyFilter, applyFilterTranspose, conicFilter, project, projectDerivative } from './density.ts';

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, k) => s + v * (b[k] as number), 0);

describe('density filter and projection', () => {
  const f = conicFilter(13, 9, 3.2);
  const rng = createRng(11);
  const x = Float64Array.from({ length: 13 * 9 }, () => rng.next());
  const y = Float64Array.from({ length: 13 * 9 }, () => rng.next());

  it('keeps a uniform design uniform (weights normalised per cell, edges included)', () => {
    const out = applyFilter(f, new Float64Array(13 * 9).fill(0.37));
    for (const v of out) expect(v).toBeCloseTo(0.37, 14);
  });

  it('smooths: a single solid cell spreads over its radius and keeps values in [0, 1]', () => {
    const spike = new Float64Array(13 * 9);
    spike[6 + 4 * 13] = 1;
    const out = applyFilter(f, spike);
    expect(out[6 + 4 * 13]).toBeLessThan(1);
    expect(out[8 + 4 * 13]).toBeGreaterThan(0);
    expect(out[0]).toBe(0);
  });

  it('applyFilterTranspose is the transpose: ⟨F x, y⟩ = ⟨x, Fᵀ y⟩', () => {
    expect(dot(applyFilter(f, x), y)).toBeCloseTo(dot(x, applyFilterTranspose(f, y)), 12);
  });

  it('projects 0 → 0, ½ → ½, 1 → 1 at any β, and its derivative matches central differences', () => {
    for (const beta of [1, 8, 64]) {
      const p = project(Float64Array.from([0, 0.5, 1]), beta);
      expect(p[0]).toBeCloseTo(0, 14);
      expect(p[1]).toBeCloseTo(0.5, 14);
      expect(p[2]).toBeCloseTo(1, 14);
    }
    const beta = 6;
    const r = Float64Array.from([0.1, 0.45, 0.6, 0.93]);
    const d = projectDerivative(r, beta);
    const step = 1e-6;
    const up = project(r.map((v) => v + step), beta);
    const down = project(r.map((v) => v - step), beta);
    r.forEach((_, k) => expect(d[k]).toBeCloseTo(((up[k] as number) - (down[k] as number)) / (2 * step), 7));
  });
});
