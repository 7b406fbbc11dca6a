/**
 * Sparse LU by the multifrontal method for a structurally symmetric real matrix, on an
 * elimination tree the caller supplies (for a grid: nested dissection, see
 * ../fdmode/nested-dissection.ts). Each tree node (a "front") owns a set of variables — a leaf box
 * of the grid or a separator line — and names its boundary: the later-eliminated variables its own
 * couple to, directly or through the fill of its subtree. A front is a dense (p + q)² matrix: the
 * original entries whose first-eliminated index is its own, plus the Schur complements of its
 * children scattered in (extend-add); its p own variables are eliminated by dense LU without
 * pivoting, leaving the q × q Schur complement for its parent on a stack (the fronts come in
 * postorder). The whole per-front step runs in the backend (`factorFront` here, WASM `sparseFront`
 * in assembly/_sparse-assembly.ts), this file driving the loop. Storage is the factor's fill
 * (Σ p·(p + 2q) per front), not n·bandwidth.
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
 * at a zero or non-finite pivot k. The WASM frontFactor (assembly/_sparse-assembly.ts) does the very same operations in the same order.
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

/** The sizes of one factorisation's regions: the factor's (symbolicSize), the matrix's, the plan's. */
export interface SparseLuSizes {
  readonly n: number;
  readonly nnz: number;
  readonly fronts: number;
  /** Σ over fronts of the children lists' lengths. */
  readonly childInts: number;
  readonly storeDoubles: number;
  readonly indexInts: number;
  readonly maxFront: number;
  readonly stackDoubles: number;
}

/**
 * What the driver fills before factorReserved: the matrix (CSR), the factor's meta and index (see
 * FlatFactor) and the tree's children (those of front t are childList[childStart[t] …
 * childStart[t + 1]]); `store` receives the factor.
 */
export interface SparseLuViews {
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
  readonly meta: Int32Array;
  readonly index: Int32Array;
  readonly childStart: Int32Array;
  readonly childList: Int32Array;
  readonly store: Float64Array;
}

/**
 * The backend of the sparse LU: where the factor lives and the two loops that touch it. WASM keeps
 * the matrix, the plan, the factor and the scratch (a front, the Schur stack) in its own memory, so
 * nothing large is copied and the numeric factorisation is one call.
 */
export interface SparseLuKernel {
  readonly id: string;
  /** Reserves every region of a factorisation; the views stay valid until the next reserve. */
  reserveSparse(sizes: SparseLuSizes): SparseLuViews;
  /** factorFront on every front of the reserved views in order: 0, or t + 1 when front t meets a zero or non-finite pivot. */
  factorReserved(): number;
  /** x ← (LU)⁻¹x for each x, on the reserved factor. */
  solveSparse(f: FlatFactor, xs: readonly Float64Array[]): void;
}

/** The scratch factorFront needs besides the views. */
export interface SparseLuScratch {
  /** maxFront² doubles: the dense front. */
  readonly front: Float64Array;
  /** stackDoubles: the Schur complements awaiting their parent. */
  readonly stack: Float64Array;
  /** n ints: a variable's place in the current front, −1 outside it (all −1 between fronts). */
  readonly loc: Int32Array;
  /** maxFront ints: a child's boundary mapped into the parent front. */
  readonly map: Int32Array;
  /** fronts ints: where each front's Schur block starts on the stack. */
  readonly schurAt: Int32Array;
}

/**
 * Front t of the numeric factorisation on a filled plan (the reference twin of the WASM
 * sparseFront, operation for operation): the original entries whose first-eliminated index is its
 * own (own rows, then boundary rows in own columns, CSR order) and its children's Schur
 * complements (in the tree's order) are added into a zeroed dense front, which factorFrontInPlace
 * eliminates; its rows go to the store and its Schur complement onto the stack where its first
 * child's began (the children are the topmost blocks: symbolicSize checks the postorder). `loc` is
 * all −1 on entry and on return. Returns the stack's new top, or −1 at a zero or non-finite pivot.
 */
export function factorFront(v: SparseLuViews, w: SparseLuScratch, t: number, top: number): number {
  const { rowStart, cols, values, meta, index, childStart, childList, store } = v;
  const { front: f, stack, loc, map, schurAt } = w;
  const scatterRow = (r: number, row: number, limit: number): void => {
    for (let e = rowStart[r] as number; e < (rowStart[r + 1] as number); e++) {
      const c = loc[cols[e] as number] as number;
      if (c >= 0 && c < limit) f[row + c] = (f[row + c] as number) + (values[e] as number);
    }
  };
  const p = meta[4 * t] as number;
  const q = meta[4 * t + 1] as number;
  const ix = meta[4 * t + 2] as number;
  const at = meta[4 * t + 3] as number;
  const m = p + q;
  for (let k = 0; k < m; k++) loc[index[ix + k] as number] = k;
  f.fill(0, 0, m * m);
  for (let k = 0; k < p; k++) scatterRow(index[ix + k] as number, k * m, m);
  for (let k = p; k < m; k++) scatterRow(index[ix + k] as number, k * m, p);
  let base = top;
  for (let e = childStart[t] as number; e < (childStart[t + 1] as number); e++) {
    const c = childList[e] as number;
    const qc = meta[4 * c + 1] as number;
    if (qc === 0) continue;
    const cb = (meta[4 * c + 2] as number) + (meta[4 * c] as number);
    for (let k = 0; k < qc; k++) map[k] = loc[index[cb + k] as number] as number;
    const s = schurAt[c] as number;
    base = Math.min(base, s);
    for (let r = 0; r < qc; r++) {
      const row = (map[r] as number) * m;
      const src = s + r * qc;
      for (let k = 0; k < qc; k++) {
        const to = row + (map[k] as number);
        f[to] = (f[to] as number) + (stack[src + k] as number);
      }
    }
  }
  const failed = factorFrontInPlace(f, m, p) !== 0;
  if (!failed) {
    store.set(f.subarray(0, p * m), at);
    const lower = at + p * m;
    for (let r = 0; r < q; r++) store.set(f.subarray((p + r) * m, (p + r) * m + p), lower + r * p);
    for (let r = 0; r < q; r++) stack.set(f.subarray((p + r) * m + p, (p + r + 1) * m), base + r * q);
    schurAt[t] = base;
  }
  for (let k = 0; k < m; k++) loc[index[ix + k] as number] = -1;
  return failed ? -1 : base + q * q;
}

/** Runs `front(t, top)` over the fronts in order; 0, or t + 1 at the first front that fails. */
export function factorFronts(fronts: number, front: (t: number, top: number) => number): number {
  let top = 0;
  for (let t = 0; t < fronts; t++) {
    top = front(t, top);
    if (top < 0) return t + 1;
  }
  return 0;
}

export function createReferenceSparseKernel(): SparseLuKernel {
  let reserved: { views: SparseLuViews; scratch: SparseLuScratch; fronts: number } | null = null;
  return {
    id: 'reference',
    reserveSparse(z) {
      const views: SparseLuViews = {
        rowStart: new Int32Array(z.n + 1),
        cols: new Int32Array(z.nnz),
        values: new Float64Array(z.nnz),
        meta: new Int32Array(4 * z.fronts),
        index: new Int32Array(z.indexInts),
        childStart: new Int32Array(z.fronts + 1),
        childList: new Int32Array(z.childInts),
        store: new Float64Array(z.storeDoubles),
      };
      const scratch: SparseLuScratch = {
        front: new Float64Array(z.maxFront * z.maxFront),
        stack: new Float64Array(z.stackDoubles),
        loc: new Int32Array(z.n).fill(-1),
        map: new Int32Array(z.maxFront),
        schurAt: new Int32Array(z.fronts),
      };
      reserved = { views, scratch, fronts: z.fronts };
      return views;
    },
    factorReserved() {
      if (!reserved) throw new Error('sparse LU: factorReserved before reserveSparse');
      const { views, scratch } = reserved;
      return factorFronts(reserved.fronts, (t, top) => factorFront(views, scratch, t, top));
    },
    solveSparse: (f, xs) => {
      for (const x of xs) solveFlat(f, x);
    },
  };
}

/** What symbolicSize counts. */
export interface SymbolicSize {
  readonly fronts: number;
  readonly factorDoubles: number;
  readonly indexInts: number;
  /** Σ over fronts of the children lists' lengths. */
  readonly childInts: number;
  readonly flops: number;
  readonly maxFront: number;
  readonly peakSchurDoubles: number;
}

/**
 * Symbolic sizes of a factorisation on `tree` (no numbers): for memory and time estimates.
 * peakSchurDoubles is the Schur stack's peak: a front's block is pushed once its children's are
 * consumed, so the peak is the largest total of pending blocks after a front. Throws unless the
 * fronts are in postorder with each front's children the topmost pending blocks (the stack needs it).
 */
/** 0² + 1² + … + k² (0 for k < 0). */
function sumOfSquares(k: number): number {
  return k < 0 ? 0 : (k * (k + 1) * (2 * k + 1)) / 6;
}

export function symbolicSize(tree: EliminationTree): SymbolicSize {
  let factorDoubles = 0;
  let indexInts = 0;
  let childInts = 0;
  let flops = 0;
  let maxFront = 0;
  let live = 0;
  let peakSchurDoubles = 0;
  // The fronts with a pending Schur block, oldest first; isChild marks the current front's children
  // (typed scratch, no per-front sets: 18,000 fronts on the 10 nm strip since issue 20's minimum degree).
  const nf = tree.fronts.length;
  const pending = new Int32Array(nf);
  let pendingTop = 0;
  const isChild = new Int32Array(nf).fill(-1);
  for (let t = 0; t < nf; t++) {
    const f = tree.fronts[t] as FrontNode;
    const p = f.own.length;
    const q = f.boundary.length;
    const m = p + q;
    factorDoubles += p * m + q * p;
    indexInts += m;
    childInts += f.children.length;
    maxFront = Math.max(maxFront, m);
    // Σ_k (m − k − 1)² multiply-adds, in closed form: Σ_{j = q}^{m − 1} j².
    flops += sumOfSquares(m - 1) - sumOfSquares(q - 1);
    let blocks = 0;
    for (const c of f.children) {
      const child = tree.fronts[c] as FrontNode | undefined;
      if (!child) throw new Error(`multifrontal: front ${t} names a child ${c} that does not exist`);
      if (child.boundary.length > 0) {
        isChild[c] = t;
        blocks++;
      }
    }
    // The topmost `blocks` pending fronts must be exactly these children.
    if (blocks > pendingTop) throw new Error(`multifrontal: front ${t}'s children are not the last pending fronts (the tree is not in postorder)`);
    for (let b = pendingTop - blocks; b < pendingTop; b++) {
      const c = pending[b] as number;
      if (isChild[c] !== t) throw new Error(`multifrontal: front ${t}'s children are not the last pending fronts (the tree is not in postorder)`);
      live -= (tree.fronts[c] as FrontNode).boundary.length ** 2;
    }
    pendingTop -= blocks;
    if (q > 0) pending[pendingTop++] = t;
    live += q * q;
    peakSchurDoubles = Math.max(peakSchurDoubles, live);
  }
  return { fronts: tree.fronts.length, factorDoubles, indexInts, childInts, flops, maxFront, peakSchurDoubles };
}

/**
 * Peak doubles of a factorisation of an n × n matrix with nnz entries: every region of
 * SparseLuSizes — the factor, one dense front, the Schur stack, the backend's copy of the matrix —
 * and the scratch, integers at two to a double.
 */
export function sparsePeakDoubles(size: SymbolicSize, n: number, nnz: number): number {
  const nf = size.fronts;
  // index, CSR (row starts, columns), meta, children, loc, map, schurAt.
  const ints = size.indexInts + (n + 1 + nnz) + 4 * nf + (nf + 1 + size.childInts) + n + size.maxFront + nf;
  return size.factorDoubles + size.maxFront ** 2 + size.peakSchurDoubles + nnz + ints / 2;
}

/** LU of `a` on `tree` with the given backend. A factor is usable until the backend's next reserveSparse. */
export function multifrontalLu(a: CsrMatrix, tree: EliminationTree, kernel: SparseLuKernel = createReferenceSparseKernel()): SparseLuFactor {
  const { n } = a;
  const size = symbolicSize(tree);
  const nf = tree.fronts.length;
  const nnz = a.rowStart[n] as number;
  const v = kernel.reserveSparse({ n, nnz, fronts: nf, childInts: size.childInts, storeDoubles: size.factorDoubles, indexInts: size.indexInts, maxFront: size.maxFront, stackDoubles: size.peakSchurDoubles });
  v.rowStart.set(a.rowStart.subarray(0, n + 1));
  v.cols.set(a.cols.subarray(0, nnz));
  v.values.set(a.values.subarray(0, nnz));
  fillPlan(tree, v);
  if (kernel.factorReserved() !== 0) throw new Error(SPARSE_ZERO_PIVOT_MESSAGE);
  const { meta, index } = v;
  const flat: FlatFactor = { fronts: nf, meta, index, store: v.store };
  return {
    n,
    factorDoubles: size.factorDoubles,
    maxFront: size.maxFront,
    peakWorkDoubles: sparsePeakDoubles(size, n, nnz),
    flops: size.flops,
    solve: (x) => kernel.solveSparse(flat, [x]),
    solveEach: (xs) => kernel.solveSparse(flat, xs),
  };
}

/** The tree's meta, index and children lists into the reserved views (see FlatFactor). */
function fillPlan(tree: EliminationTree, v: SparseLuViews): void {
  const { meta, index, childStart, childList } = v;
  const nf = tree.fronts.length;
  let indexAt = 0;
  let storeAt = 0;
  let childAt = 0;
  for (let t = 0; t < nf; t++) {
    const { own, boundary, children } = tree.fronts[t] as FrontNode;
    const p = own.length;
    const q = boundary.length;
    meta[4 * t] = p;
    meta[4 * t + 1] = q;
    meta[4 * t + 2] = indexAt;
    meta[4 * t + 3] = storeAt;
    index.set(own, indexAt);
    index.set(boundary, indexAt + p);
    indexAt += p + q;
    storeAt += p * (p + 2 * q);
    childStart[t] = childAt;
    for (let c = 0; c < children.length; c++) childList[childAt++] = children[c] as number;
  }
  childStart[nf] = childAt;
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
  return relativeResidual(a, x, b);
}

/**
 * ‖b − A·x‖∞ / (‖A‖∞‖x‖∞ + ‖b‖∞) for a computed solution x of A·x = b (residualCheck's sum; a
 * function of its own, so its loop is compiled once rather than with each solve's closure).
 */
export function relativeResidual(a: CsrMatrix, x: Float64Array, b: Float64Array): number {
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
