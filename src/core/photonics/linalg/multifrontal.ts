/**
 * Sparse LU by the multifrontal method for a structurally symmetric real matrix, on an
 * elimination tree the caller supplies (for a grid: nested dissection, see
 * ../fdmode/nested-dissection.ts). Each tree node (a "front") owns a set of variables — a leaf box
 * of the grid or a separator line — and names its boundary: the later-eliminated variables its own
 * couple to, directly or through the fill of its subtree. A front is a dense (p + q)² matrix: the
 * original entries whose first-eliminated index is its own, plus the Schur complements of its
 * children scattered in (extend-add); its p own variables are eliminated by dense LU without
 * pivoting (`SparseLuKernel.factorReservedFront`, TypeScript here or WASM SIMD), leaving the q × q Schur
 * complement for its parent. Storage is the factor's fill (Σ p·(p + 2q) per front), not n·bandwidth.
 *
 * Pivoting: none (static). The mode solver factorises σI − A with σ above the whole spectrum, the
 * matrix the banded LU also factorises without pivoting; a zero or non-finite pivot throws, and the
 * caller checks the relative residual of a solve (`residualCheck`) as the stability test.
 */

/** Compressed sparse rows; the pattern must be structurally symmetric. */
export interface CsrMatrix {
  readonly n: number;
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
}

/** One node of the elimination tree; `fronts` lists nodes children-first (postorder). */
export interface FrontNode {
  /** Variables eliminated here, in order. */
  readonly own: Int32Array;
  /** Variables of ancestor fronts this front's Schur complement touches. */
  readonly boundary: Int32Array;
  /** Indices (into the fronts array) of the children; all precede this node. */
  readonly children: readonly number[];
}

export interface EliminationTree {
  readonly n: number;
  readonly fronts: readonly FrontNode[];
}

export const SPARSE_ZERO_PIVOT_MESSAGE = 'sparse LU: zero pivot (the shifted operator is singular)';

/**
 * Eliminates the first p of m variables of the row-major m × m matrix `f` in place, without
 * pivoting: afterwards rows 0…p−1 hold U (and L's unit-diagonal part left of the diagonal), rows
 * p…m−1 hold L in columns 0…p−1 and the Schur complement in columns p…m−1. Returns 0, or k + 1
 * at a zero or non-finite pivot k. The WASM frontFactor does the very same operations in the same order.
 */
export function factorFrontInPlace(f: Float64Array, m: number, p: number): number {
  for (let k = 0; k < p; k++) {
    const rowK = k * m;
    const pivot = f[rowK + k] as number;
    if (pivot === 0 || !Number.isFinite(pivot)) return k + 1;
    for (let i = k + 1; i < m; i++) {
      const rowI = i * m;
      const l = (f[rowI + k] as number) / pivot;
      if (l === 0) continue;
      f[rowI + k] = l;
      for (let j = k + 1; j < m; j++) f[rowI + j] = (f[rowI + j] as number) - l * (f[rowK + j] as number);
    }
  }
  return 0;
}

export interface SparseLuFactor {
  readonly n: number;
  /** Doubles held by the factors (L and U panels of every front). */
  readonly factorDoubles: number;
  /** Largest dense front (m). */
  readonly maxFront: number;
  /** Peak doubles while factorising: the factors, the largest front and the pending Schur complements. */
  readonly peakWorkDoubles: number;
  /** Multiply-adds of the factorisation. */
  readonly flops: number;
  /** x ← (LU)⁻¹·x in place. */
  solve(x: Float64Array): void;
  /** solve() on each vector; a backend may share its pass over the factors between them (same results). */
  solveEach(xs: readonly Float64Array[]): void;
}

/**
 * The flat layout of a factor, shared by the TypeScript and WASM solves. Per front t, meta holds
 * [p, q, index offset, store offset]; `index` holds its own variables then its boundary; `store`
 * its rows 0…p−1 (p × m: L left of the diagonal, U on and right of it) then L below the own block
 * (q × p, row-major).
 */
export interface FlatFactor {
  readonly fronts: number;
  readonly meta: Int32Array;
  readonly index: Int32Array;
  readonly store: Float64Array;
}

/**
 * The backend of the sparse LU: where the factor lives and the two loops that touch it. WASM keeps
 * `store` and a front's work matrix in its own memory, so nothing large is copied.
 */
export interface SparseLuKernel {
  readonly id: string;
  /** Reserves the factor (doubles) and one dense front of maxFront² doubles; views stay valid until the next reserve. */
  reserveSparse(storeDoubles: number, indexInts: number, maxFront: number): { store: Float64Array; index: Int32Array; meta: (fronts: number) => Int32Array; front: Float64Array };
  /** factorFront on the reserved front view (m × m, row-major). */
  factorReservedFront(m: number, p: number): number;
  /** x ← (LU)⁻¹x for each x, on the reserved factor. */
  solveSparse(f: FlatFactor, xs: readonly Float64Array[]): void;
}

export function createReferenceSparseKernel(): SparseLuKernel {
  let front = new Float64Array(0);
  return {
    id: 'reference',
    reserveSparse(storeDoubles, indexInts, maxFront) {
      front = new Float64Array(maxFront * maxFront);
      return { store: new Float64Array(storeDoubles), index: new Int32Array(indexInts), meta: (fronts) => new Int32Array(4 * fronts), front };
    },
    factorReservedFront: (m, p) => factorFrontInPlace(front, m, p),
    solveSparse: (f, xs) => {
      for (const x of xs) solveFlat(f, x);
    },
  };
}

/** Symbolic sizes of a factorisation on `tree` (no numbers): for memory and time estimates. */
export function symbolicSize(tree: EliminationTree): { factorDoubles: number; indexInts: number; flops: number; maxFront: number; peakSchurDoubles: number } {
  let factorDoubles = 0;
  let indexInts = 0;
  let flops = 0;
  let maxFront = 0;
  let live = 0;
  let peakSchurDoubles = 0;
  for (const f of tree.fronts) {
    const p = f.own.length;
    const q = f.boundary.length;
    const m = p + q;
    factorDoubles += p * m + q * p;
    indexInts += m;
    maxFront = Math.max(maxFront, m);
    // Σ_k (m − k − 1)² multiply-adds.
    for (let k = 0; k < p; k++) flops += (m - k - 1) ** 2;
    live += q * q;
    peakSchurDoubles = Math.max(peakSchurDoubles, live);
    for (const c of f.children) live -= (tree.fronts[c] as FrontNode).boundary.length ** 2;
  }
  return { factorDoubles, indexInts, flops, maxFront, peakSchurDoubles };
}

/** LU of `a` on `tree` with the given backend. A factor is usable until the backend's next reserveSparse. */
export function multifrontalLu(a: CsrMatrix, tree: EliminationTree, kernel: SparseLuKernel = createReferenceSparseKernel()): SparseLuFactor {
  const { n } = a;
  const size = symbolicSize(tree);
  const nf = tree.fronts.length;
  const views = kernel.reserveSparse(size.factorDoubles, size.indexInts, size.maxFront);
  const { store, index, front: f } = views;
  const meta = views.meta(nf);
  const loc = new Int32Array(n).fill(-1);
  const pending: (Float64Array | null)[] = new Array<Float64Array | null>(nf).fill(null);
  let indexAt = 0;
  let storeAt = 0;
  for (let t = 0; t < nf; t++) {
    const node = tree.fronts[t] as FrontNode;
    const { own, boundary } = node;
    const p = own.length;
    const q = boundary.length;
    const m = p + q;
    meta[4 * t] = p;
    meta[4 * t + 1] = q;
    meta[4 * t + 2] = indexAt;
    meta[4 * t + 3] = storeAt;
    index.set(own, indexAt);
    index.set(boundary, indexAt + p);
    indexAt += m;
    for (let k = 0; k < p; k++) loc[own[k] as number] = k;
    for (let k = 0; k < q; k++) loc[boundary[k] as number] = p + k;
    f.fill(0, 0, m * m);
    // Original entries whose first-eliminated index is one of ours: own rows (columns here) and
    // boundary rows in own columns.
    for (let k = 0; k < p; k++) {
      const r = own[k] as number;
      const row = k * m;
      for (let e = a.rowStart[r] as number; e < (a.rowStart[r + 1] as number); e++) {
        const c = loc[a.cols[e] as number] as number;
        if (c >= 0) f[row + c] = (f[row + c] as number) + (a.values[e] as number);
      }
    }
    for (let k = 0; k < q; k++) {
      const r = boundary[k] as number;
      const row = (p + k) * m;
      for (let e = a.rowStart[r] as number; e < (a.rowStart[r + 1] as number); e++) {
        const c = loc[a.cols[e] as number] as number;
        if (c >= 0 && c < p) f[row + c] = (f[row + c] as number) + (a.values[e] as number);
      }
    }
    // Extend-add of the children's Schur complements.
    for (const child of node.children) {
      const s = pending[child] as Float64Array;
      const cb = (tree.fronts[child] as FrontNode).boundary;
      const qc = cb.length;
      const map = new Int32Array(qc);
      for (let k = 0; k < qc; k++) map[k] = loc[cb[k] as number] as number;
      for (let r = 0; r < qc; r++) {
        const row = (map[r] as number) * m;
        const src = r * qc;
        for (let c = 0; c < qc; c++) {
          const at = row + (map[c] as number);
          f[at] = (f[at] as number) + (s[src + c] as number);
        }
      }
      pending[child] = null;
    }
    if (kernel.factorReservedFront(m, p) !== 0) throw new Error(SPARSE_ZERO_PIVOT_MESSAGE);
    store.set(f.subarray(0, p * m), storeAt);
    storeAt += p * m;
    for (let r = 0; r < q; r++) store.set(f.subarray((p + r) * m, (p + r) * m + p), storeAt + r * p);
    storeAt += q * p;
    if (q > 0) {
      const schur = new Float64Array(q * q);
      for (let r = 0; r < q; r++) schur.set(f.subarray((p + r) * m + p, (p + r + 1) * m), r * q);
      pending[t] = schur;
    }
    for (let k = 0; k < p; k++) loc[own[k] as number] = -1;
    for (let k = 0; k < q; k++) loc[boundary[k] as number] = -1;
  }
  const flat: FlatFactor = { fronts: nf, meta, index, store };
  return {
    n,
    factorDoubles: size.factorDoubles,
    maxFront: size.maxFront,
    peakWorkDoubles: size.factorDoubles + size.maxFront ** 2 + size.peakSchurDoubles + size.indexInts / 2,
    flops: size.flops,
    solve: (x) => kernel.solveSparse(flat, [x]),
    solveEach: (xs) => kernel.solveSparse(flat, xs),
  };
}

/**
 * Σ a[from + j]·b[at + j] over j < n in four chains (j ≡ 0, 1, 2, 3 mod 4; a pair left over goes
 * to the first two, a single one to the first), added as (s0 + s1) + (s2 + s3): the WASM dot4Pair's
 * lanes, so both backends round alike. Four chains, not one: the WASM sum would otherwise wait on
 * each add's latency.
 */
function dot4(a: Float64Array, from: number, b: Float64Array, at: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let j = 0;
  for (; j + 3 < n; j += 4) {
    s0 += (a[from + j] as number) * (b[at + j] as number);
    s1 += (a[from + j + 1] as number) * (b[at + j + 1] as number);
    s2 += (a[from + j + 2] as number) * (b[at + j + 2] as number);
    s3 += (a[from + j + 3] as number) * (b[at + j + 3] as number);
  }
  if (j + 1 < n) {
    s0 += (a[from + j] as number) * (b[at + j] as number);
    s1 += (a[from + j + 1] as number) * (b[at + j + 1] as number);
    j += 2;
  }
  if (j < n) s0 += (a[from + j] as number) * (b[at + j] as number);
  return s0 + s1 + (s2 + s3);
}

/** Forward (unit L) then backward (U) substitution front by front, in place on x; the reference twin of the WASM sparseSolve. */
export function solveFlat(f: FlatFactor, x: Float64Array): void {
  const { meta, index, store } = f;
  let maxFront = 0;
  for (let t = 0; t < f.fronts; t++) maxFront = Math.max(maxFront, (meta[4 * t] as number) + (meta[4 * t + 1] as number));
  const w = new Float64Array(maxFront);
  for (let t = 0; t < f.fronts; t++) {
    const p = meta[4 * t] as number;
    const q = meta[4 * t + 1] as number;
    const ix = meta[4 * t + 2] as number;
    const at = meta[4 * t + 3] as number;
    const m = p + q;
    for (let k = 0; k < p; k++) {
      const g = index[ix + k] as number;
      const v = (x[g] as number) - dot4(store, at + k * m, w, 0, k);
      w[k] = v;
      x[g] = v;
    }
    const lower = at + p * m;
    for (let r = 0; r < q; r++) {
      const b = index[ix + p + r] as number;
      x[b] = (x[b] as number) - dot4(store, lower + r * p, w, 0, p);
    }
  }
  for (let t = f.fronts - 1; t >= 0; t--) {
    const p = meta[4 * t] as number;
    const q = meta[4 * t + 1] as number;
    const ix = meta[4 * t + 2] as number;
    const at = meta[4 * t + 3] as number;
    const m = p + q;
    for (let k = 0; k < m; k++) w[k] = x[index[ix + k] as number] as number;
    for (let k = p - 1; k >= 0; k--) {
      const row = at + k * m;
      w[k] = ((w[k] as number) - dot4(store, row + k + 1, w, k + 1, m - k - 1)) / (store[row + k] as number);
    }
    for (let k = 0; k < p; k++) x[index[ix + k] as number] = w[k] as number;
  }
}

/** ‖b − M·x‖∞ / (‖M‖∞·‖x‖∞ + ‖b‖∞) for x = solve(b): the factorisation's stability check. */
export function residualCheck(a: CsrMatrix, solve: (x: Float64Array) => void, b: Float64Array): number {
  const x = b.slice();
  solve(x);
  let rMax = 0;
  let aNorm = 0;
  let xMax = 0;
  let bMax = 0;
  for (let r = 0; r < a.n; r++) {
    let s = b[r] as number;
    let rowSum = 0;
    for (let e = a.rowStart[r] as number; e < (a.rowStart[r + 1] as number); e++) {
      s -= (a.values[e] as number) * (x[a.cols[e] as number] as number);
      rowSum += Math.abs(a.values[e] as number);
    }
    rMax = Math.max(rMax, Math.abs(s));
    aNorm = Math.max(aNorm, rowSum);
    xMax = Math.max(xMax, Math.abs(x[r] as number));
    bMax = Math.max(bMax, Math.abs(b[r] as number));
  }
  return rMax / (aNorm * xMax + bMax);
}
