/**
 * factorBanded on every linear-algebra backend against the TypeScript reference (fdmode/banded-lu.ts).
 * The WASM twin performs the same IEEE multiply and subtract per entry (two lanes at a time, with
 * no fused multiply-add) and keeps the solve's sums scalar and in order, so factors and solutions
 * must agree bit for bit, not merely to a tolerance. Independently of the reference, each solution
 * is checked against the original band: ‖M·x − b‖ / ‖b‖ stays at rounding level. The bands are
 * seeded, diagonally dominant M-matrix-like systems (the mode solver's shifted operators are
 * M-matrices), with even and odd row lengths so the two-lane loop meets both tails; solveEach
 * (two right-hand sides per pass over the band on WASM) must equal lone solves. The complex
 * symmetric LDLᵀ of FDFD is held to the same bit-for-bit standard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLinalgKernelRegistry } from '../../../adapters/node/linalg-wasm.ts';
import { createRng } from '../../stats/rng.ts';
import { bandedMultiply, type BandedMatrix } from '../fdmode/banded-lu.ts';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonics } from '../solve.ts';
import type { ChannelModeResult } from '../fdmode/solve.ts';
import type { InverseDesignResult } from '../topopt/solve.ts';
import type { DenseLinalgKernel } from './kernel.ts';
import { referenceLinalgKernel as reference } from './reference-kernel.ts';

const backends: DenseLinalgKernel[] = [];
beforeAll(async () => {
  const registry = createNodeLinalgKernelRegistry();
  for (const id of registry.ids()) backends.push(await registry.create(id));
});

/** A seeded band: off-diagonals in (−1, 0], some exact zeros (the elimination skips them), a dominant diagonal. */
function randomBand(n: number, bw: number, seed: number): BandedMatrix {
  const rng = createRng(seed);
  const w = 2 * bw + 1;
  const data = new Float64Array(n * w);
  for (let i = 0; i < n; i++) {
    for (let o = 0; o < w; o++) {
      const j = i + o - bw;
      if (j < 0 || j >= n || o === bw) continue;
      data[i * w + o] = rng.next() < 0.2 ? 0 : -rng.next();
    }
    data[i * w + bw] = 2 * bw + 1 + rng.next();
  }
  return { n, bw, data };
}

const CASES: [number, number][] = [
  [1, 0],
  [2, 1],
  [50, 2],
  [51, 7],
  [401, 17],
  [300, 40],
];

describe('banded LU on every backend', () => {
  it('has a WASM backend to compare (build:wasm ran)', () => {
    expect(backends.map((b) => b.id)).toEqual(['wasm', 'reference']);
  });

  for (const [n, bw] of CASES) {
    it(`n = ${n}, bw = ${bw}: bit-identical solutions, residual at rounding level`, () => {
      const m = randomBand(n, bw, 1000 + n + bw);
      const rng = createRng(7 * n + bw);
      const b = Float64Array.from({ length: n }, () => rng.next() - 0.5);
      const want = b.slice();
      reference.factorBanded(n, bw, (d) => d.set(m.data)).solve(want);
      for (const k of backends) {
        const x = b.slice();
        k.factorBanded(n, bw, (d) => d.set(m.data)).solve(x);
        expect(x, k.id).toEqual(want);
        const mx = new Float64Array(n);
        bandedMultiply(m, x, mx);
        let r = 0;
        let s = 0;
        for (let i = 0; i < n; i++) {
          r = Math.max(r, Math.abs((mx[i] as number) - (b[i] as number)));
          s = Math.max(s, Math.abs(b[i] as number));
        }
        expect(r / s, k.id).toBeLessThan(1e-13);
      }
    });
  }

  it('solveEach (pairs and an odd one out) gives each vector its lone solve, bit for bit', () => {
    const n = 203;
    const bw = 11;
    const m = randomBand(n, bw, 99);
    const rng = createRng(3);
    const rhs = Array.from({ length: 3 }, () => Float64Array.from({ length: n }, () => rng.next() - 0.5));
    const want = rhs.map((b) => {
      const x = b.slice();
      reference.factorBanded(n, bw, (d) => d.set(m.data)).solve(x);
      return x;
    });
    for (const k of backends) {
      const xs = rhs.map((b) => b.slice());
      k.factorBanded(n, bw, (d) => d.set(m.data)).solveEach(xs);
      expect(xs, k.id).toEqual(want);
    }
  });

  it('refuses a zero pivot with the same message on every backend', () => {
    for (const k of backends) {
      expect(() => k.factorBanded(3, 1, () => undefined), k.id).toThrow('banded LU: zero pivot (the shifted operator is singular)');
    }
  });

  it('WASM refuses a solve on a factor that a later factorisation replaced', () => {
    const wasm = backends.find((b) => b.id === 'wasm');
    if (!wasm) throw new Error('no wasm backend');
    const m = randomBand(20, 3, 5);
    const first = wasm.factorBanded(20, 3, (d) => d.set(m.data));
    wasm.factorBanded(20, 3, (d) => d.set(m.data));
    expect(() => first.solve(new Float64Array(20))).toThrow(/replaced/);
    expect(() => wasm.factorBanded(20, 3, (d) => d.set(m.data)).solve(new Float64Array(19))).toThrow(/19 for a system of 20/);
  });

  it('complex symmetric LDLᵀ (FDFD): full and partial elimination bit-identical to the reference, with an odd and an even band', () => {
    for (const [n, bw] of [
      [1, 0],
      [64, 5],
      [301, 16],
    ] as const) {
      const rng = createRng(n + bw);
      const data = new Float64Array(2 * n * (bw + 1));
      for (let r = 0; r < n; r++) {
        for (let k = 1; k <= bw && r + k < n; k++) {
          data[2 * (r * (bw + 1) + k)] = rng.next() - 0.5;
          data[2 * (r * (bw + 1) + k) + 1] = rng.next() - 0.5;
        }
        data[2 * r * (bw + 1)] = 2 * bw + 2;
        data[2 * r * (bw + 1) + 1] = rng.next();
      }
      const m = { n, bw, data };
      for (const pivots of [n, Math.floor(n / 2)]) {
        const want = reference.eliminateSymmetricBanded(m, pivots);
        for (const k of backends) expect(k.eliminateSymmetricBanded(m, pivots).data, `${k.id} n ${n} pivots ${pivots}`).toEqual(want.data);
      }
      expect(m.data, 'the input is left untouched').toEqual(data);
    }
    for (const k of backends) {
      expect(() => k.eliminateSymmetricBanded({ n: 2, bw: 1, data: new Float64Array(8) }, 2), k.id).toThrow('symmetric banded LDLᵀ: zero pivot');
    }
  });

  it('an inverse design gives the same FOM history and design on every backend, and names it', () => {
    const problem = { kind: 'inverse_design', device: 'bend', iterations: 2 };
    const results = backends.map((linalg) => solvePhotonics(problem, { materials: literalResolver, kernels: { linalg } }) as InverseDesignResult);
    expect(results.map((r) => r.backend)).toEqual(['wasm', 'reference']);
    expect(results[0]?.fom.history.length).toBe(2);
    expect(results[0]?.fom.history).toEqual(results[1]?.fom.history);
    expect(results[0]?.fom.binarised).toBe(results[1]?.fom.binarised);
    expect(results[0]?.design_binary).toEqual(results[1]?.design_binary);
  });

  it('the full- and semi-vectorial strip solves give the same n_eff on every backend, and name it', () => {
    const strip = (method: string) => ({
      kind: 'mode',
      structure: { type: 'channel', shape: 'strip', method, core: { material: { n: 3.476, k: 0 }, width_nm: 500, height_nm: 220 }, cladding: { n: 1.444, k: 0 }, substrate: { n: 1.444, k: 0 }, grid_nm: 40, window_nm: { width: 2000, height: 1600 }, max_modes: 1 },
      polarization: 'TE',
      wavelength_nm: 1550,
    });
    for (const method of ['full_vectorial', 'semi_vectorial']) {
      const results = backends.map((linalg) => solvePhotonics(strip(method), { materials: literalResolver, kernels: { linalg } }) as ChannelModeResult);
      expect(results.map((r) => r.backend)).toEqual(['wasm', 'reference']);
      expect(results[0]?.modes[0]?.n_eff, method).toBe(results[1]?.modes[0]?.n_eff);
    }
  });
});
