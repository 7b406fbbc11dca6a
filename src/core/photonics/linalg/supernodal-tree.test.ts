/**
 * The fronts the full-vectorial LU now uses (issue 20): approximate minimum degree
 * (minimum-degree.ts) and the supernodal elimination tree of the matrix's own pattern
 * (supernodal-tree.ts). Checked against brute force on small patterns — the fill of a dense
 * boolean elimination in the same order — so a front that missed an entry of L or U (which the
 * multifrontal assembly would drop silently) fails here; then the LU on those fronts solves to
 * rounding, the WASM backend bit-identical to the reference; and the order's fill against the
 * geometric nested dissection on a grid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLinalgKernelRegistry } from '../../../adapters/node/linalg-wasm.ts';
import { nestedDissection } from '../fdmode/nested-dissection.ts';
import type { DenseLinalgKernel } from './kernel.ts';
import { approximateMinimumDegree } from './minimum-degree.ts';
import { createReferenceSparseKernel, multifrontalLu, residualCheck, symbolicSize, type CsrMatrix, type EliminationTree } from './multifrontal.ts';
import { minimumDegreeTree, supernodalTree, symmetricPattern, type SymmetricPattern } from './supernodal-tree.ts';

const backends: DenseLinalgKernel[] = [];
beforeAll(async () => {
  const registry = createNodeLinalgKernelRegistry();
  for (const id of registry.ids()) backends.push(await registry.create(id));
});

/** A deterministic LCG in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A random CSR matrix whose pattern is NOT symmetric (entries dropped one way), diagonally dominant. */
function randomMatrix(n: number, density: number, seed: number): CsrMatrix {
  const r = rng(seed);
  const rows: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) if (i !== j && r() < density) (rows[i] as Map<number, number>).set(j, r() - 0.5);
  }
  const rowStart = new Int32Array(n + 1);
  const cols: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows[i] as Map<number, number>;
    row.set(i, n + r());
    for (const j of [...row.keys()].sort((a, b) => a - b)) {
      cols.push(j);
      values.push(row.get(j) as number);
    }
    rowStart[i + 1] = cols.length;
  }
  return { n, rowStart, cols: Int32Array.from(cols), values: Float64Array.from(values) };
}

/** Every pair (i, j) of later-eliminated variables that L or U holds for column `v` (dense boolean elimination in `order`). */
function bruteStructures(p: SymmetricPattern, order: Int32Array): Set<number>[] {
  const n = p.n;
  const adj = Array.from({ length: n }, () => new Uint8Array(n));
  for (let i = 0; i < n; i++) for (let e = p.rowStart[i] as number; e < (p.rowStart[i + 1] as number); e++) (adj[i] as Uint8Array)[p.cols[e] as number] = 1;
  const pos = new Int32Array(n);
  order.forEach((v, k) => (pos[v] = k));
  const structs: Set<number>[] = Array.from({ length: n }, () => new Set());
  for (let k = 0; k < n; k++) {
    const v = order[k] as number;
    const later = [...Array(n).keys()].filter((u) => u !== v && (adj[v] as Uint8Array)[u] && (pos[u] as number) > k);
    structs[v] = new Set(later);
    for (const a of later) for (const b of later) if (a !== b) (adj[a] as Uint8Array)[b] = 1;
  }
  return structs;
}

function grid5(nx: number, ny: number): SymmetricPattern {
  const rowStart = new Int32Array(nx * ny + 1);
  const cols: number[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (i > 0) cols.push(j * nx + i - 1);
      if (i + 1 < nx) cols.push(j * nx + i + 1);
      if (j > 0) cols.push((j - 1) * nx + i);
      if (j + 1 < ny) cols.push((j + 1) * nx + i);
      rowStart[j * nx + i + 1] = cols.length;
    }
  }
  return { n: nx * ny, rowStart, cols: Int32Array.from(cols) };
}

/** Each variable own in exactly one front, every later variable it couples to in that front, each boundary exactly its top column's fill, and a postorder. */
function expectExactFronts(tree: EliminationTree, structs: Set<number>[], n: number): void {
  const seen = new Uint8Array(n);
  for (const f of tree.fronts) {
    const front = new Set([...f.own, ...f.boundary]);
    for (const v of f.own) {
      seen[v] = (seen[v] as number) + 1;
      // Every later variable v couples to (in L or U) lies in its front.
      for (const u of structs[v] as Set<number>) expect(front.has(u)).toBe(true);
    }
    // The boundary is no wider than the top column's fill (no zeros beyond amalgamation's own).
    expect(new Set(f.boundary)).toEqual(structs[f.own[f.own.length - 1] as number]);
  }
  expect([...seen].every((c) => c === 1)).toBe(true);
  expect(() => symbolicSize(tree)).not.toThrow(); // postorder, as the Schur stack needs
}

describe('approximate minimum degree and the supernodal tree', () => {
  it('makes fronts whose boundaries are exactly the fill of L and U (brute force on random patterns)', () => {
    for (const [n, density, seed] of [[30, 0.08, 1], [45, 0.05, 2], [60, 0.04, 3], [25, 0.3, 4]] as const) {
      const m = randomMatrix(n, density, seed);
      const pattern = symmetricPattern(m);
      for (const order of [approximateMinimumDegree(pattern), Int32Array.from({ length: n }, (_, i) => i)]) {
        const structs = bruteStructures(pattern, order);
        for (const amalgamation of [{ smallColumns: 1, zeroFraction: 0 }, undefined]) {
          expectExactFronts(supernodalTree(pattern, order, amalgamation), structs, n);
        }
      }
    }
  });

  it('builds the same exact fronts straight from the minimum-degree steps (brute force again)', () => {
    for (const [n, density, seed] of [[30, 0.08, 1], [45, 0.05, 2], [60, 0.04, 3], [25, 0.3, 4], [80, 0.03, 8]] as const) {
      const pattern = symmetricPattern(randomMatrix(n, density, seed));
      for (const amalgamation of [{ smallColumns: 1, zeroFraction: 0 }, undefined]) {
        const tree = minimumDegreeTree(pattern, amalgamation);
        const order = Int32Array.from(tree.fronts.flatMap((f) => [...f.own]));
        expectExactFronts(tree, bruteStructures(pattern, order), n);
      }
      // The same elimination as the order alone gives to supernodalTree: the same fill.
      const fromSteps = symbolicSize(minimumDegreeTree(pattern, { smallColumns: 1, zeroFraction: 0 }));
      const fromOrder = symbolicSize(supernodalTree(pattern, approximateMinimumDegree(pattern), { smallColumns: 1, zeroFraction: 0 }));
      expect(fromSteps.factorDoubles).toBeLessThanOrEqual(fromOrder.factorDoubles);
    }
  });

  it('factorises on those fronts to rounding level, the WASM backend bit-identical to the reference', () => {
    for (const [n, density, seed] of [[80, 0.04, 5], [150, 0.02, 6]] as const) {
      const m = randomMatrix(n, density, seed);
      const pattern = symmetricPattern(m);
      for (const tree of [supernodalTree(pattern, approximateMinimumDegree(pattern)), minimumDegreeTree(pattern)]) {
      const b = Float64Array.from({ length: n }, (_, i) => Math.sin(0.37 * i) + 0.1);
      const ref = multifrontalLu(m, tree, createReferenceSparseKernel());
      expect(residualCheck(m, ref.solve, b)).toBeLessThan(1e-14);
      const x = b.slice();
      ref.solve(x);
      for (const k of backends) {
        const f = multifrontalLu(m, tree, k.sparseLu ?? createReferenceSparseKernel());
        const y = b.slice();
        f.solve(y);
        expect(y).toEqual(x);
      }
      }
    }
  });

  it('is deterministic and fills a five-point grid less than the geometric nested dissection', () => {
    const g = grid5(60, 50);
    const a = approximateMinimumDegree(g);
    expect(approximateMinimumDegree(g)).toEqual(a);
    const amd = symbolicSize(supernodalTree(g, a));
    const nd = symbolicSize(supernodalTree(g, Int32Array.from(nestedDissection(60, 50, (i, j) => [j * 60 + i]).fronts.flatMap((f) => [...f.own]))));
    expect(amd.factorDoubles).toBeLessThan(nd.factorDoubles);
    expect(amd.flops).toBeLessThan(1.2 * nd.flops);
  });

  it('rejects an order that is not a permutation', () => {
    const g = grid5(3, 3);
    expect(() => supernodalTree(g, Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 7]))).toThrow(/permutation/);
    expect(() => supernodalTree(g, Int32Array.from([0, 1]))).toThrow(/entries/);
  });
});
