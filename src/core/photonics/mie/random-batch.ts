/**
 * Seeded random particle batches in the kernel layout, for the parity suite and the benchmark.
 * Families cover the regimes that stress a Mie code differently: dielectrics (sharp resonances),
 * bubbles (m < 1), weak and strong absorbers, and metals (|k| ≫ n).
 */
import type { SeededRng } from '../../stats/rng.ts';
import { COATED_IN, COATED_INPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from './layout.ts';

export type IndexFamily = 'dielectric' | 'bubble' | 'weak_absorber' | 'absorber' | 'metal';
export const INDEX_FAMILIES: readonly IndexFamily[] = ['dielectric', 'bubble', 'weak_absorber', 'absorber', 'metal'];

const logUniform = (rng: SeededRng, lo: number, hi: number): number => Math.exp(rng.uniform(Math.log(lo), Math.log(hi)));

/** A relative index n + ik of the given family. */
export function randomIndex(rng: SeededRng, family: IndexFamily): { n: number; k: number } {
  switch (family) {
    case 'dielectric':
      return { n: rng.uniform(1.01, 4), k: 0 };
    case 'bubble':
      return { n: rng.uniform(0.5, 0.99), k: 0 };
    case 'weak_absorber':
      return { n: rng.uniform(1.2, 2.5), k: logUniform(rng, 1e-6, 1e-2) };
    case 'absorber':
      return { n: rng.uniform(1.2, 3), k: rng.uniform(0.01, 1.5) };
    case 'metal':
      return { n: rng.uniform(0.05, 2), k: rng.uniform(1, 10) };
  }
}

/** `count` spheres, families in turn, x log-uniform in [xMin, xMax]. */
export function randomSphereBatch(rng: SeededRng, count: number, xMin: number, xMax: number): Float64Array {
  const input = new Float64Array(count * SPHERE_INPUT_STRIDE);
  for (let i = 0; i < count; i++) {
    const m = randomIndex(rng, INDEX_FAMILIES[i % INDEX_FAMILIES.length] as IndexFamily);
    const o = i * SPHERE_INPUT_STRIDE;
    input[o + SPHERE_IN.mRe] = m.n;
    input[o + SPHERE_IN.mIm] = m.k;
    input[o + SPHERE_IN.x] = logUniform(rng, xMin, xMax);
  }
  return input;
}

/** `count` coated spheres: outer y log-uniform in [yMin, yMax], core fraction uniform in (0, 1). */
export function randomCoatedBatch(rng: SeededRng, count: number, yMin: number, yMax: number): Float64Array {
  const input = new Float64Array(count * COATED_INPUT_STRIDE);
  for (let i = 0; i < count; i++) {
    const core = randomIndex(rng, INDEX_FAMILIES[i % INDEX_FAMILIES.length] as IndexFamily);
    const shell = randomIndex(rng, INDEX_FAMILIES[(i * 3 + 1) % INDEX_FAMILIES.length] as IndexFamily);
    const y = logUniform(rng, yMin, yMax);
    const o = i * COATED_INPUT_STRIDE;
    input[o + COATED_IN.m1Re] = core.n;
    input[o + COATED_IN.m1Im] = core.k;
    input[o + COATED_IN.m2Re] = shell.n;
    input[o + COATED_IN.m2Im] = shell.k;
    input[o + COATED_IN.x] = y * rng.uniform(0.01, 0.99);
    input[o + COATED_IN.y] = y;
  }
  return input;
}
