// The full-vectorial mode operator's assembly (re-exported by photonics-linalg.ts): twin of
// src/core/photonics/fdmode/fullvectorial-operator.ts assembleFullVectorial, term for term and in
// the same order (each row's terms are summed per column in insertion order, the cancelled ones
// dropped against the same CANCELLED bound, the rest sorted by column), so the compressed rows are
// bit-identical to the TypeScript reference. Here because that code, in TypeScript, cost ~9 ms of
// the 20 nm strip's ~100 ms solve (issue 20): a dozen small calls per row that V8 would not inline.
//
// Layout: ε_x (nx·(ny + 1)), ε_y ((nx + 1)·ny) and ε_z ((nx + 1)·(ny + 1)) as f64; the output rowStart (n + 1
// i32), cols (capacity i32), values (capacity f64), live (n u8), n = 2·nx·ny, unknowns interleaved
// H_x, H_y per cell, cells along the shorter side first. Every pointer is a byte address.

import { ld, ldi, st, sti } from './_memory';

/** See CANCELLED in fullvectorial-operator.ts. */
const CANCELLED: f64 = 1e-12;
/** Distinct columns one row may hold (a row has at most a dozen; the TypeScript accumulator grows instead). */
const ROW_CAPACITY: i32 = 64;
const ROW_COLS: usize = memory.data(ROW_CAPACITY * 4);
const ROW_VALUES: usize = memory.data(ROW_CAPACITY * 8);
const ROW_MAGNITUDES: usize = memory.data(ROW_CAPACITY * 8);
/** Results besides nnz: [bandwidth]. */
const RESULT: usize = memory.data(8);

let rowLength: i32 = 0;
let rowOverflow: bool = false;
let gnx: i32 = 0;
let gny: i32 = 0;
let gdx: f64 = 0;
let gdy: f64 = 0;
let gEpsZ: usize = 0;
let gLeftPmc: bool = false;
let gBottomPmc: bool = false;

@inline
function cellIndex(i: i32, j: i32): i32 {
  return gnx <= gny ? j * gnx + i : i * gny + j;
}

function add(col: i32, value: f64): void {
  for (let k = 0; k < rowLength; k++) {
    if (ldi(ROW_COLS, k) == col) {
      st(ROW_VALUES, k, ld(ROW_VALUES, k) + value);
      st(ROW_MAGNITUDES, k, ld(ROW_MAGNITUDES, k) + abs(value));
      return;
    }
  }
  if (rowLength == ROW_CAPACITY) {
    rowOverflow = true;
    return;
  }
  sti(ROW_COLS, rowLength, col);
  st(ROW_MAGNITUDES, rowLength, abs(value));
  st(ROW_VALUES, rowLength, value);
  rowLength++;
}

@inline
function hxLive(i: i32, j: i32): bool {
  return i >= 0 && i < gnx && j >= 0 && j < gny && !(i == 0 && !gLeftPmc);
}

@inline
function hyLive(i: i32, j: i32): bool {
  return i >= 0 && i < gnx && j >= 0 && j < gny && !(j == 0 && !gBottomPmc);
}

@inline
function hx(i: i32, j: i32, f: f64): void {
  if (hxLive(i, j)) add(2 * cellIndex(i, j), f);
}

@inline
function hy(i: i32, j: i32, f: f64): void {
  if (hyLive(i, j)) add(2 * cellIndex(i, j) + 1, f);
}

function divergenceAt(i: i32, j: i32, f: f64): void {
  hx(i + 1, j, f / gdx);
  hx(i, j, -f / gdx);
  hy(i, j + 1, f / gdy);
  hy(i, j, -f / gdy);
}

/** f·β·h_z at the centre of cell (i, j); i = −1 or j = −1 is the mirror image through a magnetic wall. */
function divergence(i: i32, j: i32, f: f64): void {
  if (i == -1) {
    if (gLeftPmc) divergenceAt(0, j, -f);
    return;
  }
  if (j == -1) {
    if (gBottomPmc) divergenceAt(i, 0, -f);
    return;
  }
  divergenceAt(i, j, f);
}

/** f·k₀·e_z at node (i, j) = f·(∂_x H_y − ∂_y H_x)/ε_z; zero on an electric wall. */
function curlOverEps(i: i32, j: i32, f: f64): void {
  if (j == gny || i == gnx || (i == 0 && !gLeftPmc) || (j == 0 && !gBottomPmc)) return;
  const g2 = f / ld(gEpsZ, j * (gnx + 1) + i);
  if (i == 0) hy(0, j, (2 * g2) / gdx);
  else {
    hy(i, j, g2 / gdx);
    hy(i - 1, j, -g2 / gdx);
  }
  if (j == 0) hx(i, 0, (-2 * g2) / gdy);
  else {
    hx(i, j, -g2 / gdy);
    hx(i, j - 1, g2 / gdy);
  }
}

/**
 * Writes the accumulated row r at `nnz` (entries by column, cancelled ones dropped) and returns
 * the new nnz, or −1 when it would pass `capacity`; widens RESULT's bandwidth.
 */
function storeRow(r: i32, nnz: i32, cols: usize, values: usize, capacity: i32): i32 {
  if (nnz + rowLength > capacity) return -1;
  let len = 0;
  for (let k = 0; k < rowLength; k++) {
    const v = ld(ROW_VALUES, k);
    if (v == 0 || abs(v) <= CANCELLED * ld(ROW_MAGNITUDES, k)) continue;
    const c = ldi(ROW_COLS, k);
    let at = nnz + len;
    while (at > nnz && ldi(cols, at - 1) > c) {
      sti(cols, at, ldi(cols, at - 1));
      st(values, at, ld(values, at - 1));
      at--;
    }
    sti(cols, at, c);
    st(values, at, v);
    len++;
  }
  if (len > 0) {
    const band = max(r - ldi(cols, nnz), ldi(cols, nnz + len - 1) - r);
    if (band > ldi(RESULT, 0)) sti(RESULT, 0, band);
  }
  rowLength = 0;
  return nnz + len;
}

/** The rows of cell (i, j)'s two slots, H_x then H_y; returns the new nnz or −1 (out of room). */
function assembleCell(i: i32, j: i32, k0: f64, epsX: usize, epsY: usize, rowStart: usize, cols: usize, values: usize, live: usize, capacity: i32, nnz: i32): i32 {
  const sx = 2 * cellIndex(i, j);
  if (hxLive(i, j)) {
    const ey = ld(epsY, j * (gnx + 1) + i);
    hx(i, j, k0 * k0 * ey);
    divergence(i, j, 1 / gdx);
    divergence(i - 1, j, -1 / gdx);
    curlOverEps(i, j + 1, -ey / gdy);
    curlOverEps(i, j, ey / gdy);
    nnz = storeRow(sx, nnz, cols, values, capacity);
    if (nnz < 0) return -1;
    store<u8>(live + <usize>sx, 1);
  }
  sti(rowStart, sx + 1, nnz);
  if (hyLive(i, j)) {
    const ex = ld(epsX, j * gnx + i);
    hy(i, j, k0 * k0 * ex);
    divergence(i, j, 1 / gdy);
    divergence(i, j - 1, -1 / gdy);
    curlOverEps(i + 1, j, ex / gdx);
    curlOverEps(i, j, -ex / gdx);
    nnz = storeRow(sx + 1, nnz, cols, values, capacity);
    if (nnz < 0) return -1;
    store<u8>(live + <usize>(sx + 1), 1);
  }
  sti(rowStart, sx + 2, nnz);
  return nnz;
}

/**
 * Assembles the operator; returns nnz, −1 when `capacity` entries do not suffice (call again with
 * more), −2 when a row had more than ROW_CAPACITY distinct columns (cannot happen for this
 * stencil). The half-bandwidth is left for fvAssemblyBandwidth(). `live` must be zeroed by the caller.
 */
export function fvAssemble(
  nx: i32, ny: i32, dx: f64, dy: f64, k0: f64, leftPmc: i32, bottomPmc: i32,
  epsX: usize, epsY: usize, epsZ: usize,
  rowStart: usize, cols: usize, values: usize, live: usize, capacity: i32,
): i32 {
  gnx = nx;
  gny = ny;
  gdx = dx;
  gdy = dy;
  gEpsZ = epsZ;
  gLeftPmc = leftPmc != 0;
  gBottomPmc = bottomPmc != 0;
  rowLength = 0;
  rowOverflow = false;
  sti(RESULT, 0, 0);
  sti(rowStart, 0, 0);
  let nnz = 0;
  // Cells in the unknowns' order, so the rows come out in slot order.
  if (nx <= ny) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        nnz = assembleCell(i, j, k0, epsX, epsY, rowStart, cols, values, live, capacity, nnz);
        if (nnz < 0) return -1;
      }
    }
  } else {
    for (let i = 0; i < nx; i++) {
      for (let j = 0; j < ny; j++) {
        nnz = assembleCell(i, j, k0, epsX, epsY, rowStart, cols, values, live, capacity, nnz);
        if (nnz < 0) return -1;
      }
    }
  }
  return rowOverflow ? -2 : nnz;
}

/** The half-bandwidth (largest |column − row|) of the last fvAssemble. */
export function fvAssemblyBandwidth(): i32 {
  return ldi(RESULT, 0);
}
