/**
 * The WASM block kernels of the real band solver (assembly/_pwe-block.ts, in photonics-linalg.wasm)
 * against the TypeScript reference (block-kernel.ts) on seeded random blocks and on the Θ of real
 * crystals (TM and TE, square and triangular), and the real LOBPCG's wiring (lobpcg-real.ts; its
 * answers against the dense Θ are in lobpcg-real.slow.test.ts).
 * The WASM sums run in another order (two lanes, paired DFT rows), so values agree to rounding:
 * 1e-12 relative to the largest entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import { createRng } from '../../stats/rng.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics } from '../solve.ts';
import type { BandsInput } from './bands.ts';
import { prepareFftBands, solveBandsFft, thetaAt } from './bands-fft.ts';
import { createReferencePweBlockKernel, type PweBlockKernel } from './block-kernel.ts';
import type { BandsSolveResult } from './solve.ts';

let wasm: PweBlockKernel;
beforeAll(async () => {
  const kernel = await loadNodeWasmLinalgKernel();
  if (!kernel.pweBlock) throw new Error('the WASM linalg kernel has no pweBlock');
  wasm = kernel.pweBlock;
});
const reference = createReferencePweBlockKernel();

const rods = (polarization: 'TM' | 'TE', P: number): BandsInput => ({ lattice: 'square', background: 1, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.2, epsilon: 12 }], polarization, planeWavesPerAxis: P, kPointsPerSegment: 2, bands: 6 });
const holes = (polarization: 'TM' | 'TE', P: number): BandsInput => ({ lattice: 'triangular', background: 12, shapes: [{ shape: 'circle', center: { x: 0, y: 0 }, radius: 0.3, epsilon: 1 }], polarization, planeWavesPerAxis: P, kPointsPerSegment: 2, bands: 6 });

function maxRelative(a: Float64Array, b: Float64Array): number {
  let scale = 0;
  let worst = 0;
  for (let i = 0; i < b.length; i++) {
    scale = Math.max(scale, Math.abs(b[i] as number));
    worst = Math.max(worst, Math.abs((a[i] as number) - (b[i] as number)));
  }
  return worst / scale;
}

/** Runs `work` on both kernels over the same arena contents and returns both arenas after it. */
function onBoth(input: BandsInput, doubles: number, fill: (f64: Float64Array) => void, work: (k: PweBlockKernel) => void): [Float64Array, Float64Array] {
  const setup = prepareFftBands(input);
  const { op } = thetaAt(setup, { x: 0.7, y: 0.3 });
  return [wasm, reference].map((k) => {
    const { f64, base } = k.begin(op, doubles);
    expect(base).toBe(0);
    fill(f64);
    work(k);
    return f64.slice(0, doubles);
  }) as [Float64Array, Float64Array];
}

describe('PWE block kernels: WASM against the TypeScript reference', () => {
  const n = 15 * 15;
  const random = (f64: Float64Array): void => {
    const rng = createRng(7);
    for (let i = 0; i < f64.length; i++) f64[i] = rng.uniform(-1, 1);
  };

  it('gram, combine (set and add), residual, norms and precondition agree to 1e-12 on odd sizes', () => {
    // Blocks of 7 and 5 vectors of 225 (odd) values: every tail of the two- and four-wide loops runs.
    const doubles = 40 * n;
    const [w, r] = onBoth(rods('TM', 15), doubles, random, (k) => {
      k.gram(0, 7, 7 * n, 5, n, 30 * n);
      k.combine(0, 7, 30 * n, 5, n, 12 * n, false);
      k.combine(0, 7, 30 * n + 35, 3, n, 17 * n, true);
      k.residual(0, 7 * n, 30 * n + 60, 5, n, 20 * n, 30 * n + 100);
      k.norms(n, 6, n, 30 * n + 120);
      k.precondition(25 * n, 3, n, 29 * n, 11);
    });
    expect(maxRelative(w, r)).toBeLessThan(1e-12);
    expect(w[25 * n + 11]).toBe(0);
    expect(w[26 * n + 11]).toBe(0);
  });

  for (const [name, input] of [
    ['square rods, TM', rods('TM', 15)],
    ['square rods, TE', rods('TE', 15)],
    ['triangular holes, TE', holes('TE', 17)],
    ['triangular holes, TM', holes('TM', 13)],
  ] as const) {
    it(`Θ on 5 real vectors (two pairs and a single): ${name}`, () => {
      const size = input.planeWavesPerAxis ** 2;
      const [w, r] = onBoth(input, 10 * size, random, (k) => k.theta(0, 5, 5 * size));
      expect(maxRelative(w.subarray(5 * size), r.subarray(5 * size))).toBeLessThan(1e-12);
    });
  }

  it('symmetricEigen: the same spectrum as the reference and orthonormal eigenvectors with a small residual', () => {
    const setup = prepareFftBands(rods('TM', 7));
    wasm.begin(thetaAt(setup, { x: 0, y: 0 }).op, 1);
    for (const k of [1, 2, 9, 30]) {
      const rng = createRng(k);
      const a = new Float64Array(k * k);
      for (let i = 0; i < k; i++) for (let j = 0; j <= i; j++) a[i * k + j] = a[j * k + i] = rng.uniform(-1, 1) + (i === j ? i : 0);
      const got = wasm.symmetricEigen(a, k);
      const want = reference.symmetricEigen(a, k);
      for (let j = 0; j < k; j++) expect(got.values[j]).toBeCloseTo(want.values[j] as number, 12);
      for (let j = 0; j < k; j++) {
        for (let l = 0; l < k; l++) {
          let dot = 0;
          for (let i = 0; i < k; i++) dot += (got.vectors[i * k + j] as number) * (got.vectors[i * k + l] as number);
          expect(Math.abs(dot - (j === l ? 1 : 0))).toBeLessThan(1e-12);
        }
        let res = 0;
        for (let i = 0; i < k; i++) {
          let av = 0;
          for (let l = 0; l < k; l++) av += (a[i * k + l] as number) * (got.vectors[l * k + j] as number);
          res = Math.max(res, Math.abs(av - (got.values[j] as number) * (got.vectors[i * k + j] as number)));
        }
        expect(res).toBeLessThan(1e-12 * (k + 1));
      }
    }
  });
});

describe('real LOBPCG on the block kernels', () => {
  it('equal input gives equal bytes on the WASM kernels; a complex operator keeps the TypeScript path', () => {
    const input = rods('TE', 11);
    expect(JSON.stringify(solveBandsFft(input, { block: wasm }))).toBe(JSON.stringify(solveBandsFft(input, { block: wasm })));
    const shifted: BandsInput = { ...input, shapes: [{ shape: 'circle', center: { x: 3 / 11, y: -2 / 11 }, radius: 0.2, epsilon: 12 }] };
    const complex = solveBandsFft(shifted, { block: wasm });
    expect(complex.real_operator).toBe(false);
    expect(JSON.stringify(complex)).toBe(JSON.stringify(solveBandsFft(shifted)));
  });

  it('a bands solve whose context has the WASM linalg kernel runs its real operator there, and says so', async () => {
    const linalg = await loadNodeWasmLinalgKernel();
    const problem = { kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'TM', plane_waves_per_axis: 21, k_points_per_segment: 1, bands: 3, method: 'fft', convergence_check: false };
    const onWasm = solvePhotonics(problem, { materials: literalResolver, kernels: { linalg } }) as BandsSolveResult;
    const onTs = solvePhotonics(problem, { materials: literalResolver }) as BandsSolveResult;
    expect(onWasm.conventions.eigensolver_kernels).toMatch(/wasm block kernels/);
    expect(onTs.conventions.eigensolver_kernels).toMatch(/TypeScript/);
    onWasm.band_lines.forEach((line, i) => line.frequency.forEach((f, k) => expect(Math.abs(f - (onTs.band_lines[i]!.frequency[k] as number))).toBeLessThan(1e-8)));
  });
});

describe('real LOBPCG: what stays on the TypeScript path', () => {
  it('more than 30 bands (a Rayleigh–Ritz matrix above MAX_RITZ) runs the TypeScript LOBPCG and says so', async () => {
    const linalg = await loadNodeWasmLinalgKernel();
    const input: BandsInput = { ...rods('TM', 11), bands: 31, kPointsPerSegment: 1 };
    const r = solveBandsFft(input, { block: linalg.pweBlock! });
    expect(r.stats.block_kernel).toBeNull();
    expect(solveBandsFft({ ...input, bands: 30 }, { block: linalg.pweBlock! }).stats.block_kernel).toBe('wasm');
  });
});
