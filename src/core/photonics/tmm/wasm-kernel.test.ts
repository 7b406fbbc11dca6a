/**
 * Parity: the WASM kernel against the TypeScript reference on seeded random stacks. The two run the
 * same algorithm with different transcendental-function implementations (V8's and AssemblyScript's
 * libm), so agreement is to round-off, not bit for bit: we demand 1e-12 absolute on every output.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { TMM_WASM_PATH } from '../../../adapters/node/tmm-wasm.ts';
import { assertDocumented } from '../docs-text.ts';
import { createRng } from '../../stats/rng.ts';
import type { TmmBatch, TmmKernel } from './kernel.ts';
import { pointStride } from './layout.ts';
import { randomTmmBatch } from './random-stack.ts';
import { referenceTmmKernel } from './reference.ts';
import { createWasmTmmKernel } from './wasm-kernel.ts';

const TOLERANCE = 1e-12;
let wasm: TmmKernel;
beforeAll(async () => {
  wasm = await createWasmTmmKernel(await readFile(TMM_WASM_PATH));
});

const run = (kernel: TmmKernel, b: TmmBatch): Float64Array => {
  const out = new Float64Array(b.wavelengthCount * b.angleCount * pointStride(b.layerCount));
  kernel.solve(b, out);
  return out;
};

/** Largest |wasm − reference| over a batch; NaN must meet NaN (the amplitudes of incoherent stacks). */
function worstDifference(b: TmmBatch): number {
  const ref = run(referenceTmmKernel, b);
  const got = run(wasm, b);
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    const x = ref[i] as number;
    const y = got[i] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) {
      if (!(Number.isNaN(x) && Number.isNaN(y))) return Infinity;
      continue;
    }
    worst = Math.max(worst, Math.abs(x - y));
  }
  return worst;
}

describe('WASM TMM kernel', () => {
  it('at the tolerance docs/photonics-solvers.md states (issue 15)', () => {
    assertDocumented(`Mie and the transfer matrix: AssemblyScript WASM, held to about ${TOLERANCE.toExponential(0)}`);
  });

  it(`agrees with the reference within ${TOLERANCE} on 1,200 seeded random stacks (1–25 layers, absorbing, s/p, incoherent mixes)`, () => {
    const rng = createRng(2024);
    let worst = 0;
    let points = 0;
    let incoherent = 0;
    for (let s = 0; s < 1200; s++) {
      const b = randomTmmBatch(rng);
      worst = Math.max(worst, worstDifference(b));
      points += b.wavelengthCount * b.angleCount;
      if (b.coherent.includes(0)) incoherent++;
    }
    expect(worst).toBeLessThan(TOLERANCE);
    expect(points).toBeGreaterThan(4000);
    expect(incoherent).toBeGreaterThan(600); // the mix really exercises the incoherent path
  });

  it('agrees on all-coherent stacks, where the complex amplitudes r and t are defined', () => {
    const rng = createRng(7);
    let worst = 0;
    for (let s = 0; s < 300; s++) worst = Math.max(worst, worstDifference(randomTmmBatch(rng, { incoherent: false })));
    expect(worst).toBeLessThan(TOLERANCE);
  });

  it('grows its memory for a large batch and still agrees afterwards', () => {
    const rng = createRng(8);
    const big = randomTmmBatch(rng, { wavelengthCount: 2000, angleCount: 3 });
    expect(worstDifference(big)).toBeLessThan(TOLERANCE);
    expect(worstDifference(randomTmmBatch(rng))).toBeLessThan(TOLERANCE);
  });

  it('refuses inconsistent sizes with a RangeError naming the array', () => {
    const b = randomTmmBatch(createRng(9), { wavelengthCount: 2, angleCount: 2 });
    expect(() => wasm.solve(b, new Float64Array(3))).toThrow(/out holds 3 values/);
    expect(() => wasm.solve({ ...b, angles_rad: new Float64Array(1) }, new Float64Array(1e4))).toThrow(/angles_rad holds 1/);
    expect(() => wasm.solve({ ...b, layerCount: -1 }, new Float64Array(1e4))).toThrow(/layerCount must be a non-negative integer/);
  });

  it('refuses bytes that are not the TMM kernel', async () => {
    const veh = await readFile(new URL('../../../../build/wasm/veh-oracle.wasm', import.meta.url));
    await expect(createWasmTmmKernel(veh)).rejects.toThrow(/does not export/);
  });
});
