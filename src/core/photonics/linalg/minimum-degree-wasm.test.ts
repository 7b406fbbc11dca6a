/**
 * The WASM ordering (assembly/_minimum-degree.ts via ./minimum-degree-wasm.ts) against the
 * TypeScript reference (./minimum-degree.ts): every array of the steps equal, entry for entry, on
 * grids, random patterns (not symmetric as given, with duplicates), dense rows, isolated
 * vertices, n = 0, 1, 2 and the full-vectorial strip operator; with the list pool shrunk so the
 * kernel must compact and retry, and the boundaries' first guess short so it must rerun; and the
 * fronts minimumDegreeTree builds from either equal. The full-vectorial LU's fronts come from
 * these steps, so any difference would change the factor (issue 20 moved the ordering to WASM).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LINALG_WASM_PATH, loadNodeWasmLinalgKernel } from '../../../adapters/node/linalg-wasm.ts';
import { readWasm } from '../../../adapters/node/read-wasm.ts';
import { instantiateKernel } from '../../kernels/wasm-module.ts';
import { createRng } from '../../stats/rng.ts';
import { assembleFullVectorial } from '../fdmode/fullvectorial-operator.ts';
import { yeePermittivity } from '../fdmode/yee-grid.ts';
import { minimumDegreeSteps, type MinimumDegreeSteps, type OrderingKernel } from './minimum-degree.ts';
import { createWasmOrderingKernel, ORDERING_FUNCTIONS, type OrderingExports, type WasmOrderingOptions } from './minimum-degree-wasm.ts';
import { minimumDegreeTree, symmetricPattern, type SymmetricPattern } from './supernodal-tree.ts';

let wasm: OrderingKernel;
let exports: OrderingExports;
beforeAll(async () => {
  const k = (await loadNodeWasmLinalgKernel()).ordering;
  if (!k) throw new Error('the WASM linalg kernel has no ordering');
  wasm = k;
  exports = await instantiateKernel<OrderingExports>(await readWasm(LINALG_WASM_PATH), 'photonics-linalg.wasm', ORDERING_FUNCTIONS);
});

interface Call {
  readonly pool: number;
  readonly boundaryCapacity: number;
  readonly code: number;
  readonly compactions: number;
}

/** A fresh ordering kernel on its own instance, logging each kernel call (pool, capacity, return code, compactions). */
function logged(options: WasmOrderingOptions = {}): { kernel: OrderingKernel; calls: Call[] } {
  const calls: Call[] = [];
  const spy: OrderingExports = {
    memory: exports.memory,
    alloc: (bytes) => exports.alloc(bytes),
    minimumDegreeScratchInts: (n) => exports.minimumDegreeScratchInts(n),
    minimumDegreeSteps(n, rowStart, cols, out, boundary, boundaryCapacity, iw, iwCapacity, scratch, header) {
      const code = exports.minimumDegreeSteps(n, rowStart, cols, out, boundary, boundaryCapacity, iw, iwCapacity, scratch, header);
      const compactions = code === 1 ? -1 : (new Int32Array(exports.memory.buffer)[header / 4 + 2] as number);
      calls.push({ pool: iwCapacity, boundaryCapacity, code, compactions });
      return code;
    },
  };
  return { kernel: createWasmOrderingKernel(spy, 'photonics-linalg.wasm', options), calls };
}

const KEYS = ['order', 'pivots', 'ownStart', 'ownLength', 'boundary', 'boundaryStart', 'boundaryLength', 'absorbedBy'] as const;

/** Every array equal; a mismatch names the array and its first differing entry. */
function expectSameSteps(got: MinimumDegreeSteps, want: MinimumDegreeSteps, label: string): void {
  for (const key of KEYS) {
    const g = got[key];
    const w = want[key];
    expect(g.length, `${label}: ${key} length`).toBe(w.length);
    let first = -1;
    for (let i = 0; i < w.length && first < 0; i++) if (g[i] !== w[i]) first = i;
    expect(first < 0 ? 'equal' : `${key}[${first}] = ${g[first]}, want ${w[first]}`, label).toBe('equal');
  }
}

/** Rows of column lists to CSR (kept as given: duplicates and the diagonal allowed). */
function csr(rows: readonly (readonly number[])[]): SymmetricPattern {
  const rowStart = new Int32Array(rows.length + 1);
  const cols: number[] = [];
  rows.forEach((r, i) => {
    cols.push(...r);
    rowStart[i + 1] = cols.length;
  });
  return { n: rows.length, rowStart, cols: Int32Array.from(cols) };
}

/** A 5-point (or with diagonals, 9-point) grid, rows in reading order. */
function grid(nx: number, ny: number, nine = false): SymmetricPattern {
  const rows: number[][] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const r: number[] = [j * nx + i];
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          if ((di === 0 && dj === 0) || (!nine && di !== 0 && dj !== 0)) continue;
          const x = i + di;
          const y = j + dj;
          if (x >= 0 && x < nx && y >= 0 && y < ny) r.push(y * nx + x);
        }
      }
      rows.push(r);
    }
  }
  return csr(rows);
}

/** A random symmetric pattern of average degree ≈ degree, columns shuffled within rows. */
function randomSymmetric(n: number, degree: number, seed: number): SymmetricPattern {
  const rng = createRng(seed);
  const rows: Set<number>[] = Array.from({ length: n }, () => new Set());
  for (let e = 0; e < (n * degree) / 2; e++) {
    const i = Math.floor(rng.next() * n);
    const j = Math.floor(rng.next() * n);
    if (i === j) continue;
    (rows[i] as Set<number>).add(j);
    (rows[j] as Set<number>).add(i);
  }
  return csr(rows.map((r) => rng.shuffle([...r])));
}

/** The full-vectorial operator of a strip (off-centre core) on nx × ny cells of 20 nm: the solver's own graph. */
function stripPattern(nx: number, ny: number): SymmetricPattern {
  const d = 20;
  const inCore = (x: number, y: number): boolean => Math.abs(x - 0.45 * nx * d) <= 150 && Math.abs(y - 0.55 * ny * d) <= 110;
  const eps = yeePermittivity(nx, ny, d, d, (x, y) => (inCore(x, y) ? 3.476 ** 2 : 1.444 ** 2), { xs: [], ys: [] });
  return symmetricPattern(assembleFullVectorial({ nx, ny, dx: d, dy: d, eps, left: 'pec' }, (2 * Math.PI) / 1550).a);
}

/** The elimination did merge, mass-eliminate and absorb (else the pattern would not test those paths). */
function expectEveryRule(s: MinimumDegreeSteps): void {
  let multi = 0;
  for (const p of s.pivots) if ((s.ownLength[p] as number) > 1) multi++;
  let absorbed = 0;
  for (const p of s.pivots) if ((s.absorbedBy[p] as number) >= 0) absorbed++;
  expect(multi).toBeGreaterThan(0);
  expect(absorbed).toBeGreaterThan(0);
  expect(s.pivots.length).toBeLessThan(s.order.length);
}

describe('minimum degree on WASM', () => {
  it('gives the TypeScript steps on the tiny and degenerate patterns', () => {
    const cases: [string, SymmetricPattern][] = [
      ['n = 0', csr([])],
      ['n = 1', csr([[]])],
      ['n = 1 with its diagonal', csr([[0]])],
      ['n = 2 apart', csr([[], []])],
      ['n = 2 coupled', csr([[0, 1], [1, 0]])],
      ['isolated vertices among a path', csr([[], [2], [1, 3], [2], [], [], [7], [6]])],
      ['a star (one dense row)', csr([[1, 2, 3, 4, 5, 6, 7], [0], [0], [0], [0], [0], [0], [0]])],
      ['a clique', csr(Array.from({ length: 9 }, (_, i) => Array.from({ length: 9 }, (_, j) => j).filter((j) => j !== i)))],
    ];
    for (const [label, p] of cases) expectSameSteps(wasm.minimumDegreeSteps(p), minimumDegreeSteps(p), label);
  });

  it('gives the TypeScript steps on grids, random patterns and patterns with dense rows', () => {
    const cases: [string, SymmetricPattern][] = [
      ['5-point 1 × 40', grid(1, 40)],
      ['5-point 23 × 17', grid(23, 17)],
      ['5-point 60 × 60', grid(60, 60)],
      ['9-point 31 × 29', grid(31, 29, true)],
    ];
    for (const [n, degree, seed] of [[50, 3, 1], [300, 6, 2], [2000, 4, 3], [1500, 12, 4]] as const) cases.push([`random n = ${n}, degree ${degree}`, randomSymmetric(n, degree, seed)]);
    // Dense rows (a few variables coupled to a third of the rest) and isolated vertices in a grid.
    const g = grid(30, 30);
    const rows: number[][] = [];
    for (let i = 0; i < g.n; i++) rows.push([...g.cols.subarray(g.rowStart[i] as number, g.rowStart[i + 1] as number)]);
    const dense = [17, 450, 899];
    for (const d of dense) for (let j = d % 3; j < g.n; j += 3) if (j !== d && !(rows[d] as number[]).includes(j)) {
      (rows[d] as number[]).push(j);
      (rows[j] as number[]).push(d);
    }
    for (let i = 0; i < 25; i++) rows.push([]);
    cases.push(['grid with three dense rows and 25 isolated vertices', csr(rows)]);
    for (const [label, p] of cases) {
      const want = minimumDegreeSteps(p);
      expectSameSteps(wasm.minimumDegreeSteps(p), want, label);
      if (p.n >= 300) expectEveryRule(want);
    }
  });

  it('gives the TypeScript steps on a pattern not symmetric as given, with duplicate columns and diagonals', () => {
    const rng = createRng(11);
    const rows = Array.from({ length: 400 }, (_, i) => {
      const r = [i];
      for (let k = 0; k < 5; k++) r.push(Math.floor(rng.next() * 400));
      r.push(r[1] as number);
      return r;
    });
    const p = csr(rows);
    expectSameSteps(wasm.minimumDegreeSteps(p), minimumDegreeSteps(p), 'one-sided random with duplicates');
  });

  it('gives the TypeScript steps on the full-vectorial strip operator', () => {
    for (const [nx, ny] of [[40, 36], [62, 56]] as const) {
      const p = stripPattern(nx, ny);
      const want = minimumDegreeSteps(p);
      expectEveryRule(want);
      expectSameSteps(wasm.minimumDegreeSteps(p), want, `strip ${nx} × ${ny}`);
    }
  });

  it('compacts its list pool within the default 2·entries, and retries when a pool or the boundary guess is short', () => {
    const p = stripPattern(62, 56);
    const want = minimumDegreeSteps(p);
    // Default pool: enough in one call once the boundaries fit, and it had to compact to be.
    const plain = logged({ boundaryPerVariable: 2 });
    expectSameSteps(plain.kernel.minimumDegreeSteps(p), want, 'default pool');
    expect(plain.calls.every((c) => c.code !== 1)).toBe(true);
    const done = plain.calls[plain.calls.length - 1] as Call;
    expect(done.code).toBe(0);
    expect(done.compactions).toBeGreaterThan(0);
    // The first call's boundary guess (2 per variable) is short: one rerun with the total.
    expect(plain.calls.map((c) => c.code)).toEqual([2, 0]);
    expect(done.boundaryCapacity).toBe(want.boundary.length);
    // A second pattern of the same kind needs no rerun: the guess has learnt the ratio.
    const again = stripPattern(60, 56);
    expectSameSteps(plain.kernel.minimumDegreeSteps(again), minimumDegreeSteps(again), 'second call');
    expect(plain.calls.slice(2).map((c) => c.code)).toEqual([0]);
    // A pool smaller than the lists themselves: refused (code 1), doubled until it fits; same steps.
    const small = logged({ poolInts: (_n, entries) => Math.floor(entries / 8) });
    expectSameSteps(small.kernel.minimumDegreeSteps(p), want, 'tiny pool');
    expect(small.calls.filter((c) => c.code === 1).length).toBeGreaterThanOrEqual(3);
    // The default guess (8 per variable) holds the strip's boundaries: no rerun.
    expect(small.calls.map((c) => c.code).filter((c) => c !== 1)).toEqual([0]);
  });

  it('builds the same fronts from the WASM steps as from the TypeScript ones', () => {
    for (const p of [stripPattern(62, 56), grid(45, 38), randomSymmetric(1200, 5, 9)]) {
      const fromTs = minimumDegreeTree(p);
      const fromWasm = minimumDegreeTree(p, undefined, wasm.minimumDegreeSteps);
      expect(fromWasm.fronts.length).toBe(fromTs.fronts.length);
      expect(fromWasm.fronts.length).toBeGreaterThan(10);
      fromTs.fronts.forEach((f, i) => {
        const g = fromWasm.fronts[i];
        expect([...(g?.own ?? [])]).toEqual([...f.own]);
        expect([...(g?.boundary ?? [])]).toEqual([...f.boundary]);
        expect(g?.children).toEqual(f.children);
      });
    }
  });
});
