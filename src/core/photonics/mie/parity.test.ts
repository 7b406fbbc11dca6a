/**
 * WASM kernel (assembly/photonics-mie.ts) against the TypeScript reference on seeded random particles.
 * Both run the same IEEE-754 operations in the same order; they differ only through their libm (sin,
 * cos, exp, expm1, cbrt: V8's versus AssemblyScript's), whose last-bit differences are amplified where
 * a result is itself a near-cancellation (e.g. a dielectric core in a low-index shell whose
 * polarisabilities almost cancel: Qext ≈ 3e-5, agreement 3.5e-12 relative, 9e-17 absolute).
 * Tolerance per output: |wasm − ref| ≤ 1e-12·|ref| + 1e-15 (efficiencies and g are dimensionless O(1)
 * quantities; 1e-15 is below the resolution of a double near 1). So that the absolute floor cannot hide
 * errors in tiny particles, Rayleigh-size spheres (x < 0.05, Q ≲ 1e-5) are also held to 1e-12 relative.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmMieKernel } from '../../../adapters/node/mie-wasm.ts';
import { createRng } from '../../stats/rng.ts';
import { assertDocumented } from '../docs-text.ts';
import type { MieKernel } from './kernel.ts';
import { MIE_OUTPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from './layout.ts';
import { randomCoatedBatch, randomSphereBatch } from './random-batch.ts';
import { referenceMieKernel } from './reference.ts';
import type { WasmMieKernel } from './wasm-kernel.ts';

const NAMES = ['qext', 'qsca', 'qback', 'g'];

let wasm: WasmMieKernel;
beforeAll(async () => {
  wasm = await loadNodeWasmMieKernel();
});

function run(kernel: MieKernel, coated: boolean, input: Float64Array, count: number): Float64Array {
  const out = new Float64Array(count * MIE_OUTPUT_STRIDE);
  if (coated) kernel.coated(input, count, out);
  else kernel.spheres(input, count, out);
  return out;
}

const RELATIVE_TOLERANCE = 1e-12;
const ABSOLUTE_FLOOR = 1e-15;

/** Largest tolerance-normalised disagreement over the batch (≤ 1 passes), with where it happened. */
function worst(ref: Float64Array, got: Float64Array, count: number, floor = ABSOLUTE_FLOOR): { ratio: number; where: string } {
  let ratio = 0;
  let where = 'none';
  for (let i = 0; i < count * MIE_OUTPUT_STRIDE; i++) {
    const r = ref[i] as number;
    const g = got[i] as number;
    const q = Math.abs(g - r) / (RELATIVE_TOLERANCE * Math.abs(r) + floor);
    if (!(q <= ratio)) {
      ratio = Number.isNaN(q) ? Number.POSITIVE_INFINITY : q;
      where = `particle ${Math.floor(i / MIE_OUTPUT_STRIDE)} ${NAMES[i % MIE_OUTPUT_STRIDE]}: wasm ${g}, reference ${r}`;
    }
  }
  return { ratio, where };
}

describe('Mie WASM kernel matches the TypeScript reference', () => {
  it('at the tolerance docs/photonics-solvers.md states (issue 15)', () => {
    assertDocumented(`Mie and the transfer matrix: AssemblyScript WASM, held to about ${RELATIVE_TOLERANCE.toExponential(0)}`);
  });

  it('2,000 random spheres, x log-uniform in [1e-3, 1e3], five index families', () => {
    const count = 2000;
    const input = randomSphereBatch(createRng(20261129), count, 1e-3, 1e3);
    const ref = run(referenceMieKernel, false, input, count);
    const w = worst(ref, run(wasm, false, input, count), count);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
    if (process.env.MIE_PARITY_VERBOSE) console.log(`worst difference ${w.ratio.toExponential(2)} × tolerance (${w.where})`);
  });

  it('Rayleigh-size spheres (x in [1e-3, 0.05]) agree to 1e-12 relative, with no absolute floor', () => {
    const count = 500;
    const input = randomSphereBatch(createRng(11), count, 1e-3, 0.05);
    const ref = run(referenceMieKernel, false, input, count);
    const w = worst(ref, run(wasm, false, input, count), count, 0);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
  });

  it('large spheres, x = 1e4 (every index family)', () => {
    const count = 5;
    const input = randomSphereBatch(createRng(7), count, 1e4, 1e4);
    for (let i = 0; i < count; i++) input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.x] = 1e4;
    const ref = run(referenceMieKernel, false, input, count);
    const w = worst(ref, run(wasm, false, input, count), count);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
    if (process.env.MIE_PARITY_VERBOSE) console.log(`worst difference ${w.ratio.toExponential(2)} × tolerance (${w.where})`);
  });

  it('spheres at x = kπ and kπ(1 ± 1e-12), k = 1 … 20 (ψ₀ = sin x ≈ 0; issue 15), every index family', () => {
    const xs: number[] = [];
    for (let k = 1; k <= 20; k++) xs.push(k * Math.PI, k * Math.PI * (1 - 1e-12), k * Math.PI * (1 + 1e-12));
    const families = randomSphereBatch(createRng(15), 5, 1, 1);
    const count = xs.length * 5;
    const input = new Float64Array(count * SPHERE_INPUT_STRIDE);
    for (let i = 0; i < count; i++) {
      input.set(families.subarray((i % 5) * SPHERE_INPUT_STRIDE, (i % 5 + 1) * SPHERE_INPUT_STRIDE), i * SPHERE_INPUT_STRIDE);
      input[i * SPHERE_INPUT_STRIDE + SPHERE_IN.x] = xs[Math.floor(i / 5)] as number;
    }
    const w = worst(run(referenceMieKernel, false, input, count), run(wasm, false, input, count), count);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
  });

  it('500 random coated spheres, outer y log-uniform in [1e-3, 300]', () => {
    const count = 500;
    const input = randomCoatedBatch(createRng(42), count, 1e-3, 300);
    const ref = run(referenceMieKernel, true, input, count);
    const w = worst(ref, run(wasm, true, input, count), count);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
    if (process.env.MIE_PARITY_VERBOSE) console.log(`worst difference ${w.ratio.toExponential(2)} × tolerance (${w.where})`);
  });

  it('invalid particles give NaN in both (x ≤ 0, x beyond 1e5, core larger than the particle)', () => {
    const spheres = new Float64Array([1.5, 0, 0, 1.5, 0, -1, 1.5, 0, 2e5, 1.5, 0, Number.NaN]);
    const coated = new Float64Array([1.5, 0, 1.4, 0, 2, 1]);
    for (const kernel of [referenceMieKernel, wasm]) {
      expect([...run(kernel, false, spheres, 4)].every(Number.isNaN)).toBe(true);
      expect([...run(kernel, true, coated, 1)].every(Number.isNaN)).toBe(true);
    }
  });

  it('grows its buffers for a batch larger than the first reservation', () => {
    const count = 1000;
    const input = randomCoatedBatch(createRng(3), count, 0.1, 5);
    const w = worst(run(referenceMieKernel, true, input, count), run(wasm, true, input, count), count);
    expect(w.ratio, w.where).toBeLessThanOrEqual(1);
    expect(wasm.capacity()).toBeGreaterThanOrEqual(count);
  });
});
