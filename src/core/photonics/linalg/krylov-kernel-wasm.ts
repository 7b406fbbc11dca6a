/**
 * The Krylov vector kernel (./krylov-kernel.ts) on the WASM module's SIMD block loops — the same
 * Gram, combination and norm entry points the plane-wave solver uses (assembly/_pwe-block.ts):
 * they are plain real block operations on vectors stored one after another. The arena is a
 * region of its own, so a factorisation or a dense call between two Krylov steps never overwrites it.
 */
import { float64View, kernelRegions } from '../../kernels/wasm-module.ts';
import type { PweBlockExports } from '../pwe/block-kernel-wasm.ts';
import type { KrylovVectorKernel } from './krylov-kernel.ts';

export function createWasmKrylovKernel(kernel: PweBlockExports, name: string): KrylovVectorKernel {
  const region = kernelRegions(kernel, name, [1], 1 << 16);
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
  };
}
