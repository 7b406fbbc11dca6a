/**
 * Dense complex linear algebra on the AssemblyScript build of assembly/photonics-linalg.ts. Pure
 * core: the caller supplies the compiled module or its bytes (Node reads
 * build/wasm/photonics-linalg.wasm, the worker fetches it).
 *
 * Each call copies its operands into one region of the kernel's linear memory (split re/im planes,
 * row-major, exactly the CMatrix layout), runs, and copies the result out into fresh CMatrix arrays.
 * The region is reserved once and doubled when a larger problem arrives (the minimal runtime cannot
 * free, so old regions are abandoned; doubling bounds the waste to 2×). Growing the memory detaches
 * `memory.buffer`, so the Float64Array view is re-created whenever it no longer matches the memory.
 */
import { float64View, instantiateKernel, kernelRegions, type WasmSource } from '../../kernels/wasm-module.ts';
import type { CMatrix } from './cmatrix.ts';
import type { EigenResult } from './eig.ts';
import { SYMMETRIC_ZERO_PIVOT_MESSAGE, type SymmetricBandedMatrix } from '../fdfd/symmetric-banded.ts';
import { ZERO_PIVOT_MESSAGE } from '../fdmode/banded-lu.ts';
import type { BandedFactor, DenseLinalgKernel } from './kernel.ts';
import { factorFronts, type SparseLuKernel } from './multifrontal.ts';
import { createWasmPweBlockKernel, PWE_BLOCK_FUNCTIONS, type PweBlockExports } from '../pwe/block-kernel-wasm.ts';
import { createWasmKrylovKernel } from './krylov-kernel-wasm.ts';
import { createWasmFvAssemblyKernel, type FvAssemblyExports } from './fv-assembly-kernel.ts';
import { createWasmOrderingKernel, ORDERING_FUNCTIONS, type OrderingExports } from './minimum-degree-wasm.ts';

interface LinalgExports extends PweBlockExports, FvAssemblyExports, OrderingExports {
  layoutVersion(): number;
  eigScratchDoubles(n: number): number;
  mul(ar: number, ai: number, br: number, bi: number, or: number, oi: number, n: number, k: number, m: number): void;
  solve(lr: number, li: number, xr: number, xi: number, n: number, m: number): number;
  eig(hr: number, hi: number, zr: number, zi: number, vr: number, vi: number, work: number, n: number): number;
  hermitianScratchDoubles(n: number): number;
  eigHermitian(br: number, bi: number, ur: number, ui: number, zt: number, vr: number, vi: number, work: number, n: number): number;
  eigHermitianDefinite(br: number, bi: number, ar: number, ai: number, ur: number, ui: number, zt: number, vr: number, vi: number, work: number, n: number): number;
  bandedFactor(a: number, n: number, bw: number): number;
  bandedSolve(lu: number, x: number, n: number, bw: number): void;
  bandedSolvePair(lu: number, x: number, y: number, n: number, bw: number): void;
  symmetricEliminate(a: number, n: number, bw: number, pivots: number): number;
  sparseFront(
    rowStart: number, cols: number, values: number,
    meta: number, index: number, childStart: number, childList: number, t: number, top: number,
    factor: number, front: number, stack: number, loc: number, map: number, schurAt: number,
  ): number;
  sparseSolve(store: number, index: number, meta: number, nf: number, x: number, y: number, w: number): void;
  csrMultiply(rowStart: number, cols: number, values: number, n: number, x: number, y: number): void;
  csrMultiplyTwo(rowStart: number, cols: number, values: number, n: number, x1: number, x2: number, y1: number, y2: number): void;
}

/** The argument layout this file was written for (assembly/photonics-linalg.ts layoutVersion). */
const LAYOUT_VERSION = 12;
/** First reservation in doubles (512 KiB): an eig of 81×81 or a solve of 161×161 fits. */
const INITIAL_DOUBLES = 1 << 16;
const NAME = 'photonics-linalg.wasm';
const FUNCTIONS = ['layoutVersion', 'eigScratchDoubles', 'mul', 'solve', 'eig', 'hermitianScratchDoubles', 'eigHermitian', 'eigHermitianDefinite', 'bandedFactor', 'bandedSolve', 'bandedSolvePair', 'symmetricEliminate', 'sparseFront', 'sparseSolve', 'csrMultiply', 'csrMultiplyTwo', 'fvAssemble', 'fvAssemblyBandwidth', ...PWE_BLOCK_FUNCTIONS, ...ORDERING_FUNCTIONS] as const;

export async function createWasmLinalgKernel(source: WasmSource): Promise<DenseLinalgKernel> {
  const kernel = await instantiateKernel<LinalgExports>(source, NAME, FUNCTIONS);
  if (kernel.layoutVersion() !== LAYOUT_VERSION) {
    throw new Error(`${NAME} layout mismatch: version ${kernel.layoutVersion()}, expected ${LAYOUT_VERSION} (rebuild with npm run build:wasm)`);
  }
  const region = kernelRegions(kernel, NAME, [1], INITIAL_DOUBLES);
  // A band and its right-hand side get regions of their own, so a dense call between two solves
  // (or a solve's own vector) never overwrites the factors.
  const bandRegion = kernelRegions(kernel, NAME, [1], INITIAL_DOUBLES);
  const rhsRegion = kernelRegions(kernel, NAME, [1, 1], 1 << 12);
  let bandGeneration = 0;
  const view = float64View(kernel.memory);

  /** Reserves `doubles` and returns the region's first f64 index and a view valid until the next reservation. */
  const reserve = (doubles: number): { base: number; f64: Float64Array } => {
    region.ensure(doubles);
    return { base: region.base[0] as number, f64: view() };
  };
  const take = (f64: Float64Array, at: number, rows: number, cols: number): CMatrix => ({
    rows,
    cols,
    re: f64.slice(at, at + rows * cols),
    im: f64.slice(at + rows * cols, at + 2 * rows * cols),
  });

  const mul = (a: CMatrix, b: CMatrix): CMatrix => {
    if (a.cols !== b.rows) throw new Error(`matrix product: ${a.rows}×${a.cols} times ${b.rows}×${b.cols}`);
    const sa = a.rows * a.cols;
    const sb = b.rows * b.cols;
    const so = a.rows * b.cols;
    const { base, f64 } = reserve(2 * (sa + sb + so));
    const pa = base;
    const pb = pa + 2 * sa;
    const po = pb + 2 * sb;
    f64.set(a.re, pa);
    f64.set(a.im, pa + sa);
    f64.set(b.re, pb);
    f64.set(b.im, pb + sb);
    kernel.mul(pa * 8, (pa + sa) * 8, pb * 8, (pb + sb) * 8, po * 8, (po + so) * 8, a.rows, a.cols, b.cols);
    return take(f64, po, a.rows, b.cols);
  };

  /** LU solve of a·x = b where b is already in the region at pb (n×m). */
  const solveIn = (a: CMatrix, pa: number, pb: number, m: number, f64: Float64Array): CMatrix => {
    const n = a.rows;
    f64.set(a.re, pa);
    f64.set(a.im, pa + n * n);
    const status = kernel.solve(pa * 8, (pa + n * n) * 8, pb * 8, (pb + n * m) * 8, n, m);
    if (status !== 0) throw new Error('solve: the matrix is singular to working precision');
    return take(f64, pb, n, m);
  };

  const solve = (a: CMatrix, b: CMatrix): CMatrix => {
    const n = a.rows;
    if (a.cols !== n || b.rows !== n) throw new Error(`solve: ${a.rows}×${a.cols} system with ${b.rows}×${b.cols} right-hand side`);
    const m = b.cols;
    const { base, f64 } = reserve(2 * n * n + 2 * n * m);
    const pb = base + 2 * n * n;
    f64.set(b.re, pb);
    f64.set(b.im, pb + n * m);
    return solveIn(a, base, pb, m, f64);
  };

  const inverse = (a: CMatrix): CMatrix => {
    const n = a.rows;
    if (a.cols !== n) throw new Error(`solve: ${a.rows}×${a.cols} system with ${n}×${n} right-hand side`);
    const { base, f64 } = reserve(4 * n * n);
    const pb = base + 2 * n * n;
    f64.fill(0, pb, pb + 2 * n * n);
    for (let i = 0; i < n; i++) f64[pb + i * n + i] = 1;
    return solveIn(a, base, pb, n, f64);
  };

  const eig = (a: CMatrix): EigenResult => {
    const n = a.rows;
    if (a.cols !== n) throw new Error(`eig: ${a.rows}×${a.cols} is not square`);
    const nn = n * n;
    const { base, f64 } = reserve(6 * nn + kernel.eigScratchDoubles(n));
    const ph = base;
    const pz = ph + 2 * nn;
    const pv = pz + 2 * nn;
    const pw = pv + 2 * nn;
    f64.set(a.re, ph);
    f64.set(a.im, ph + nn);
    const status = kernel.eig(ph * 8, (ph + nn) * 8, pz * 8, (pz + nn) * 8, pv * 8, (pv + nn) * 8, pw * 8, n);
    if (status !== 0) throw new Error('eig: the QR iteration did not converge');
    const valuesRe = new Float64Array(n);
    const valuesIm = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      valuesRe[k] = f64[ph + k * n + k] as number;
      valuesIm[k] = f64[ph + nn + k * n + k] as number;
    }
    return { valuesRe, valuesIm, vectors: take(f64, pv, n, n) };
  };

  const eigHermitian = (a: CMatrix): EigenResult => {
    const n = a.rows;
    if (a.cols !== n) throw new Error(`eig: ${a.rows}×${a.cols} is not square`);
    const nn = n * n;
    const { base, f64 } = reserve(7 * nn + kernel.hermitianScratchDoubles(n));
    const pb = base;
    const pu = pb + 2 * nn;
    const pz = pu + 2 * nn;
    const pv = pz + nn;
    const pw = pv + 2 * nn;
    f64.set(a.re, pb);
    f64.set(a.im, pb + nn);
    const status = kernel.eigHermitian(pb * 8, (pb + nn) * 8, pu * 8, (pu + nn) * 8, pz * 8, pv * 8, (pv + nn) * 8, pw * 8, n);
    if (status !== 0) throw new Error('eig: the QL iteration did not converge');
    // The eigenvalues are the first n doubles of the scratch.
    return { valuesRe: f64.slice(pw, pw + n), valuesIm: new Float64Array(n), vectors: take(f64, pv, n, n) };
  };

  const eigHermitianDefinite = (b: CMatrix, a: CMatrix): EigenResult => {
    const n = b.rows;
    if (b.cols !== n || a.rows !== n || a.cols !== n) throw new Error(`eig: ${b.rows}×${b.cols} and ${a.rows}×${a.cols} are not square of one size`);
    const nn = n * n;
    const { base, f64 } = reserve(9 * nn + kernel.hermitianScratchDoubles(n));
    const pb = base;
    const pa = pb + 2 * nn;
    const pu = pa + 2 * nn;
    const pz = pu + 2 * nn;
    const pv = pz + nn;
    const pw = pv + 2 * nn;
    f64.set(b.re, pb);
    f64.set(b.im, pb + nn);
    f64.set(a.re, pa);
    f64.set(a.im, pa + nn);
    const status = kernel.eigHermitianDefinite(pb * 8, (pb + nn) * 8, pa * 8, (pa + nn) * 8, pu * 8, (pu + nn) * 8, pz * 8, pv * 8, (pv + nn) * 8, pw * 8, n);
    if (status === 2) throw new Error('eig: the metric matrix is not positive definite');
    if (status !== 0) throw new Error('eig: the QL iteration did not converge');
    return { valuesRe: f64.slice(pw, pw + n), valuesIm: new Float64Array(n), vectors: take(f64, pv, n, n) };
  };

  const factorBanded = (n: number, bw: number, fill: (band: Float64Array) => void): BandedFactor => {
    const size = n * (2 * bw + 1);
    bandRegion.ensure(size);
    const at = bandRegion.base[0] as number;
    const band = view().subarray(at, at + size);
    band.fill(0);
    fill(band);
    const generation = ++bandGeneration;
    const status = kernel.bandedFactor(at * 8, n, bw);
    if (status !== 0) throw new Error(ZERO_PIVOT_MESSAGE);
    const check = (x: Float64Array): void => {
      if (generation !== bandGeneration) throw new Error('banded solve: this factor was replaced by a later factorBanded call');
      if (x.length !== n) throw new Error(`banded solve: a vector of ${x.length} for a system of ${n}`);
    };
    const solve = (x: Float64Array): void => {
      check(x);
      rhsRegion.ensure(n);
      const px = rhsRegion.base[0] as number;
      const f64 = view();
      f64.set(x, px);
      kernel.bandedSolve(at * 8, px * 8, n, bw);
      x.set(f64.subarray(px, px + n));
    };
    const solvePair = (x: Float64Array, y: Float64Array): void => {
      check(x);
      check(y);
      rhsRegion.ensure(n);
      const [px, py] = rhsRegion.base as [number, number];
      const f64 = view();
      f64.set(x, px);
      f64.set(y, py);
      kernel.bandedSolvePair(at * 8, px * 8, py * 8, n, bw);
      x.set(f64.subarray(px, px + n));
      y.set(f64.subarray(py, py + n));
    };
    return {
      n,
      bw,
      solve,
      solveEach(xs: readonly Float64Array[]): void {
        let i = 0;
        for (; i + 1 < xs.length; i += 2) solvePair(xs[i] as Float64Array, xs[i + 1] as Float64Array);
        if (i < xs.length) solve(xs[i] as Float64Array);
      },
    };
  };

  // Copied in and out (the FDFD code keeps its factors as plain arrays for its sweeps); the copies
  // cost O(n·bw) against the elimination's O(n·bw²).
  const eliminateSymmetricBanded = (m: SymmetricBandedMatrix, pivots: number): SymmetricBandedMatrix => {
    const size = m.data.length;
    if (size !== 2 * m.n * (m.bw + 1)) throw new Error(`symmetric banded: ${size} numbers for n = ${m.n}, bw = ${m.bw}`);
    const { base, f64 } = reserve(size);
    f64.set(m.data, base);
    const status = kernel.symmetricEliminate(base * 8, m.n, m.bw, Math.min(pivots, m.n));
    if (status !== 0) throw new Error(SYMMETRIC_ZERO_PIVOT_MESSAGE);
    return { n: m.n, bw: m.bw, data: f64.slice(base, base + size) };
  };

  // A factorisation's regions: the factor, the CSR values, the dense front and the Schur stack
  // (doubles), and every integer array in one region. All are reserved together, before the
  // driver writes the matrix and the plan, so no view detaches under it; the solve's vectors have
  // their own region, reserved with them too.
  const sparseStore = kernelRegions(kernel, NAME, [1], INITIAL_DOUBLES);
  const sparseValues = kernelRegions(kernel, NAME, [1], 1 << 12);
  const sparseFront = kernelRegions(kernel, NAME, [1], 1 << 12);
  const sparseStack = kernelRegions(kernel, NAME, [1], 1 << 12);
  const sparseInts = kernelRegions(kernel, NAME, [1], 1 << 12);
  // x, y and the interleaved front scratch (twice the largest front).
  const sparseRhs = kernelRegions(kernel, NAME, [1, 1, 2], 1 << 12);
  /** The reserved factorisation's sizes and the byte address of each of its regions. */
  let at = { fronts: 0, maxFront: 0, rowStart: 0, cols: 0, values: 0, meta: 0, index: 0, childStart: 0, childList: 0, store: 0, front: 0, stack: 0, loc: 0, map: 0, schurAt: 0 };
  let lastMeta: Int32Array | null = null;
  const sparseLu: SparseLuKernel = {
    id: 'wasm',
    reserveSparse(z) {
      // i32 regions in order; loc, map and schurAt are the kernel's scratch.
      const intSizes = { rowStart: z.n + 1, cols: z.nnz, meta: 4 * z.fronts, index: z.indexInts, childStart: z.fronts + 1, childList: z.childInts, loc: z.n, map: z.maxFront, schurAt: z.fronts };
      const ints = Object.values(intSizes).reduce((s, k) => s + k, 0);
      sparseStore.ensure(Math.max(z.storeDoubles, 1));
      sparseValues.ensure(Math.max(z.nnz, 1));
      sparseFront.ensure(Math.max(z.maxFront * z.maxFront, 1));
      sparseStack.ensure(Math.max(z.stackDoubles, 1));
      sparseInts.ensure(Math.ceil(ints / 2));
      sparseRhs.ensure(Math.max(z.maxFront, z.n, 1));
      const f64 = view();
      const i32 = new Int32Array(f64.buffer);
      // Each integer array's first i32 index, packed one after another.
      const place = {} as Record<keyof typeof intSizes, number>;
      let next = 2 * (sparseInts.base[0] as number);
      for (const [name, count] of Object.entries(intSizes) as [keyof typeof intSizes, number][]) {
        place[name] = next;
        next += count;
      }
      const store = sparseStore.base[0] as number;
      const values = sparseValues.base[0] as number;
      at = {
        fronts: z.fronts,
        maxFront: z.maxFront,
        rowStart: 4 * place.rowStart,
        cols: 4 * place.cols,
        values: 8 * values,
        meta: 4 * place.meta,
        index: 4 * place.index,
        childStart: 4 * place.childStart,
        childList: 4 * place.childList,
        store: 8 * store,
        front: 8 * (sparseFront.base[0] as number),
        stack: 8 * (sparseStack.base[0] as number),
        loc: 4 * place.loc,
        map: 4 * place.map,
        schurAt: 4 * place.schurAt,
      };
      const ints32 = (name: keyof typeof intSizes): Int32Array => i32.subarray(place[name], place[name] + intSizes[name]);
      const meta = ints32('meta');
      lastMeta = meta;
      // sparseFront expects loc all −1 (and leaves it so).
      ints32('loc').fill(-1);
      return {
        rowStart: ints32('rowStart'),
        cols: ints32('cols'),
        values: f64.subarray(values, values + z.nnz),
        meta,
        index: ints32('index'),
        childStart: ints32('childStart'),
        childList: ints32('childList'),
        store: f64.subarray(store, store + z.storeDoubles),
      };
    },
    factorReserved: () =>
      factorFronts(at.fronts, (t, top) => kernel.sparseFront(at.rowStart, at.cols, at.values, at.meta, at.index, at.childStart, at.childList, t, top, at.store, at.front, at.stack, at.loc, at.map, at.schurAt)),
    solveSparse(f, xs) {
      if (f.meta !== lastMeta) throw new Error('sparse solve: this factor was replaced by a later factorisation');
      // Reserved with the factor (n long), so this never grows the memory under the factor's views.
      sparseRhs.ensure(Math.max(xs[0]?.length ?? 0, at.maxFront));
      const [px, py, pw] = sparseRhs.base as [number, number, number];
      const f64 = view();
      for (let i = 0; i < xs.length; i += 2) {
        const x = xs[i] as Float64Array;
        const y = xs[i + 1];
        f64.set(x, px);
        if (y) f64.set(y, py);
        kernel.sparseSolve(at.store, at.index, at.meta, f.fronts, px * 8, (y ? py : px) * 8, pw * 8);
        x.set(f64.subarray(px, px + x.length));
        if (y) y.set(f64.subarray(py, py + y.length));
      }
    },
  };

  const pweBlock = createWasmPweBlockKernel(kernel, NAME, eigHermitian);
  const krylov = createWasmKrylovKernel(kernel, NAME);
  const fvAssembly = createWasmFvAssemblyKernel(kernel, NAME);
  const ordering = createWasmOrderingKernel(kernel, NAME);
  return { id: 'wasm', mul, solve, inverse, eig, eigHermitian, eigHermitianDefinite, factorBanded, eliminateSymmetricBanded, sparseLu, pweBlock, krylov, fvAssembly, ordering };
}
