/**
 * The real LOBPCG (lobpcg-real.ts) on the WASM and the TypeScript block kernels against the dense
 * eigenvalues of the same Θ (its matrix built column by column with operator.ts, all eigenvalues by
 * Householder + QL): the issue-20 accuracy claim, band frequencies to 1e-6 of the dense method, on
 * the bench's crystals (square rods ε = 12 r = 0.2a TM at 841 plane waves; triangular air holes
 * r = 0.3a TE) and against the TypeScript LOBPCG (lobpcg.ts) to 1e-8.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import { symmetricEigenvalues } from '../linalg/symmetric-eigenvalues.ts';
import type { BandsInput } from './bands.ts';
import { prepareFftBands, solveBandsFft, thetaAt } from './bands-fft.ts';
import { createReferencePweBlockKernel, type PweBlockKernel } from './block-kernel.ts';
import { kPath } from './lattice.ts';
import { applyTheta, createThetaWork } from './operator.ts';

let wasm: PweBlockKernel;
beforeAll(async () => {
  const kernel = await loadNodeWasmLinalgKernel();
  if (!kernel.pweBlock) throw new Error('the WASM linalg kernel has no pweBlock');
  wasm = kernel.pweBlock;
});

const rods = (P: number, bands: number): BandsInput => ({ lattice: 'square', background: 1, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.2, epsilon: 12 }], polarization: 'TM', planeWavesPerAxis: P, kPointsPerSegment: 2, bands });
const holes = (P: number, bands: number): BandsInput => ({ lattice: 'triangular', background: 12, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.3, epsilon: 1 }], polarization: 'TE', planeWavesPerAxis: P, kPointsPerSegment: 2, bands });

/** The lowest `bands` frequencies of the dense Θ at every path point (matrix columns Θ·e_j by operator.ts). */
function denseBands(input: BandsInput): number[][] {
  const setup = prepareFftBands(input);
  const work = createThetaWork(setup.plan);
  const n = setup.size;
  return kPath(setup.lattice, input.kPointsPerSegment).map((pt) => {
    const { op } = thetaAt(setup, pt.k);
    const a = new Float64Array(n * n);
    const e = new Float64Array(n);
    const zero = new Float64Array(n);
    const yr = new Float64Array(n);
    const yi = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      e.fill(0);
      e[j] = 1;
      applyTheta(op, e, zero, yr, yi, work);
      for (let i = 0; i < n; i++) a[i * n + j] = yr[i] as number;
    }
    // Θ is symmetric to rounding: symmetrise before the real eigensolver.
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) a[i * n + j] = a[j * n + i] = ((a[i * n + j] as number) + (a[j * n + i] as number)) / 2;
    return Array.from(symmetricEigenvalues(a, n).slice(0, input.bands), (l) => Math.sqrt(Math.max(l, 0)) / (2 * Math.PI));
  });
}

describe('real LOBPCG on the block kernels against the dense Θ', () => {
  for (const [name, input, kernels] of [
    ['square rods ε = 12, TM, 225 plane waves, 6 bands', rods(15, 6), 'both'],
    ['triangular air holes r = 0.3a, TE, 289 plane waves, 6 bands', holes(17, 6), 'both'],
    ['square rods ε = 12, TM, 841 plane waves, 8 bands (the bench crystal)', rods(29, 8), 'wasm'],
  ] as const) {
    it(`${name}: every band at every k-point within 1e-6 of the dense Θ, and the TypeScript LOBPCG's answer to 1e-8`, () => {
      const dense = denseBands(input);
      const generic = solveBandsFft(input);
      for (const block of kernels === 'both' ? [wasm, createReferencePweBlockKernel()] : [wasm]) {
        const r = solveBandsFft(input, { block });
        expect(r.real_operator).toBe(true);
        expect(r.stats.unconverged).toEqual([]);
        r.frequencies.forEach((row, k) =>
          row.forEach((f, b) => {
            expect(Math.abs(f - (dense[k]![b] as number))).toBeLessThan(1e-6);
            expect(Math.abs(f - (generic.frequencies[k]![b] as number))).toBeLessThan(1e-8);
          }),
        );
      }
    }, 120_000);
  }
});
