/**
 * The real block eigensolver's kernels (block-kernel.ts) on the WASM build of
 * assembly/_pwe-block.ts, which ships inside photonics-linalg.wasm (linalg/wasm-kernel.ts builds
 * this from the same instance). One region of the kernel's memory holds the operator (grid index,
 * k + G, the transposed η or κ, the DFT table, Θ's scratch grids) followed by the caller's arena;
 * it grows only when a larger problem arrives, and nothing allocates during a k-point's solve, so
 * the arena view stays valid between begin() calls.
 */
import { float64View, kernelRegions, type WasmKernelExports } from '../../kernels/wasm-module.ts';
import type { CMatrix } from '../linalg/cmatrix.ts';
import type { EigenResult } from '../linalg/eig.ts';
import { MAX_RITZ, sortedEigen, type PweArena, type PweBlockKernel } from './block-kernel.ts';
import type { ThetaOperator } from './operator.ts';

export interface PweBlockExports extends WasmKernelExports {
  pweGram(a: number, na: number, b: number, nb: number, n: number, out: number): void;
  pweCombine(s: number, ns: number, c: number, m: number, n: number, out: number, add: number): void;
  pweResidual(x: number, ax: number, lambda: number, m: number, n: number, out: number, norms: number): void;
  pweNorms(v: number, m: number, n: number, norms: number): void;
  pwePrecondition(v: number, m: number, n: number, d: number, fixed: number): void;
  pweThetaScratchDoubles(nSide: number): number;
  pweSymmetricEigen(v: number, n: number, d: number, e: number): number;
  pweTwiddleDoubles(nSide: number): number;
  pweTwiddles(nSide: number, cs: number, sn: number, table: number): void;
  pweTheta(pol: number, nSide: number, n: number, grid: number, k1: number, k2: number, f0: number, f1: number, f2: number, tw: number, x: number, count: number, y: number, scratch: number): void;
}

/** Largest matrix the module's own symmetric eigensolver gets room for in begin(). */
const EIG_MAX = MAX_RITZ;

export const PWE_BLOCK_FUNCTIONS = ['pweGram', 'pweCombine', 'pweResidual', 'pweNorms', 'pwePrecondition', 'pweThetaScratchDoubles', 'pweTwiddleDoubles', 'pweTwiddles', 'pweTheta', 'pweSymmetricEigen'] as const;

/** f[v + N·u] = g[u + N·v]: the grid Θ's second transform pass leaves in transposed order. */
function transposed(g: Float64Array, n: number): Float64Array {
  const f = new Float64Array(n * n);
  for (let v = 0; v < n; v++) for (let u = 0; u < n; u++) f[v + n * u] = g[u + n * v] as number;
  return f;
}

export function createWasmPweBlockKernel(kernel: PweBlockExports, name: string, eigHermitian: (a: CMatrix) => EigenResult): PweBlockKernel {
  const region = kernelRegions(kernel, name, [1], 1 << 16);
  const view = float64View(kernel.memory);
  // Byte addresses of the operator's parts and the arena, set by begin().
  let at = { pol: 0, side: 0, n: 0, grid: 0, k1: 0, k2: 0, f0: 0, f1: 0, f2: 0, tw: 0, eig: 0, scratch: 0, arena: 0 };
  let began = false;
  let eigReserved = false;
  const b = (f64Index: number): number => at.arena + f64Index * 8;
  return {
    id: 'wasm',
    begin(op: ThetaOperator, doubles: number): PweArena {
      const side = op.plan.n;
      if (side % 2 !== 1) throw new Error(`pwe block kernel: the grid side must be odd, got ${side}`);
      if (!eigReserved) {
        // Its first call reserves the dense kernel's region (room for k up to ~90); done here, so it
        // never grows the memory under an arena view later.
        eigHermitian({ rows: 1, cols: 1, re: new Float64Array([1]), im: new Float64Array(1) });
        eigReserved = true;
      }
      const n = op.size;
      const cells = side * side;
      const scratch = kernel.pweThetaScratchDoubles(side);
      const tw = kernel.pweTwiddleDoubles(side);
      const layout = { grid: Math.ceil(n / 2), k1: n, k2: n, f0: cells, f1: cells, f2: cells, cs: side, sn: side, tw, scratch, eig: EIG_MAX * EIG_MAX + 2 * EIG_MAX };
      const opDoubles = Object.values(layout).reduce((s, v) => s + v, 0);
      region.ensure(opDoubles + doubles);
      const f64 = view();
      let next = region.base[0] as number;
      const place = (count: number): number => {
        const here = next;
        next += count;
        return here;
      };
      const grid = place(layout.grid);
      const k1 = place(n);
      const k2 = place(n);
      const f0 = place(cells);
      const f1 = place(cells);
      const f2 = place(cells);
      const cs = place(side);
      const sn = place(side);
      const twiddles = place(tw);
      const work = place(scratch);
      const eig = place(layout.eig);
      const arena = next;
      new Int32Array(f64.buffer, grid * 8, n).set(op.gridIndex);
      if (op.eta) {
        f64.set(op.kgNorm, k1);
        f64.set(transposed(op.eta, side), f0);
      } else {
        const kappa = op.kappa;
        if (!kappa) throw new Error('pwe block kernel: the operator has neither η (TM) nor κ (TE)');
        f64.set(op.kgX, k1);
        f64.set(op.kgY, k2);
        f64.set(transposed(kappa.xx, side), f0);
        f64.set(transposed(kappa.xy, side), f1);
        f64.set(transposed(kappa.yy, side), f2);
      }
      for (let j = 0; j < side; j++) {
        // The same table as the reference's direct DFT (fft2d.ts), so both transforms start from equal twiddles.
        f64[cs + j] = op.plan.dftCos ? (op.plan.dftCos[j] as number) : Math.cos((2 * Math.PI * j) / side);
        f64[sn + j] = op.plan.dftSin ? (op.plan.dftSin[j] as number) : Math.sin((2 * Math.PI * j) / side);
      }
      kernel.pweTwiddles(side, cs * 8, sn * 8, twiddles * 8);
      at = { pol: op.eta ? 0 : 1, side, n, grid: grid * 8, k1: k1 * 8, k2: k2 * 8, f0: f0 * 8, f1: f1 * 8, f2: f2 * 8, eig: eig * 8, tw: twiddles * 8, scratch: work * 8, arena: arena * 8 };
      began = true;
      // Offsets the caller passes are relative to the arena; the view it gets starts there too.
      return { f64: f64.subarray(arena, arena + doubles), base: 0 };
    },
    gram: (a, na, bb, nb, n, out) => kernel.pweGram(b(a), na, b(bb), nb, n, b(out)),
    combine: (s, ns, c, m, n, out, add) => kernel.pweCombine(b(s), ns, b(c), m, n, b(out), add ? 1 : 0),
    residual: (x, ax, lambda, m, n, out, norms) => kernel.pweResidual(b(x), b(ax), b(lambda), m, n, b(out), b(norms)),
    norms: (v, m, n, out) => kernel.pweNorms(b(v), m, n, b(out)),
    precondition: (v, m, n, d, fixed) => kernel.pwePrecondition(b(v), m, n, b(d), fixed),
    theta(x, count, y) {
      if (!began) throw new Error('pwe block kernel: theta() before begin()');
      kernel.pweTheta(at.pol, at.side, at.n, at.grid, at.k1, at.k2, at.f0, at.f1, at.f2, at.tw, b(x), count, b(y), at.scratch);
    },
    symmetricEigen(a, k) {
      if (!began || k > EIG_MAX) {
        // Beyond the room reserved in begin(): the dense kernel's Hermitian solver (its own region).
        const r = eigHermitian({ rows: k, cols: k, re: a, im: new Float64Array(k * k) });
        return sortedEigen(r.valuesRe, r.vectors.re, k);
      }
      const f64 = view();
      const v = at.eig / 8;
      f64.set(a.subarray(0, k * k), v);
      if (kernel.pweSymmetricEigen(at.eig, k, at.eig + k * k * 8, at.eig + (k * k + k) * 8) !== 0) throw new Error('pwe block kernel: the QL iteration did not converge');
      return { values: f64.slice(v + k * k, v + k * k + k), vectors: f64.slice(v, v + k * k) };
    },
  };
}
