// The multifrontal LU's numeric work on one front (re-exported by photonics-linalg.ts): zeroing,
// the scatter of the original CSR entries, the extend-add of the children's Schur complements, the
// dense partial LU and the copies of its L/U panels into the factor. Twin of
// src/core/photonics/linalg/multifrontal.ts factorFront; every entry gets the same additions in the
// same order (original entries row by row, then the children in the tree's order), so the factor
// is bit-identical to the TypeScript reference. Done here rather than in TypeScript because that
// work, there, cost a third on top of the dense eliminations (fresh Schur arrays, GC, copies).
//
// Schur complements live on a stack: the fronts come in postorder (children-first, each subtree
// contiguous), so a front's children are the topmost blocks when it is assembled, and its own
// block is pushed where its first child's began once they are consumed. The caller drives the
// fronts in order, checks the postorder and sizes the stack (symbolicSize's peakSchurDoubles).
//
// Integer arrays are i32, numbers f64; every pointer is a byte address reserved by the caller.

import { ld, ldi, st, sti } from './_memory';

/**
 * One elimination step restricted to rows from…to−1: pivot k (already checked) updates each of
 * those rows' entries right of column k — the reference's row update, two lanes at a time.
 */
@inline
function eliminateRows(a: usize, m: i32, k: i32, from: i32, to: i32): void {
  const rowK = k * m;
  const pivot = ld(a, rowK + k);
  for (let i = from; i < to; i++) {
    const rowI = i * m;
    const l = ld(a, rowI + k) / pivot;
    if (l == 0) continue;
    st(a, rowI + k, l);
    subtractRow(a, m, rowI, rowK, l, k + 1);
  }
}

/** Row at rowI −= l·(row at rowK) over columns from…m−1, skipped when l is zero. */
@inline
function subtractRow(a: usize, m: i32, rowI: i32, rowK: i32, l: f64, from: i32): void {
  if (l == 0) return;
  const lv = f64x2.splat(l);
  let j = from;
  for (; j + 1 < m; j += 2) {
    const pi = a + (<usize>(rowI + j) << 3);
    v128.store(pi, f64x2.sub(v128.load(pi), f64x2.mul(lv, v128.load(a + (<usize>(rowK + j) << 3)))));
  }
  if (j < m) st(a, rowI + j, ld(a, rowI + j) - l * ld(a, rowK + j));
}

@inline
function badPivot(v: f64): bool {
  return v == 0 || !isFinite(v);
}

/** Width of frontFactor's panels: each trailing row is streamed once per PANEL pivots instead of once per pivot. */
const PANEL = 4;

/** The four multipliers of two rows (row A at 0…3, row B at 4…7) for the panel's trailing update. */
const MULTIPLIERS: usize = memory.data(64);

@inline
function multiplier(at: i32): f64 {
  return load<f64>(MULTIPLIERS + (<usize>at << 3));
}

/**
 * Row rowI's four multipliers for the panel of pivots k…k + 3 (pivot rows at r0…r3, pivots
 * d0…d3), in pivot order, each after the earlier pivots' updates of its column, written to the
 * row and to MULTIPLIERS at `slot`. Whether all four are non-zero (the fused update's case).
 */
@inline
function panelMultipliers(a: usize, rowI: i32, k: i32, r0: i32, r1: i32, r2: i32, d0: f64, d1: f64, d2: f64, d3: f64, slot: i32): bool {
  const l0 = ld(a, rowI + k) / d0;
  if (l0 != 0) {
    st(a, rowI + k, l0);
    st(a, rowI + k + 1, ld(a, rowI + k + 1) - l0 * ld(a, r0 + k + 1));
    st(a, rowI + k + 2, ld(a, rowI + k + 2) - l0 * ld(a, r0 + k + 2));
    st(a, rowI + k + 3, ld(a, rowI + k + 3) - l0 * ld(a, r0 + k + 3));
  }
  const l1 = ld(a, rowI + k + 1) / d1;
  if (l1 != 0) {
    st(a, rowI + k + 1, l1);
    st(a, rowI + k + 2, ld(a, rowI + k + 2) - l1 * ld(a, r1 + k + 2));
    st(a, rowI + k + 3, ld(a, rowI + k + 3) - l1 * ld(a, r1 + k + 3));
  }
  const l2 = ld(a, rowI + k + 2) / d2;
  if (l2 != 0) {
    st(a, rowI + k + 2, l2);
    st(a, rowI + k + 3, ld(a, rowI + k + 3) - l2 * ld(a, r2 + k + 3));
  }
  const l3 = ld(a, rowI + k + 3) / d3;
  if (l3 != 0) st(a, rowI + k + 3, l3);
  st(MULTIPLIERS, slot, l0);
  st(MULTIPLIERS, slot + 1, l1);
  st(MULTIPLIERS, slot + 2, l2);
  st(MULTIPLIERS, slot + 3, l3);
  return l0 != 0 && l1 != 0 && l2 != 0 && l3 != 0;
}

/** Row rowI's trailing entries (columns from…m−1) minus the four products, in pivot order; multipliers at `slot`. */
@inline
function trailingRow(a: usize, m: i32, rowI: i32, r0: i32, r1: i32, r2: i32, r3: i32, from: i32, slot: i32, full: bool): void {
  const l0 = multiplier(slot);
  const l1 = multiplier(slot + 1);
  const l2 = multiplier(slot + 2);
  const l3 = multiplier(slot + 3);
  if (!full) {
    // A zero multiplier skips its pivot's update, as the one-pivot sweep does.
    subtractRow(a, m, rowI, r0, l0, from);
    subtractRow(a, m, rowI, r1, l1, from);
    subtractRow(a, m, rowI, r2, l2, from);
    subtractRow(a, m, rowI, r3, l3, from);
    return;
  }
  const v0 = f64x2.splat(l0);
  const v1 = f64x2.splat(l1);
  const v2 = f64x2.splat(l2);
  const v3 = f64x2.splat(l3);
  let j = from;
  for (; j + 1 < m; j += 2) {
    const o = <usize>j << 3;
    const pi = a + (<usize>rowI << 3) + o;
    let x = v128.load(pi);
    x = f64x2.sub(x, f64x2.mul(v0, v128.load(a + (<usize>r0 << 3) + o)));
    x = f64x2.sub(x, f64x2.mul(v1, v128.load(a + (<usize>r1 << 3) + o)));
    x = f64x2.sub(x, f64x2.mul(v2, v128.load(a + (<usize>r2 << 3) + o)));
    x = f64x2.sub(x, f64x2.mul(v3, v128.load(a + (<usize>r3 << 3) + o)));
    v128.store(pi, x);
  }
  if (j < m) st(a, rowI + j, (((ld(a, rowI + j) - l0 * ld(a, r0 + j)) - l1 * ld(a, r1 + j)) - l2 * ld(a, r2 + j)) - l3 * ld(a, r3 + j));
}

/** trailingRow on two rows at once (both with four non-zero multipliers): each load of a pivot row serves both. */
@inline
function trailingRows(a: usize, m: i32, rowA: i32, rowB: i32, r0: i32, r1: i32, r2: i32, r3: i32, from: i32): void {
  const a0 = f64x2.splat(multiplier(0));
  const a1 = f64x2.splat(multiplier(1));
  const a2 = f64x2.splat(multiplier(2));
  const a3 = f64x2.splat(multiplier(3));
  const b0 = f64x2.splat(multiplier(4));
  const b1 = f64x2.splat(multiplier(5));
  const b2 = f64x2.splat(multiplier(6));
  const b3 = f64x2.splat(multiplier(7));
  let j = from;
  for (; j + 1 < m; j += 2) {
    const o = <usize>j << 3;
    const p0 = v128.load(a + (<usize>r0 << 3) + o);
    const p1 = v128.load(a + (<usize>r1 << 3) + o);
    const p2 = v128.load(a + (<usize>r2 << 3) + o);
    const p3 = v128.load(a + (<usize>r3 << 3) + o);
    const pa = a + (<usize>rowA << 3) + o;
    const pb = a + (<usize>rowB << 3) + o;
    let x = v128.load(pa);
    let y = v128.load(pb);
    x = f64x2.sub(x, f64x2.mul(a0, p0));
    y = f64x2.sub(y, f64x2.mul(b0, p0));
    x = f64x2.sub(x, f64x2.mul(a1, p1));
    y = f64x2.sub(y, f64x2.mul(b1, p1));
    x = f64x2.sub(x, f64x2.mul(a2, p2));
    y = f64x2.sub(y, f64x2.mul(b2, p2));
    x = f64x2.sub(x, f64x2.mul(a3, p3));
    y = f64x2.sub(y, f64x2.mul(b3, p3));
    v128.store(pa, x);
    v128.store(pb, y);
  }
  if (j < m) {
    st(a, rowA + j, (((ld(a, rowA + j) - multiplier(0) * ld(a, r0 + j)) - multiplier(1) * ld(a, r1 + j)) - multiplier(2) * ld(a, r2 + j)) - multiplier(3) * ld(a, r3 + j));
    st(a, rowB + j, (((ld(a, rowB + j) - multiplier(4) * ld(a, r0 + j)) - multiplier(5) * ld(a, r1 + j)) - multiplier(6) * ld(a, r2 + j)) - multiplier(7) * ld(a, r3 + j));
  }
}

/**
 * Partial LU of the front at `a` in place; returns 0, or k + 1 when pivot k is zero or not finite.
 * Pivots go in panels of four (issue 20: a front of the 10 nm strip is megabytes, so the one-pivot
 * sweep re-read the whole trailing matrix from memory per pivot): the panel's own rows are
 * eliminated first, then each row below gets its four multipliers in turn and one pass over its
 * trailing entries subtracting the four products in pivot order, two rows at a time so each load
 * of a pivot row serves both. Every entry sees the same multiplies and subtractions in the same
 * order as the one-pivot sweep (a zero multiplier is skipped there and here), so the factors stay
 * bit-identical to the reference.
 */
function frontFactor(a: usize, m: i32, p: i32): i32 {
  let k = 0;
  for (; k + PANEL <= p; k += PANEL) {
    // The panel's own rows, one pivot at a time (row k + 1 must be final before it pivots).
    for (let kk = k; kk < k + PANEL; kk++) {
      if (badPivot(ld(a, kk * m + kk))) return kk + 1;
      eliminateRows(a, m, kk, kk + 1, k + PANEL);
    }
    const r0 = k * m;
    const r1 = r0 + m;
    const r2 = r1 + m;
    const r3 = r2 + m;
    const d0 = ld(a, r0 + k);
    const d1 = ld(a, r1 + k + 1);
    const d2 = ld(a, r2 + k + 2);
    const d3 = ld(a, r3 + k + 3);
    const tail = k + PANEL;
    let i = tail;
    for (; i + 1 < m; i += 2) {
      const rowA = i * m;
      const rowB = rowA + m;
      const fullA = panelMultipliers(a, rowA, k, r0, r1, r2, d0, d1, d2, d3, 0);
      const fullB = panelMultipliers(a, rowB, k, r0, r1, r2, d0, d1, d2, d3, 4);
      if (fullA && fullB) trailingRows(a, m, rowA, rowB, r0, r1, r2, r3, tail);
      else {
        trailingRow(a, m, rowA, r0, r1, r2, r3, tail, 0, fullA);
        trailingRow(a, m, rowB, r0, r1, r2, r3, tail, 4, fullB);
      }
    }
    if (i < m) {
      const rowA = i * m;
      const fullA = panelMultipliers(a, rowA, k, r0, r1, r2, d0, d1, d2, d3, 0);
      trailingRow(a, m, rowA, r0, r1, r2, r3, tail, 0, fullA);
    }
  }
  for (; k < p; k++) {
    if (badPivot(ld(a, k * m + k))) return k + 1;
    eliminateRows(a, m, k, k + 1, m);
  }
  return 0;
}

/** front[row·m + loc(col)] += value for the entries of CSR row r whose column is in the front (loc ≥ 0) and, when ownOnly, among its first p. */
@inline
function scatterRow(front: usize, rowStart: usize, cols: usize, values: usize, loc: usize, r: i32, row: i32, p: i32, ownOnly: bool): void {
  const end = ldi(rowStart, r + 1);
  for (let e = ldi(rowStart, r); e < end; e++) {
    const c = ldi(loc, ldi(cols, e));
    if (c >= 0 && (!ownOnly || c < p)) st(front, row + c, ld(front, row + c) + ld(values, e));
  }
}

/**
 * Assembles and factorises front t of the plan (meta: [p, q, index offset, store offset] per front;
 * index: own variables then boundary; children of t: childList[childStart[t] … childStart[t + 1]])
 * of the CSR matrix (rowStart, cols, values), writing its p × m rows then its q × p lower panel to
 * `factor` at its store offset and its Schur complement onto the stack, whose top is `top`.
 * Scratch: front (maxFront² f64), stack (f64), loc (an i32 per variable, −1 on entry and on
 * return), map (maxFront i32), schurAt (an i32 per front). Returns the new top, or −1 when a pivot
 * is zero or not finite.
 *
 * One call per front, the loop being the caller's: V8 runs a WASM function's first call in its
 * baseline tier and cannot switch a running call to the optimised code, so the whole factorisation
 * in one call ran at baseline speed (twice the time on its first run).
 */
export function sparseFront(
  rowStart: usize, cols: usize, values: usize,
  meta: usize, index: usize, childStart: usize, childList: usize, t: i32, top: i32,
  factor: usize, front: usize, stack: usize, loc: usize, map: usize, schurAt: usize,
): i32 {
  const p = ldi(meta, 4 * t);
  const q = ldi(meta, 4 * t + 1);
  const ix = ldi(meta, 4 * t + 2);
  const at = ldi(meta, 4 * t + 3);
  const m = p + q;
  for (let k = 0; k < m; k++) sti(loc, ldi(index, ix + k), k);
  memory.fill(front, 0, <usize>(m * m) << 3);
  // Original entries whose first-eliminated index is ours: own rows, and boundary rows in own columns.
  for (let k = 0; k < p; k++) scatterRow(front, rowStart, cols, values, loc, ldi(index, ix + k), k * m, p, false);
  for (let k = p; k < m; k++) scatterRow(front, rowStart, cols, values, loc, ldi(index, ix + k), k * m, p, true);
  // Extend-add of the children's Schur complements, in the tree's order of children.
  let base = top;
  const childEnd = ldi(childStart, t + 1);
  for (let e = ldi(childStart, t); e < childEnd; e++) {
    const c = ldi(childList, e);
    const qc = ldi(meta, 4 * c + 1);
    if (qc == 0) continue;
    const cb = ldi(meta, 4 * c + 2) + ldi(meta, 4 * c);
    for (let k = 0; k < qc; k++) sti(map, k, ldi(loc, ldi(index, cb + k)));
    const s = ldi(schurAt, c);
    if (s < base) base = s;
    for (let r = 0; r < qc; r++) {
      const row = front + (<usize>(ldi(map, r) * m) << 3);
      const src = stack + (<usize>(s + r * qc) << 3);
      for (let k = 0; k < qc; k++) {
        const to = row + (<usize>ldi(map, k) << 3);
        store<f64>(to, load<f64>(to) + load<f64>(src + (<usize>k << 3)));
      }
    }
  }
  const failed = frontFactor(front, m, p) != 0;
  if (!failed) {
    const out = factor + (<usize>at << 3);
    memory.copy(out, front, <usize>(p * m) << 3);
    const lower = out + (<usize>(p * m) << 3);
    for (let r = 0; r < q; r++) memory.copy(lower + (<usize>(r * p) << 3), front + (<usize>((p + r) * m) << 3), <usize>p << 3);
    // The children's blocks are consumed: this front's block goes where the first of them began.
    for (let r = 0; r < q; r++) memory.copy(stack + (<usize>(base + r * q) << 3), front + (<usize>((p + r) * m + p) << 3), <usize>q << 3);
    sti(schurAt, t, base);
  }
  for (let k = 0; k < m; k++) sti(loc, ldi(index, ix + k), -1);
  return failed ? -1 : base + q * q;
}
