/**
 * The mode solver's Krylov vector kernel: the WASM build (SIMD loops of assembly/_pwe-block.ts on
 * the kernel's memory) against the TypeScript reference, bit for bit — the full-vectorial n_eff is
 * the same number on both backends only if every Gram entry, combination and norm is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import { createRng } from '../../stats/rng.ts';
import { createReferenceKrylovKernel, type KrylovMatrix, type KrylovVectorKernel } from './krylov-kernel.ts';
import { sparseMultiply } from '../fdmode/fullvectorial-operator.ts';

let wasm: KrylovVectorKernel;
beforeAll(async () => {
  const k = (await loadNodeWasmLinalgKernel()).krylov;
  if (!k) throw new Error('the WASM linalg kernel has no Krylov vector kernel');
  wasm = k;
});

/** Runs the same sequence on a kernel over the same random arena; returns the arena afterwards. */
function exercise(k: KrylovVectorKernel, n: number, count: number): Float64Array {
  const rng = createRng(7);
  const doubles = 3 * count * n + 2 * count * count;
  k.reserve(doubles);
  const v = k.view();
  for (let i = 0; i < doubles; i++) v[i] = rng.next() - 0.5;
  const coefficients = 3 * count * n;
  const gram = coefficients + count * count;
  // Gram of the first block against the second (odd sizes on both sides), then combinations added
  // into and written over the third block, then norms.
  k.gram(0, count, count * n, count - 1, n, gram);
  k.combine(0, count, coefficients, count - 2, n, 2 * count * n, true);
  k.combine(count * n, count - 1, coefficients, 3, n, 2 * count * n + (count - 3) * n, false);
  k.norms(2 * count * n, count, n, gram + count * (count - 1));
  return k.view().slice(0, doubles);
}

describe('Krylov vector kernel', () => {
  it('gives the reference bit for bit on WASM (Gram, combine with and without adding, norms; odd lengths and counts)', () => {
    for (const [n, count] of [[1, 3], [7, 5], [1001, 6], [4096, 4]] as const) {
      const ref = exercise(createReferenceKrylovKernel(), n, count);
      const got = exercise(wasm, n, count);
      expect(got.length).toBe(ref.length);
      let differing = 0;
      for (let i = 0; i < ref.length; i++) if (!Object.is(got[i], ref[i])) differing++;
      expect(differing, `n = ${n}, count = ${count}`).toBe(0);
    }
  });

  it('multiplies by a loaded sparse matrix as fdmode\'s sparseMultiply does, one vector or two at once, bit for bit on both backends', () => {
    const rng = createRng(11);
    const n = 513;
    const rowStart = new Int32Array(n + 1);
    const cols: number[] = [];
    const values: number[] = [];
    for (let r = 0; r < n; r++) {
      // Rows of 0 to 9 entries at scattered columns (some empty, as pinned wall slots are).
      const count = Math.floor(rng.next() * 10);
      const seen = new Set<number>();
      for (let c = 0; c < count; c++) seen.add(Math.floor(rng.next() * n));
      for (const c of [...seen].sort((x, y) => x - y)) {
        cols.push(c);
        values.push(rng.next() - 0.5);
      }
      rowStart[r + 1] = cols.length;
    }
    const a: KrylovMatrix = { n, rowStart, cols: Int32Array.from(cols), values: Float64Array.from(values) };
    const x = Float64Array.from({ length: n }, () => rng.next() - 0.5);
    const expected = new Float64Array(n);
    sparseMultiply(a, x, expected);
    const x2 = Float64Array.from({ length: n }, () => rng.next() - 0.5);
    const expected2 = new Float64Array(n);
    sparseMultiply(a, x2, expected2);
    const differing = (got: Float64Array, want: Float64Array): number => got.reduce((c, g, i) => c + (Object.is(g, want[i]) ? 0 : 1), 0);
    for (const k of [createReferenceKrylovKernel(), wasm]) {
      k.reserve(6 * n);
      k.loadMatrix(a);
      k.view().set(x, n);
      k.multiply(n, 2 * n);
      expect(differing(k.view().slice(2 * n, 3 * n), expected), k.id).toBe(0);
      // Two at once (one pass over the matrix): each the single product's bits.
      k.view().set(x2, 3 * n);
      k.multiplyTwo(n, 3 * n, 4 * n, 5 * n);
      expect(differing(k.view().slice(4 * n, 5 * n), expected), k.id).toBe(0);
      expect(differing(k.view().slice(5 * n, 6 * n), expected2), k.id).toBe(0);
    }
  });

  it('keeps the arena across calls until it is reserved larger', () => {
    const k = createReferenceKrylovKernel();
    k.reserve(8);
    k.view()[3] = 42;
    k.reserve(4);
    expect(k.view()[3]).toBe(42);
  });
});
