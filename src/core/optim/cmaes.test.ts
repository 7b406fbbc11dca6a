import { describe, expect, it } from 'vitest';
import { Cmaes, normalSource } from './cmaes.ts';
import { createRng } from '../stats/rng.ts';

function minimise(f: (x: readonly number[]) => number, mean: number[], sigma: number, maxEvals: number, seed: number) {
  const es = new Cmaes({ mean, sigma, normal: normalSource(createRng(seed).next) });
  let best = Infinity;
  let evals = 0;
  while (evals < maxEvals) {
    const xs = es.ask();
    const fs = xs.map(f);
    evals += xs.length;
    best = Math.min(best, ...fs);
    es.tell(xs, fs);
    if (best < 1e-10) break;
  }
  return { best, evals, es };
}

const sphere = (x: readonly number[]): number => x.reduce((s, v) => s + v * v, 0);
/** Ill-conditioned ellipsoid (condition 10⁶): needs a learned covariance, not just step size. */
const ellipsoid = (x: readonly number[]): number => x.reduce((s, v, i) => s + 10 ** ((6 * i) / (x.length - 1)) * v * v, 0);

describe('Cmaes', () => {
  it('uses the standard weights and λ = 4 + ⌊3 ln n⌋', () => {
    const es = new Cmaes({ mean: [0, 0, 0, 0, 0, 0], sigma: 1, normal: normalSource(createRng(1).next) });
    expect(es.lambda).toBe(9);
    expect(es.mu).toBe(4);
    expect(es.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
    expect(es.weights[0]).toBeGreaterThan(es.weights[3] ?? 1);
  });

  it('solves the 6-D sphere to 1e-10', () => {
    const r = minimise(sphere, [3, -2, 1, 4, -1, 2], 1, 4000, 11);
    expect(r.best).toBeLessThan(1e-10);
    expect(r.evals).toBeLessThan(2000);
  });

  it('solves a 6-D ellipsoid of condition 1e6 (covariance adaptation at work)', () => {
    const r = minimise(ellipsoid, [1, 1, 1, 1, 1, 1], 0.5, 20000, 12);
    expect(r.best).toBeLessThan(1e-10);
    // Without covariance learning the step size alone would take far longer on this problem.
    expect(r.evals).toBeLessThan(8000);
  });

  it('with population 8 (the paper’s setting) still converges on the sphere', () => {
    const es = new Cmaes({ mean: [1, 1, 1, 1, 1, 1], sigma: 0.15, lambda: 8, normal: normalSource(createRng(3).next) });
    let best = Infinity;
    for (let g = 0; g < 300; g++) {
      const xs = es.ask();
      const fs = xs.map(sphere);
      best = Math.min(best, ...fs);
      es.tell(xs, fs);
    }
    expect(best).toBeLessThan(1e-10);
  });

  it('reports σ·max(D) as the largest axis standard deviation, shrinking as it converges', () => {
    const es = new Cmaes({ mean: [1, 1, 1, 1], sigma: 0.3, normal: normalSource(createRng(9).next) });
    expect(es.maxAxisStd).toBe(0.3);
    for (let g = 0; g < 200; g++) {
      const xs = es.ask();
      es.tell(xs, xs.map(sphere));
    }
    expect(es.maxAxisStd).toBeGreaterThan(0);
    expect(es.maxAxisStd).toBeLessThan(1e-6);
  });

  it('is deterministic for a seed', () => {
    const a = minimise(sphere, [1, 2, 3, 4, 5, 6], 1, 200, 5);
    const b = minimise(sphere, [1, 2, 3, 4, 5, 6], 1, 200, 5);
    expect(a.es.mean).toEqual(b.es.mean);
  });
});
