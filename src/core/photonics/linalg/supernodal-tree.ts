/**
 * The elimination tree of a structurally symmetric sparse matrix under a given elimination order,
 * grouped into supernodes: the fronts of the multifrontal LU (multifrontal.ts) as the matrix's
 * own sparsity makes them, rather than as a geometric picture of it assumes. A front's boundary is
 * exactly the row structure of L below its columns (symbolic elimination, children's structures
 * merged into their parent's), so no structural zero is stored or multiplied except those a
 * relaxed supernode takes on by choice.
 *
 * Why (issue 20): the full-vectorial operator couples H_x to H_y only where the permittivity
 * varies, so in the cladding its graph is two independent five-point grids. Geometric fronts that
 * hold both unknowns of every cell as one dense block stored 3.8 M doubles at 20 nm where the
 * exact structure of the very same order needs half, and multiplied four times as much.
 *
 * Algorithms: the elimination tree by Liu's path-compressed ancestor walk; a postorder (which keeps
 * the fill and puts every subtree's fronts together, as the Schur stack needs); the row structures
 * by merging each column's later neighbours with its children's structures (Σ work ≈ nnz(L));
 * fundamental supernodes (a column whose only child is its predecessor, with one more entry below
 * it than the column itself); then relaxed amalgamation: a child front merges into its parent when the zeros this
 * adds stay a small part of the merged front, or when both are tiny (a dense front per one or two
 * columns costs more in calls and index work than the few zeros a merge stores).
 */
import type { EliminationTree, FrontNode } from './multifrontal.ts';
import { minimumDegreeSteps, type MinimumDegreeSteps } from './minimum-degree.ts';
import { withRoom } from './grow.ts';

/** A structurally symmetric pattern in compressed rows (values not needed; the diagonal may be absent). */
export interface SymmetricPattern {
  readonly n: number;
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
}

/** When a child front merges into its parent (buildFronts). */
export interface Amalgamation {
  /** Merged fronts of at most this many columns always merge. */
  readonly smallColumns: number;
  /** Otherwise merge while the stored zeros stay at most this fraction of the merged front's entries. */
  readonly zeroFraction: number;
}

/**
 * Issue 20's strip, 10 nm whole window, minimum-degree order, WASM LU / one two-vector solve:
 * no amalgamation 115 / 11.8 ms, these settings 101 / 11.5 ms, (16, 0.2) 106 / 14.8 ms, (32, 0.3) 126 / 20.8 ms.
 */
export const DEFAULT_AMALGAMATION: Amalgamation = { smallColumns: 8, zeroFraction: 0.1 };

/** A growable Int32 stack of segments (the pending children's row structures). */
class SegmentPool {
  data = new Int32Array(1 << 16);
  top = 0;
  reserve(extra: number): void {
    this.data = withRoom(this.data, this.top, extra);
  }
}

/**
 * The supernodal elimination tree of `pattern` eliminated in `order` (order[k] is the variable
 * eliminated k-th; a permutation of 0…n−1). The fronts come in a postorder of the tree; each front's
 * own variables in elimination order, its boundary in the order the symbolic elimination met them.
 */
export function supernodalTree(pattern: SymmetricPattern, order: Int32Array, amalgamation: Amalgamation = DEFAULT_AMALGAMATION): EliminationTree {
  const { n, rowStart, cols } = pattern;
  if (order.length !== n) throw new Error(`supernodalTree: the order has ${order.length} entries for ${n} variables`);
  const pos0 = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const v = order[k] as number;
    if (!(v >= 0 && v < n) || pos0[v] !== -1) throw new Error('supernodalTree: the order is not a permutation');
    pos0[v] = k;
  }
  const parent0 = eliminationTree(pattern, order, pos0);
  // Postorder: children before parents, every subtree contiguous.
  const post = postorder(parent0);
  const perm = new Int32Array(n); // postorder position → variable
  const pos = new Int32Array(n); // variable → postorder position
  const rank = new Int32Array(n); // old position → postorder position
  for (let k = 0; k < n; k++) {
    const old = post[k] as number;
    rank[old] = k;
    perm[k] = order[old] as number;
    pos[order[old] as number] = k;
  }
  const parent = new Int32Array(n);
  const childCount = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const p0 = parent0[post[k] as number] as number;
    parent[k] = p0 < 0 ? -1 : (rank[p0] as number);
    if (p0 >= 0) childCount[rank[p0] as number] = (childCount[rank[p0] as number] as number) + 1;
  }

  // Row structures column by column on a stack; fundamental supernodes recorded as they end,
  // their boundaries (the structure of their last column) copied into one pool.
  const pool = new SegmentPool();
  const segStart: number[] = []; // the pending structures, oldest first
  const segLen: number[] = [];
  const mark = new Int32Array(n).fill(-1);
  const count = new Int32Array(n);
  const nodes = new SupernodeList(n);
  let open = -1; // first column of the fundamental supernode not yet recorded, or −1
  for (let k = 0; k < n; k++) {
    // Gather at the pool's top: the later neighbours of column k, then its children's structures
    // (the topmost pending ones: the tree is in postorder).
    const v = perm[k] as number;
    const children = childCount[k] as number;
    let childTotal = 0;
    for (let c = 1; c <= children; c++) childTotal += segLen[segLen.length - c] as number;
    pool.reserve((rowStart[v + 1] as number) - (rowStart[v] as number) + childTotal);
    const data = pool.data;
    const out = pool.top;
    let len = 0;
    mark[k] = k;
    for (let e = rowStart[v] as number; e < (rowStart[v + 1] as number); e++) {
      const u = pos[cols[e] as number] as number;
      if (u > k && mark[u] !== k) {
        mark[u] = k;
        data[out + len++] = u;
      }
    }
    for (let c = 1; c <= children; c++) {
      const s = segStart[segStart.length - c] as number;
      const end = s + (segLen[segLen.length - c] as number);
      for (let x = s; x < end; x++) {
        const u = data[x] as number;
        if (mark[u] !== k) {
          mark[u] = k;
          data[out + len++] = u;
        }
      }
    }
    count[k] = len;
    // An open supernode ends at k − 1 (k's child, its structure the topmost one) unless k extends it.
    if (open >= 0 && !(children === 1 && count[k - 1] === len + 1)) {
      nodes.add(open, k - 1, data, segStart[segStart.length - 1] as number, segLen[segLen.length - 1] as number);
      open = -1;
    }
    // Pop the children, move k's structure down in their place, push it.
    const dest = children > 0 ? (segStart[segStart.length - children] as number) : out;
    segStart.length -= children;
    segLen.length -= children;
    data.copyWithin(dest, out, out + len);
    pool.top = dest + len;
    segStart.push(dest);
    segLen.push(len);
    if (open < 0) open = k;
    if (parent[k] !== k + 1) {
      nodes.add(open, k, data, dest, len);
      open = -1;
    }
  }
  return buildFronts(nodes, parent, perm, amalgamation);
}

/**
 * The fronts of an approximate-minimum-degree elimination straight from its own steps
 * (minimum-degree.ts): a pivot's step is a supernode (the pivot, its merged variables and those
 * eliminated with it), its element's variable list is the exact row structure below it, and the
 * element that absorbed it is its parent — so the structures need not be derived again from the
 * pattern (issue 20: that symbolic pass was a twentieth of the 10 nm strip's solve). Postordered,
 * then amalgamated like supernodalTree's. An element absorbed aggressively (its variables all in a
 * later element) hangs from that element rather than from its first variable's front: its block
 * lies inside that front, so the assembly is the same sum. `steps` computes the elimination: the
 * TypeScript minimumDegreeSteps, or a kernel's twin of it (DenseLinalgKernel.ordering) giving the
 * same arrays, hence the same tree.
 */
export function minimumDegreeTree(
  pattern: SymmetricPattern,
  amalgamation: Amalgamation = DEFAULT_AMALGAMATION,
  steps: (pattern: SymmetricPattern) => MinimumDegreeSteps = minimumDegreeSteps,
): EliminationTree {
  const { n } = pattern;
  const { order, pivots, ownStart, ownLength, boundary, boundaryStart, boundaryLength, absorbedBy } = steps(pattern);
  const np = pivots.length;
  // Children of each step, in elimination order (linked lists built back to front), and the
  // roots in elimination order (filled from the back too: plain loops, no closure per call).
  // (The loops are functions of their own: see fillPostorder on why.)
  const head = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  const roots = new Int32Array(np);
  const rootAt = linkChildren(pivots, absorbedBy, head, next, roots);
  // Postorder (children first, each subtree contiguous), roots in elimination order.
  const post = postorderOf(head, next, roots.subarray(rootAt), np);
  if (post.length !== np) throw new Error('minimumDegreeTree: the absorption forest does not reach every step');
  // Positions: each step's variables consecutively, steps in postorder.
  const perm = new Int32Array(n);
  const firstColumn = new Int32Array(n);
  if (placeSteps(post, order, ownStart, ownLength, perm, firstColumn) !== n) throw new Error('minimumDegreeTree: the steps do not eliminate every variable once');
  // The supernodes point into the steps' own boundary pool (variables, not positions: the fronts
  // want variables, so neither a mapped copy nor a per-node copy is made — issue 20: those and the
  // mapping back were a quarter of this function on the 20 nm strip).
  const nodes = new SupernodeList(n, boundary);
  const parent = new Int32Array(n).fill(-1);
  addSteps(nodes, post, firstColumn, ownLength, absorbedBy, boundaryStart, boundaryLength, parent);
  return buildFronts(nodes, parent, perm, amalgamation);
}

/** Children of each step as linked lists (head, next), built back to front; roots in elimination order at the end of `roots`. Returns where they start. */
function linkChildren(pivots: Int32Array, absorbedBy: Int32Array, head: Int32Array, next: Int32Array, roots: Int32Array): number {
  let rootAt = roots.length;
  for (let t = pivots.length - 1; t >= 0; t--) {
    const p = pivots[t] as number;
    const a = absorbedBy[p] as number;
    if (a >= 0) {
      next[p] = head[a] as number;
      head[a] = p;
    } else roots[--rootAt] = p;
  }
  return rootAt;
}

/** perm (position → variable) with each step's variables consecutive, steps in postorder; each step's first position. Returns the positions filled. */
function placeSteps(post: Int32Array, order: Int32Array, ownStart: Int32Array, ownLength: Int32Array, perm: Int32Array, firstColumn: Int32Array): number {
  let k = 0;
  for (let t = 0; t < post.length; t++) {
    const p = post[t] as number;
    firstColumn[p] = k;
    const from = ownStart[p] as number;
    const to = from + (ownLength[p] as number);
    for (let x = from; x < to; x++) perm[k++] = order[x] as number;
  }
  return k;
}

/** Each step as a supernode of `nodes` (its columns chained in `parent`, the last to its absorber's first). */
function addSteps(nodes: SupernodeList, post: Int32Array, firstColumn: Int32Array, ownLength: Int32Array, absorbedBy: Int32Array, boundaryStart: Int32Array, boundaryLength: Int32Array, parent: Int32Array): void {
  for (let t = 0; t < post.length; t++) {
    const p = post[t] as number;
    const first = firstColumn[p] as number;
    const last = first + (ownLength[p] as number) - 1;
    for (let c = first; c < last; c++) parent[c] = c + 1;
    const a = absorbedBy[p] as number;
    parent[last] = a < 0 ? -1 : (firstColumn[a] as number);
    nodes.addShared(first, last, boundaryStart[p] as number, boundaryLength[p] as number);
  }
}

/**
 * The fundamental supernodes in postorder: columns first…last, boundaries in one pool (in gathering
 * order: the LU needs no sorted boundary). Either the list's own pool of postorder positions,
 * filled by add() (supernodalTree), or a pool of variables given up front that addShared() points
 * into (minimumDegreeTree: the elimination's own boundaries).
 */
class SupernodeList {
  count = 0;
  first: Int32Array;
  last: Int32Array;
  boundaryAt: Int32Array;
  boundaryLen: Int32Array;
  readonly nodeOfColumn: Int32Array;
  boundaries: Int32Array<ArrayBuffer>;
  /** The pool holds variables (given) rather than postorder positions (own). */
  readonly variables: boolean;
  used = 0;
  constructor(n: number, shared?: Int32Array) {
    this.first = new Int32Array(n);
    this.last = new Int32Array(n);
    this.boundaryAt = new Int32Array(n);
    this.boundaryLen = new Int32Array(n);
    this.nodeOfColumn = new Int32Array(n);
    this.variables = shared !== undefined;
    this.boundaries = (shared as Int32Array<ArrayBuffer> | undefined) ?? new Int32Array(1 << 16);
  }
  /** A supernode whose boundary is the given pool's at…at + len. */
  addShared(first: number, last: number, at: number, len: number): void {
    const s = this.count++;
    this.first[s] = first;
    this.last[s] = last;
    for (let k = first; k <= last; k++) this.nodeOfColumn[k] = s;
    this.boundaryAt[s] = at;
    this.boundaryLen[s] = len;
  }
  /** A supernode whose boundary (positions) is copied from data[at … at + len). */
  add(first: number, last: number, data: Int32Array, at: number, len: number): void {
    const s = this.count++;
    this.first[s] = first;
    this.last[s] = last;
    for (let k = first; k <= last; k++) this.nodeOfColumn[k] = s;
    this.boundaries = withRoom(this.boundaries, this.used, len);
    // Copied element by element: subarray views per supernode were most of this list's cost.
    const b = this.boundaries;
    for (let i = 0; i < len; i++) b[this.used + i] = data[at + i] as number;
    this.boundaryAt[s] = this.used;
    this.boundaryLen[s] = len;
    this.used += len;
  }
}

function eliminationTree(pattern: SymmetricPattern, order: Int32Array, pos: Int32Array): Int32Array {
  const { n, rowStart, cols } = pattern;
  const parent = new Int32Array(n).fill(-1);
  const ancestor = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const v = order[k] as number;
    for (let e = rowStart[v] as number; e < (rowStart[v + 1] as number); e++) {
      let i = pos[cols[e] as number] as number;
      if (i >= k) continue;
      for (;;) {
        const a = ancestor[i] as number;
        if (a === k) break;
        ancestor[i] = k;
        if (a === -1) {
          parent[i] = k;
          break;
        }
        i = a;
      }
    }
  }
  return parent;
}

/** A postorder of the forest `parent` (children in increasing order): post[k] is the k-th node. */
function postorder(parent: Int32Array): Int32Array {
  const n = parent.length;
  const head = new Int32Array(n).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let k = n - 1; k >= 0; k--) {
    const p = parent[k] as number;
    if (p >= 0) {
      next[k] = head[p] as number;
      head[p] = k;
    }
  }
  const roots = new Int32Array(n);
  let rootCount = 0;
  for (let k = 0; k < n; k++) if (parent[k] === -1) roots[rootCount++] = k;
  return postorderOf(head, next, roots.subarray(0, rootCount), n);
}

/**
 * Depth-first postorder of the trees under `roots` (in that order), children from the linked lists
 * head/next (consumed); at most `size` nodes. Returns the nodes reached, in postorder.
 */
function postorderOf(head: Int32Array, next: Int32Array, roots: Int32Array, size: number): Int32Array {
  const post = new Int32Array(size);
  return post.subarray(0, fillPostorder(head, next, roots, post, new Int32Array(size)));
}

/**
 * postorderOf's walk; returns how many it wrote. The loops sit in a function that returns a number
 * and allocates nothing: V8 compiles a hot loop on-stack from the feedback gathered so far, and code
 * after the loop that had not run yet (an allocation, a subarray) made that code deoptimise on every
 * solve (issue 20, --trace-deopt: "insufficient type feedback").
 */
function fillPostorder(head: Int32Array, next: Int32Array, roots: Int32Array, post: Int32Array, stack: Int32Array): number {
  let at = 0;
  for (let r = 0; r < roots.length; r++) {
    let top = 0;
    stack[top++] = roots[r] as number;
    while (top > 0) {
      const v = stack[top - 1] as number;
      const c = head[v] as number;
      if (c === -1) {
        top--;
        post[at++] = v;
      } else {
        head[v] = next[c] as number;
        stack[top++] = c;
      }
    }
  }
  return at;
}

/**
 * The fronts: supernodes merged by `amalgamation`, as FrontNodes in postorder. A child merges into
 * its parent when relaxedMerge allows (decided bottom-up, so a parent's size already includes the
 * children merged before); a merged front's own columns are its members' in elimination order
 * (a merged child's subtree lies wholly before its parent's columns), its boundary its top member's.
 */
function buildFronts(nodes: SupernodeList, parent: Int32Array, perm: Int32Array, amalgamation: Amalgamation): EliminationTree {
  const ns = nodes.count;
  const superParent = new Int32Array(ns).fill(-1);
  const cols = new Int32Array(ns);
  for (let s = 0; s < ns; s++) {
    const p = parent[nodes.last[s] as number] as number;
    superParent[s] = p < 0 ? -1 : (nodes.nodeOfColumn[p] as number);
    cols[s] = (nodes.last[s] as number) - (nodes.first[s] as number) + 1;
  }
  const zeros = new Float64Array(ns);
  const mergedInto = new Int32Array(ns).fill(-1);
  // Children in increasing order (postorder: all before their parent), so merges go bottom-up.
  for (let c = 0; c < ns; c++) {
    const s = superParent[c] as number;
    if (s < 0) continue;
    const q = nodes.boundaryLen[s] as number;
    const pc = cols[c] as number;
    const ps = cols[s] as number;
    const merged = entries(pc + ps, q);
    // entries() of each part already counts the zeros its own merges took on.
    const total = (zeros[c] as number) + (zeros[s] as number) + merged - entries(pc, nodes.boundaryLen[c] as number) - entries(ps, q);
    if (pc + ps <= amalgamation.smallColumns || total <= amalgamation.zeroFraction * merged) {
      mergedInto[c] = s;
      cols[s] = pc + ps;
      zeros[s] = total;
    }
  }
  // Members of each merged front, in supernode order: linked lists, a child's list before its parent's own.
  const memberHead = new Int32Array(ns);
  const memberTail = new Int32Array(ns);
  const memberNext = new Int32Array(ns).fill(-1);
  for (let s = 0; s < ns; s++) {
    memberHead[s] = s;
    memberTail[s] = s;
  }
  // A node's merged children precede it: splice their member lists in front of its own, in child order.
  const pendingHead = new Int32Array(ns).fill(-1);
  const pendingTail = new Int32Array(ns).fill(-1);
  for (let c = 0; c < ns; c++) {
    // c's own list is final once its children are done (they all precede c).
    if (pendingHead[c] as number >= 0) {
      memberNext[pendingTail[c] as number] = c;
      memberHead[c] = pendingHead[c] as number;
    }
    const s = mergedInto[c] as number;
    if (s < 0) continue;
    if ((pendingHead[s] as number) < 0) pendingHead[s] = memberHead[c] as number;
    else memberNext[pendingTail[s] as number] = memberHead[c] as number;
    pendingTail[s] = memberTail[c] as number;
  }
  // The front of each supernode: its own, or (merged) its merge target's, resolved top-down.
  const frontRoot = new Int32Array(ns);
  for (let s = ns - 1; s >= 0; s--) {
    const into = mergedInto[s] as number;
    frontRoot[s] = into < 0 ? s : (frontRoot[into] as number);
  }
  const frontIndex = new Int32Array(ns).fill(-1);
  const fronts: FrontNode[] = [];
  // Every front's own and boundary lists are views of two shared arrays (one allocation each,
  // not two per front: 18,000 fronts on the 10 nm strip).
  let ownTotal = 0;
  let boundaryTotal = 0;
  for (let s = 0; s < ns; s++) {
    if ((mergedInto[s] as number) >= 0) continue;
    ownTotal += cols[s] as number;
    boundaryTotal += nodes.boundaryLen[s] as number;
  }
  const ownPool = new Int32Array(ownTotal);
  const boundaryPool = new Int32Array(boundaryTotal);
  let ownAt = 0;
  let boundaryAt = 0;
  for (let s = 0; s < ns; s++) {
    if ((mergedInto[s] as number) >= 0) continue;
    const start = ownAt;
    for (let m = memberHead[s] as number; m >= 0; m = m === s ? -1 : (memberNext[m] as number)) {
      for (let k = nodes.first[m] as number; k <= (nodes.last[m] as number); k++) ownPool[ownAt++] = perm[k] as number;
    }
    if (ownAt - start !== cols[s]) throw new Error('supernodalTree: a merged front lost columns');
    const bAt = nodes.boundaryAt[s] as number;
    const bLen = nodes.boundaryLen[s] as number;
    const b = nodes.boundaries;
    if (nodes.variables) for (let i = 0; i < bLen; i++) boundaryPool[boundaryAt + i] = b[bAt + i] as number;
    else for (let i = 0; i < bLen; i++) boundaryPool[boundaryAt + i] = perm[b[bAt + i] as number] as number;
    frontIndex[s] = fronts.length;
    fronts.push({ own: ownPool.subarray(start, ownAt), boundary: boundaryPool.subarray(boundaryAt, boundaryAt + bLen), children: [] });
    boundaryAt += bLen;
  }
  // Each unmerged supernode's front is a child of the front its parent ended up in.
  for (let s = 0; s < ns; s++) {
    if ((mergedInto[s] as number) >= 0) continue;
    const p = superParent[s] as number;
    if (p < 0) continue;
    ((fronts[frontIndex[frontRoot[p] as number] as number] as FrontNode).children as number[]).push(frontIndex[s] as number);
  }
  return { n: perm.length, fronts };
}

/** Entries of a front's factor with p own columns and q boundary rows: p² + 2pq. */
function entries(p: number, q: number): number {
  return p * p + 2 * p * q;
}

/**
 * The pattern of A + Aᵀ of a square CSR matrix, without its diagonal: the graph the order and the
 * symbolic elimination work on. Needed even for a matrix meant to be structurally symmetric: the
 * full-vectorial assembly drops entries that cancel to exactly zero, and a_ij may cancel where a_ji
 * does not; a front missing a_ji's column would silently drop it.
 */
export function symmetricPattern(a: { readonly n: number; readonly rowStart: Int32Array; readonly cols: Int32Array }): SymmetricPattern {
  const { n, rowStart, cols } = a;
  const nnz = rowStart[n] as number;
  // (The loops are functions of their own: see fillPostorder on why.)
  const tStart = new Int32Array(n + 1);
  const tCols = new Int32Array(nnz);
  transposePattern(n, rowStart, cols, tStart, tCols, tStart.slice(0, n));
  const outStart = new Int32Array(n + 1);
  const outCols = new Int32Array(2 * nnz);
  const at = unionRows(n, rowStart, cols, tStart, tCols, outStart, outCols, new Int32Array(n).fill(-1));
  return { n, rowStart: outStart, cols: outCols.slice(0, at) };
}

/** Aᵀ's pattern by counting (tStart must be zero; `fill` is scratch of n). */
function transposePattern(n: number, rowStart: Int32Array, cols: Int32Array, tStart: Int32Array, tCols: Int32Array, fill: Int32Array): void {
  const nnz = rowStart[n] as number;
  for (let e = 0; e < nnz; e++) tStart[(cols[e] as number) + 1] = (tStart[(cols[e] as number) + 1] as number) + 1;
  for (let i = 0; i < n; i++) tStart[i + 1] = (tStart[i + 1] as number) + (tStart[i] as number);
  for (let i = 0; i < n; i++) fill[i] = tStart[i] as number;
  for (let r = 0; r < n; r++) {
    for (let e = rowStart[r] as number; e < (rowStart[r + 1] as number); e++) {
      const c = cols[e] as number;
      tCols[fill[c] as number] = r;
      fill[c] = (fill[c] as number) + 1;
    }
  }
}

/** Each row's columns of A then of Aᵀ, once each and without the diagonal (`mark` all −1); returns the entries written. */
function unionRows(n: number, rowStart: Int32Array, cols: Int32Array, tStart: Int32Array, tCols: Int32Array, outStart: Int32Array, outCols: Int32Array, mark: Int32Array): number {
  let at = 0;
  for (let r = 0; r < n; r++) {
    outStart[r] = at;
    mark[r] = r;
    for (let e = rowStart[r] as number; e < (rowStart[r + 1] as number); e++) {
      const c = cols[e] as number;
      if (mark[c] !== r) {
        mark[c] = r;
        outCols[at++] = c;
      }
    }
    for (let e = tStart[r] as number; e < (tStart[r + 1] as number); e++) {
      const c = tCols[e] as number;
      if (mark[c] !== r) {
        mark[c] = r;
        outCols[at++] = c;
      }
    }
  }
  outStart[n] = at;
  return at;
}
