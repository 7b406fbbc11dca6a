/**
 * The Krylov vector kernel (./krylov-kernel.ts) on the WASM module's SIMD block loops — the same
 * Gram, combination and norm entry points the plane-wave solver uses (assembly/_pwe-block.ts):
 * they are plain real block operations on vectors stored one after another. The arena is a
 * region of its own, so a factorisation or a dense call between two Krylov steps never overwrites it.
 */
import { float64View, kernelRegions } from '../../kernels/wasm-module.ts';
import type { PweBlockExports } from '../pwe/block-kernel-wasm.ts';
import type { KrylovMatrix, KrylovVectorKernel } from './krylov-kernel.ts';

/** The module's sparse product (assembly/photonics-linalg.ts csrMultiply). */
export interface CsrMultiplyExports {
  csrMultiply(rowStart: number, cols: number, values: number, n: number, x: number, y: number): void;
  csrMultiplyTwo(rowStart: number, cols: number, values: number, n: number, x1: number, x2: number, y1: number, y2: number): void;
}

export function createWasmKrylovKernel(kernel: PweBlockExports & CsrMultiplyExports, name: string): KrylovVectorKernel {
  const region = kernelRegions(kernel, name, [1], 1 << 16);
  // The matrix in a region of its own: values, then row starts and columns as i32 (two to a double).
  const matrixRegion = kernelRegions(kernel, name, [1], 1 << 12);
  let loaded: { n: number; values: number; rowStart: number; cols: number } | null = null;
  const memory = float64View(kernel.memory);
  let doubles = 0;
  const b = (f64Index: number): number => ((region.base[0] as number) + f64Index) * 8;
  return {
    id: 'wasm',
    reserve(count) {
      region.ensure(count);
      doubles = count;
    },
    view() {
      const base = region.base[0] as number;
      return memory().subarray(base, base + doubles);
    },
    gram: (a, na, bb, nb, n, out) => kernel.pweGram(b(a), na, b(bb), nb, n, b(out)),
    combine: (s, ns, c, m, n, out, add) => kernel.pweCombine(b(s), ns, b(c), m, n, b(out), add ? 1 : 0),
    norms: (v, m, n, out) => kernel.pweNorms(b(v), m, n, b(out)),
    loadMatrix(a: KrylovMatrix) {
      const nnz = a.rowStart[a.n] as number;
      matrixRegion.ensure(nnz + Math.ceil((a.n + 1 + nnz) / 2) + 1);
      const base = matrixRegion.base[0] as number;
      const f64 = memory();
      f64.set(a.values.subarray(0, nnz), base);
      const i32 = new Int32Array(f64.buffer);
      const ints = 2 * (base + nnz);
      i32.set(a.rowStart.subarray(0, a.n + 1), ints);
      i32.set(a.cols.subarray(0, nnz), ints + a.n + 1);
      loaded = { n: a.n, values: 8 * base, rowStart: 4 * ints, cols: 4 * (ints + a.n + 1) };
    },
    multiply(x, y) {
      if (!loaded) throw new Error('Krylov kernel: multiply before loadMatrix');
      kernel.csrMultiply(loaded.rowStart, loaded.cols, loaded.values, loaded.n, b(x), b(y));
    },
    multiplyTwo(x1, x2, y1, y2) {
      if (!loaded) throw new Error('Krylov kernel: multiply before loadMatrix');
      kernel.csrMultiplyTwo(loaded.rowStart, loaded.cols, loaded.values, loaded.n, b(x1), b(x2), b(y1), b(y2));
    },
  };
}
