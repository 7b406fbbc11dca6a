/**
 * The full-vectorial solver's sparse LU (multifrontal, ../linalg/multifrontal.ts; on geometric
 * nested-dissection fronts and on the solver's own, minimum degree on the operator's graph):
 * - the factorisation of σI − A on every backend solves with a residual at rounding level (the
 *   stability check of LU without pivoting), and the WASM factor and solves are bit-identical to the
 *   TypeScript reference (same IEEE multiply-then-subtract per entry, scalar sums in order);
 * - the nested-dissection tree eliminates every unknown exactly once, and its fill is far below the band;
 * - n_eff equals the banded solver's to 1e-8 on the same grid: strip TE0/TM0, rib and slot, with
 *   and without the mirror planes (same shift and Krylov start; the sparse runs also stop early,
 *   once TE0 and TM0 have converged, where the banded one converged every guided mode it asked for).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeLinalgKernelRegistry } from '../../../adapters/node/linalg-wasm.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { createReferenceSparseKernel, multifrontalLu, residualCheck, symbolicSize } from '../linalg/multifrontal.ts';
import { assembleFullVectorial } from './fullvectorial-operator.ts';
import { shiftedCsr } from './fullvectorial.ts';
import { fvSystemSize, mirrorsInY, solveFullVectorialChannel } from './fullvectorial-channel.ts';
import { nestedDissection } from './nested-dissection.ts';
import { approximateMinimumDegree } from '../linalg/minimum-degree.ts';
import { supernodalTree, symmetricPattern } from '../linalg/supernodal-tree.ts';
import type { ChannelStructure } from './problem.ts';
import { yeePermittivity } from './yee-grid.ts';

const backends: DenseLinalgKernel[] = [];
beforeAll(async () => {
  const registry = createNodeLinalgKernelRegistry();
  for (const id of registry.ids()) backends.push(await registry.create(id));
});

const k0 = (2 * Math.PI) / 1550;
/** A strip-like operator on an nx × ny grid of 20 nm cells, the core off-centre so nothing is symmetric. */
function shiftedStrip(nx: number, ny: number, left: 'pec' | 'pmc' = 'pec') {
  const d = 20;
  const eps = yeePermittivity(nx, ny, d, d, (x, y) => (Math.abs(x - 0.45 * nx * d) <= 150 && Math.abs(y - 0.55 * ny * d) <= 110 ? 3.476 ** 2 : 1.444 ** 2), { xs: [], ys: [] });
  const op = assembleFullVectorial({ nx, ny, dx: d, dy: d, eps, left }, k0);
  const pattern = symmetricPattern(op.a);
  return {
    op,
    m: shiftedCsr(op.a, k0 * k0 * 3.476 ** 2),
    tree: nestedDissection(nx, ny, (i, j) => [op.slotX(i, j), op.slotY(i, j)]),
    // The solver's fronts since issue 20: the operator's own graph in minimum-degree order.
    amdTree: supernodalTree(pattern, approximateMinimumDegree(pattern)),
  };
}

describe('sparse LU of the full-vectorial operator', () => {
  it('orders every unknown exactly once, and needs far less than the band on the whole 20 nm and 10 nm windows', () => {
    const { m, tree } = shiftedStrip(60, 48);
    const seen = new Uint8Array(m.n);
    for (const f of tree.fronts) for (const v of f.own) seen[v] = (seen[v] as number) + 1;
    expect([...seen].every((c) => c === 1)).toBe(true);
    // Symbolic only: the 2.5 × 2.24 µm window at 20 nm (126 × 112 cells) and 10 nm (250 × 224).
    for (const [nx, ny, ratio] of [[126, 112, 0.4], [250, 224, 0.25]] as const) {
      const slot = (i: number, j: number) => [2 * (i * ny + j), 2 * (i * ny + j) + 1];
      const band = 2 * nx * ny * (2 * (2 * ny + 1) + 1);
      expect(symbolicSize(nestedDissection(nx, ny, slot)).factorDoubles / band).toBeLessThan(ratio);
    }
  });

  it('solves σI − A to rounding level on every backend, WASM bit-identical to the reference', () => {
    for (const [nx, ny, left, which] of [[37, 23, 'pec', 'tree'], [24, 40, 'pmc', 'tree'], [37, 23, 'pec', 'amdTree'], [24, 40, 'pmc', 'amdTree']] as const) {
      const strip = shiftedStrip(nx, ny, left);
      const { m } = strip;
      const tree = strip[which];
      const b = Float64Array.from({ length: m.n }, (_, i) => Math.sin(0.37 * i) + 0.1);
      const c = Float64Array.from({ length: m.n }, (_, i) => Math.cos(0.11 * i));
      const ref = multifrontalLu(m, tree, createReferenceSparseKernel());
      expect(residualCheck(m, ref.solve, b)).toBeLessThan(1e-14);
      const xr = [b.slice(), c.slice()];
      ref.solveEach(xr);
      for (const k of backends) {
        const f = multifrontalLu(m, tree, k.sparseLu ?? createReferenceSparseKernel());
        expect(residualCheck(m, f.solve, b), k.id).toBeLessThan(1e-14);
        const pair = [b.slice(), c.slice()];
        f.solveEach(pair);
        const lone = c.slice();
        f.solve(lone);
        expect([...(pair[0] as Float64Array)], k.id).toEqual([...(xr[0] as Float64Array)]);
        expect([...(pair[1] as Float64Array)], k.id).toEqual([...(xr[1] as Float64Array)]);
        expect([...lone], k.id).toEqual([...(xr[1] as Float64Array)]);
      }
    }
  });

  it('keeps the Schur complements on a stack: children in any listed order, the peak counted after each front, postorder required', () => {
    // 0 and 1 couple to {2, 3}, which couple to 4: leaves A = {0}, B = {1}, then C = {2, 3}, root D = {4}.
    const dense = [
      [4, 0, 1, -1, 0],
      [0, 5, 2, 1, 0],
      [1, 2, 6, 1, -1],
      [-1, 1, 1, 7, 2],
      [0, 0, -1, 2, 8],
    ];
    const rowStart = new Int32Array(6);
    const cols: number[] = [];
    const values: number[] = [];
    dense.forEach((row, r) => {
      row.forEach((v, c) => {
        if (v !== 0) {
          cols.push(c);
          values.push(v);
        }
      });
      rowStart[r + 1] = cols.length;
    });
    const m = { n: 5, rowStart, cols: Int32Array.from(cols), values: Float64Array.from(values) };
    const node = (own: number[], boundary: number[], children: number[]) => ({ own: Int32Array.from(own), boundary: Int32Array.from(boundary), children });
    // C lists its children last-first: the extend-add follows the listed order, not the stack's.
    const tree = { n: 5, fronts: [node([0], [2, 3], []), node([1], [2, 3], []), node([2, 3], [4], [1, 0]), node([4], [], [2])] };
    // A's and B's 2 × 2 blocks wait together; C's 1 × 1 comes after they are consumed (counting it before gave 9).
    expect(symbolicSize(tree).peakSchurDoubles).toBe(8);
    const b = Float64Array.from([1, -2, 3, 0.5, -1]);
    const ref = multifrontalLu(m, tree);
    expect(residualCheck(m, ref.solve, b)).toBeLessThan(1e-15);
    const x = b.slice();
    ref.solve(x);
    for (const k of backends) {
      const y = b.slice();
      multifrontalLu(m, tree, k.sparseLu ?? createReferenceSparseKernel()).solve(y);
      expect([...y], k.id).toEqual([...x]);
    }
    // B's block is on top when C, A's parent alone, is assembled: not a postorder.
    const scrambled = { n: 5, fronts: [node([0], [2, 3], []), node([1], [2, 3], []), node([2, 3], [4], [0]), node([4], [], [2, 1])] };
    expect(() => symbolicSize(scrambled)).toThrow(/postorder/);
  });

  it('refuses a solve on a factor a later factorisation replaced (WASM reuses its storage)', () => {
    const wasm = backends.find((k) => k.id === 'wasm');
    if (!wasm?.sparseLu) return;
    const a = shiftedStrip(12, 10);
    const first = multifrontalLu(a.m, a.tree, wasm.sparseLu);
    multifrontalLu(a.m, a.tree, wasm.sparseLu);
    expect(() => first.solve(new Float64Array(a.m.n))).toThrow(/replaced/);
  });
});

const si = { n: 3.476, k: 0 };
const sio2 = { n: 1.444, k: 0 };
const air = { n: 1, k: 0 };
const indices = { core: 3.476, cladding: 1.444, substrate: 1.444 };
const structures: [string, ChannelStructure, typeof indices][] = [
  ['strip', { type: 'channel', shape: 'strip', core: { material: si, width_nm: 500, height_nm: 220 }, cladding: sio2, substrate: sio2, window_nm: { width: 1600, height: 1200 }, grid_nm: 40, max_modes: 1, group_index: false }, indices],
  ['rib', { type: 'channel', shape: 'rib', core: { material: si, width_nm: 500, height_nm: 220 }, slab_height_nm: 90, cladding: air, substrate: sio2, window_nm: { width: 2000, height: 1200 }, grid_nm: 40, max_modes: 1, group_index: false }, { core: 3.476, cladding: 1, substrate: 1.444 }],
  ['slot', { type: 'channel', shape: 'slot', core: { material: si, width_nm: 240, height_nm: 220 }, gap_nm: 80, cladding: sio2, substrate: sio2, window_nm: { width: 1600, height: 1200 }, grid_nm: 40, max_modes: 1, group_index: false }, indices],
];

describe('sparse against banded full-vectorial n_eff (same grid)', () => {
  for (const [name, s, n] of structures) {
    for (const symmetry of ['auto', 'none'] as const) {
      it(`${name}, symmetry ${symmetry}: TE0 and TM0 agree to 1e-8`, { timeout: 60_000 }, () => {
        const run = (factorization: 'sparse' | 'banded', linalg: DenseLinalgKernel | undefined, earlyStop = true) =>
          solveFullVectorialChannel(s, n, 1550, s.grid_nm, { polarizations: ['TE', 'TM'], maxModes: 1, symmetry, factorization, earlyStop, ...(linalg ? { linalg } : {}) });
        // Today's solver as it was: the band, every guided mode of the wanted ones converged.
        const banded = run('banded', undefined, false);
        expect(banded.modes.length).toBe(2);
        for (const k of [undefined, ...backends.filter((b) => b.id === 'wasm')]) {
          const sparse = run('sparse', k);
          expect(sparse.converged).toBe(true);
          expect(sparse.modes.map((m) => m.polarization)).toEqual(banded.modes.map((m) => m.polarization));
          sparse.modes.forEach((m, i) => expect(Math.abs(m.neff - (banded.modes[i]?.neff ?? 0))).toBeLessThan(1e-8));
          // The memory guard counts nested-dissection fronts before solving: never less than the solve holds.
          expect(sparse.factorDoubles).toBeLessThanOrEqual(fvSystemSize(s, s.grid_nm, symmetry, mirrorsInY(s, n)).peakDoubles);
        }
      });
    }
  }
});
