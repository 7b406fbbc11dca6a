/**
 * The generator form of LOBPCG: the asynchronous block driver must reproduce the synchronous
 * per-vector solve exactly (same products, same iterates), and a block request must cover whole
 * contiguous vectors so a GPU can take it in one submission.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../stats/rng.ts';
import { eachVector } from './block-steps.ts';
import { lobpcg, lobpcgAsync, lobpcgSteps } from './lobpcg.ts';

function diagonalPlusCoupling(n: number, seed: number) {
  const rng = createRng(seed);
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    re[i * n + i] = 1 + i;
    for (let j = i + 1; j < n; j++) {
      const a = 0.2 * rng.uniform(-1, 1);
      const b = 0.2 * rng.uniform(-1, 1);
      re[i * n + j] = a;
      re[j * n + i] = a;
      im[i * n + j] = b;
      im[j * n + i] = -b;
    }
  }
  return (xr: Float64Array, xi: Float64Array, yr: Float64Array, yi: Float64Array): void => {
    for (let i = 0; i < n; i++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        sr += re[i * n + j]! * xr[j]! - im[i * n + j]! * xi[j]!;
        si += re[i * n + j]! * xi[j]! + im[i * n + j]! * xr[j]!;
      }
      yr[i] = sr;
      yi[i] = si;
    }
  };
}

const n = 40;
const apply = diagonalPlusCoupling(n, 3);
const preconditioner = Float64Array.from({ length: n }, (_, i) => 1 / (1 + i));
const options = { wanted: 4, blockSize: 6, tolerance: 1e-8, maxIterations: 200, seed: 5 };

describe('lobpcgAsync', () => {
  it('gives bit-identical eigenpairs to the synchronous driver', async () => {
    const sync = lobpcg({ size: n, apply, preconditioner }, options);
    let blocks = 0;
    const async = await lobpcgAsync(
      {
        size: n,
        preconditioner,
        applyBlock: (xRe, xIm, count, yRe, yIm) => {
          blocks++;
          eachVector({ xRe, xIm, yRe, yIm, count }, n, apply);
          return Promise.resolve();
        },
      },
      options,
    );
    expect(sync.converged).toBe(true);
    expect(Array.from(async.values)).toEqual(Array.from(sync.values));
    expect(Array.from(async.vectorsRe)).toEqual(Array.from(sync.vectorsRe));
    expect(async.applications).toBe(sync.applications);
    // One request per LOBPCG step (plus the start), not one per vector.
    expect(blocks).toBe(async.iterations + 1);
    expect(blocks).toBeLessThan(async.applications);
  });

  it('asks for whole vectors: each request is count × size values', () => {
    const steps = lobpcgSteps({ size: n, preconditioner }, options);
    const first = steps.next();
    expect(first.done).toBe(false);
    if (first.done) return;
    expect(first.value.count).toBe(6);
    expect(first.value.xRe.length).toBe(6 * n);
    expect(first.value.yIm.length).toBe(6 * n);
  });
});
