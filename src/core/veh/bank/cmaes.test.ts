import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { cmaes } from './cmaes.ts';

describe('cmaes', () => {
  it('finds the maximum of a rotated, ill-conditioned quadratic ridge inside the box', () => {
    const target = [0.3, 0.7, 0.55, 0.2];
    const merit = (p: Float64Array): number => {
      const d = Array.from(p, (v, i) => v - (target[i] as number));
      const along = (d[0] as number) + (d[1] as number);
      const across = (d[0] as number) - (d[1] as number);
      return -(along ** 2 + 400 * across ** 2 + (d[2] as number) ** 2 + 50 * (d[3] as number) ** 2);
    };
    const res = cmaes(merit, Float64Array.from([0.9, 0.1, 0.9, 0.9]), 0.2, 3000, createRng(4));
    Array.from(res.best).forEach((v, i) => expect(v).toBeCloseTo(target[i] as number, 3));
    expect(res.evaluations).toBeLessThanOrEqual(3000);
  });

  it('stops before the budget once σ·max(D) falls below 1e-6', () => {
    const res = cmaes((p) => -(((p[0] as number) - 0.4) ** 2) - ((p[1] as number) - 0.6) ** 2, Float64Array.from([0.5, 0.5]), 0.1, 100000, createRng(2));
    expect(res.evaluations).toBeLessThan(5000);
    expect(res.best[0]).toBeCloseTo(0.4, 5);
    expect(res.best[1]).toBeCloseTo(0.6, 5);
  });

  it('respects the box when the optimum lies outside it', () => {
    const res = cmaes((p) => (p[0] as number) + (p[1] as number), Float64Array.from([0.5, 0.5]), 0.2, 800, createRng(1));
    expect(res.best[0]).toBeCloseTo(1, 6);
    expect(res.best[1]).toBeCloseTo(1, 6);
  });
});
