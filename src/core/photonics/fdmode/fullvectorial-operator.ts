/**
 * The full-vectorial finite-difference operator for the transverse magnetic field (the formulation
 * of Fallahkhair, Li & Murphy, J. Lightwave Technol. 26, 1423 (2008), derived here directly on the
 * Yee grid of yee-grid.ts). With fields ∝ exp(iβz), E_z = i·e_z and H_z = i·h_z (so every quantity
 * is real for a lossless guide) and H scaled by the vacuum impedance, Maxwell's curl equations and
 * ∇·H = 0 eliminate to
 *   β²H_x = k₀²ε_y H_x + ∂_x(∂_x H_x + ∂_y H_y) − ε_y ∂_y[(∂_x H_y − ∂_y H_x)/ε_z]
 *   β²H_y = k₀²ε_x H_y + ∂_y(∂_x H_x + ∂_y H_y) + ε_x ∂_x[(∂_x H_y − ∂_y H_x)/ε_z]
 * with (∂_x H_x + ∂_y H_y) = β·h_z at cell centres and (∂_x H_y − ∂_y H_x) = k₀ε_z·e_z at nodes.
 * Every difference is a central one on the staggered grid, so the discrete divergence of H vanishes
 * for every eigenvector and no spurious modes appear.
 *
 * Walls: perfect electric conductor (tangential E = 0, normal H = 0) on the window edge. The left
 * wall (x = 0) and the bottom wall (y = 0) may instead be perfect magnetic conductors, for solving
 * half or a quarter of a mirror-symmetric window: through a magnetic wall the tangential H (and
 * h_z) is odd, so its mirror image enters the stencil with a minus sign.
 *
 * Unknowns: cell (i, j) holds H_x(i, j + ½) and H_y(i + ½, j), interleaved; along the shorter side
 * first, so the half-bandwidth is about twice the shorter side's cell count. Slots that a wall pins
 * to zero (H_x on a PEC left wall, H_y on the bottom wall) stay in the vector with a zero row and
 * column: their eigenvalue 0 is far below any shift the solver uses.
 */
import type { YeePermittivity } from './yee-grid.ts';
import type { FvAssemblyKernel } from '../linalg/fv-assembly-kernel.ts';

/** Electric (PEC) or magnetic (PMC) wall. */
export type Wall = 'pec' | 'pmc';

export interface FullVectorialGrid {
  readonly nx: number;
  readonly ny: number;
  readonly dx: number;
  readonly dy: number;
  readonly eps: YeePermittivity;
  readonly left: Wall;
  /** The bottom wall; electric unless given. */
  readonly bottom?: Wall;
}

/** Compressed sparse rows. */
export interface SparseMatrix {
  readonly n: number;
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly values: Float64Array;
}

export interface FullVectorialOperator {
  readonly a: SparseMatrix;
  /** Largest |column − row| of a non-zero. */
  readonly bandwidth: number;
  /** 1 where the slot is an unknown, 0 where a wall pins it. */
  readonly live: Uint8Array;
  /** Slot of H_x(i, j + ½) and H_y(i + ½, j) for cell (i, j). */
  readonly slotX: (i: number, j: number) => number;
  readonly slotY: (i: number, j: number) => number;
}

/**
 * One row being assembled: a few (column, value) pairs, merged on insert (in insertion order, so a
 * column's contributions add up in the stencil's order). Typed storage reused row after row: the
 * arrays of plain numbers it replaced made assembly a tenth of the 20 nm strip's time (issue 20).
 */
class RowAccumulator {
  /** A row of the operator has at most a dozen distinct columns; the mirror terms add a few. */
  cols = new Int32Array(32);
  values = new Float64Array(32);
  /** Σ|term| per column: the scale against which a sum counts as cancelled (CANCELLED). */
  magnitudes = new Float64Array(32);
  length = 0;
  add(col: number, value: number): void {
    for (let k = 0; k < this.length; k++) {
      if (this.cols[k] === col) {
        this.values[k] = (this.values[k] as number) + value;
        this.magnitudes[k] = (this.magnitudes[k] as number) + Math.abs(value);
        return;
      }
    }
    if (this.length === this.cols.length) {
      const cols = new Int32Array(2 * this.length);
      cols.set(this.cols);
      const values = new Float64Array(2 * this.length);
      values.set(this.values);
      const magnitudes = new Float64Array(2 * this.length);
      magnitudes.set(this.magnitudes);
      this.cols = cols;
      this.values = values;
      this.magnitudes = magnitudes;
    }
    this.cols[this.length] = col;
    this.magnitudes[this.length] = Math.abs(value);
    this.values[this.length++] = value;
  }
  clear(): void {
    this.length = 0;
  }
}

/**
 * A column whose terms sum to at most this fraction of their magnitudes is an exact cancellation
 * left as rounding and is dropped. Where ε_y = ε_z (ε_x = ε_z) the H_x–H_y coupling of the
 * divergence term, 1/(Δx·Δy), and of the curl term, −(ε_y/ε_z)/(Δx·Δy), cancel exactly in the
 * continuum, but their roundings differ unless Δx and Δy are powers-of-two friendly: issue 20's
 * strip at 20 nm (Δy = 2220/112 nm) kept a coupling of ~1e-21 in every cladding row, which the
 * fill-reducing order must honour (2.8 M factor doubles where 10 nm, whose cells are exactly
 * 10 nm, needed 6.8 M for four times the unknowns). Rounding leaves a few ε (1e-16) of the terms;
 * a genuine coupling is (1 − ε_y/ε_z) of them, far above 1e-12 for any material contrast.
 */
const CANCELLED = 1e-12;

/** Cell (i, j)'s index in the unknowns' order: along the shorter side first (see the header). */
export function cellIndex(nx: number, ny: number, i: number, j: number): number {
  return nx <= ny ? j * nx + i : i * ny + j;
}

export function cellOrder(nx: number, ny: number): (i: number, j: number) => number {
  return (i, j) => cellIndex(nx, ny, i, j);
}

/**
 * The stencil's terms for one row at a time, as methods of one class rather than closures made per
 * call: V8 compiles a class's methods once for every instance, where closures created on each
 * solve were compiled afresh on a background thread every time (issue 20, a --trace-opt of
 * repeated solves). The terms and their order are the same as the closures had.
 */
class StencilRow {
  readonly row = new RowAccumulator();
  readonly bottom: Wall;
  constructor(
    readonly nx: number,
    readonly ny: number,
    readonly dx: number,
    readonly dy: number,
    readonly eps: YeePermittivity,
    readonly left: Wall,
    bottom: Wall | undefined,
  ) {
    this.bottom = bottom ?? 'pec';
  }
  slotX(i: number, j: number): number {
    return 2 * cellIndex(this.nx, this.ny, i, j);
  }
  slotY(i: number, j: number): number {
    return 2 * cellIndex(this.nx, this.ny, i, j) + 1;
  }
  hxLive(i: number, j: number): boolean {
    return i >= 0 && i < this.nx && j >= 0 && j < this.ny && !(i === 0 && this.left === 'pec');
  }
  hyLive(i: number, j: number): boolean {
    return i >= 0 && i < this.nx && j >= 0 && j < this.ny && !(j === 0 && this.bottom === 'pec');
  }
  hx(i: number, j: number, f: number): void {
    if (this.hxLive(i, j)) this.row.add(this.slotX(i, j), f);
  }
  hy(i: number, j: number, f: number): void {
    if (this.hyLive(i, j)) this.row.add(this.slotY(i, j), f);
  }
  /** f·β·h_z at the centre of cell (i, j); i = −1 or j = −1 is the mirror image through a magnetic wall. */
  divergence(i: number, j: number, f: number): void {
    // The image's terms through divergenceAt, not a recursive call: V8 inlines no recursive method.
    if (i === -1) {
      if (this.left === 'pmc') this.divergenceAt(0, j, -f);
      return;
    }
    if (j === -1) {
      if (this.bottom === 'pmc') this.divergenceAt(i, 0, -f);
      return;
    }
    this.divergenceAt(i, j, f);
  }
  /** divergence at a cell inside the window. */
  divergenceAt(i: number, j: number, f: number): void {
    this.hx(i + 1, j, f / this.dx);
    this.hx(i, j, -f / this.dx);
    this.hy(i, j + 1, f / this.dy);
    this.hy(i, j, -f / this.dy);
  }
  /** f·k₀·e_z at node (i, j) = f·(∂_x H_y − ∂_y H_x)/ε_z; zero on a PEC wall. */
  curlOverEps(i: number, j: number, f: number): void {
    const { nx, ny, dx, dy } = this;
    if (j === ny || i === nx || (i === 0 && this.left === 'pec') || (j === 0 && this.bottom === 'pec')) return;
    const g2 = f / (this.eps.z[j * (nx + 1) + i] as number);
    if (i === 0) this.hy(0, j, (2 * g2) / dx); // H_y(−½) = −H_y(½) through the magnetic wall
    else {
      this.hy(i, j, g2 / dx);
      this.hy(i - 1, j, -g2 / dx);
    }
    if (j === 0) this.hx(i, 0, (-2 * g2) / dy); // H_x(−½) = −H_x(½) likewise
    else {
      this.hx(i, j, -g2 / dy);
      this.hx(i, j - 1, g2 / dy);
    }
  }
}

/**
 * The operator on grid g at k₀: by `backend` when given (the WASM twin writes the same compressed
 * rows bit for bit), else in TypeScript below.
 */
export function assembleFullVectorial(g: FullVectorialGrid, k0: number, backend?: FvAssemblyKernel): FullVectorialOperator {
  const { nx, ny, dx, dy, eps, left } = g;
  const cell = cellOrder(nx, ny);
  const slotX = (i: number, j: number): number => 2 * cell(i, j);
  const slotY = (i: number, j: number): number => 2 * cell(i, j) + 1;
  if (backend) {
    const r = backend.assemble({ nx, ny, dx, dy, k0, leftPmc: left === 'pmc', bottomPmc: g.bottom === 'pmc', epsX: eps.x, epsY: eps.y, epsZ: eps.z });
    return { a: { n: 2 * nx * ny, rowStart: r.rowStart, cols: r.cols, values: r.values }, bandwidth: r.bandwidth, live: r.live, slotX, slotY };
  }
  const st = new StencilRow(nx, ny, dx, dy, eps, left, g.bottom);
  const out = new RowWriter(2 * nx * ny);
  // Cells in the unknowns' order, so rows come out in slot order and go straight into the
  // compressed rows (issue 20: building them in grid order, then sorting them into slot order
  // through a pool, was a fifth of the assembly). A row's terms do not depend on the visiting order.
  if (nx <= ny) {
    for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) assembleCell(st, out, k0, i, j);
  } else {
    for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) assembleCell(st, out, k0, i, j);
  }
  return { a: out.finish(), bandwidth: out.bandwidth, live: out.live, slotX, slotY };
}

/** The rows of cell (i, j)'s two slots, H_x then H_y (a pinned slot's row stays empty). A module function: see StencilRow on why. */
function assembleCell(st: StencilRow, out: RowWriter, k0: number, i: number, j: number): void {
  const { nx, dx, dy, eps } = st;
  const sx = st.slotX(i, j);
  if (st.hxLive(i, j)) {
    const ey = eps.y[j * (nx + 1) + i] as number;
    st.hx(i, j, k0 * k0 * ey);
    st.divergence(i, j, 1 / dx);
    st.divergence(i - 1, j, -1 / dx);
    st.curlOverEps(i, j + 1, -ey / dy);
    st.curlOverEps(i, j, ey / dy);
    out.store(sx, st.row);
  } else out.skip(sx);
  if (st.hyLive(i, j)) {
    const ex = eps.x[j * nx + i] as number;
    st.hy(i, j, k0 * k0 * ex);
    st.divergence(i, j, 1 / dy);
    st.divergence(i, j - 1, -1 / dy);
    st.curlOverEps(i + 1, j, ex / dx);
    st.curlOverEps(i, j, -ex / dx);
    out.store(sx + 1, st.row);
  } else out.skip(sx + 1);
}

/**
 * The compressed rows, written row after row in slot order: entries by column (insertion sort: a
 * row has at most a dozen), terms that cancelled dropped (CANCELLED). Typed storage that grows by
 * doubling: per-row arrays cost issue 20's whole-window 20 nm solve ~10 % in allocation and GC.
 */
class RowWriter {
  readonly rowStart: Int32Array;
  readonly live: Uint8Array;
  cols: Int32Array;
  values: Float64Array;
  nnz = 0;
  rows = 0;
  bandwidth = 0;
  constructor(readonly n: number) {
    this.rowStart = new Int32Array(n + 1);
    this.live = new Uint8Array(n);
    // Five to nine entries a row (fewer where H_x and H_y decouple): room for six, grown if needed.
    this.cols = new Int32Array(Math.max(16, 6 * n));
    this.values = new Float64Array(this.cols.length);
  }
  /** Row r (the next one) is pinned: no entries. */
  skip(r: number): void {
    if (r !== this.rows) throw new Error(`fullvectorial assembly: row ${r} out of order (expected ${this.rows})`);
    this.rows++;
    this.rowStart[this.rows] = this.nnz;
  }
  /** Row r (the next one) from `row`, which it clears. */
  store(r: number, row: RowAccumulator): void {
    if (r !== this.rows) throw new Error(`fullvectorial assembly: row ${r} out of order (expected ${this.rows})`);
    if (this.nnz + row.length > this.cols.length) {
      const grownCols = new Int32Array(2 * this.cols.length + row.length);
      grownCols.set(this.cols);
      const grownValues = new Float64Array(grownCols.length);
      grownValues.set(this.values);
      this.cols = grownCols;
      this.values = grownValues;
    }
    const cols = this.cols;
    const values = this.values;
    const start = this.nnz;
    let len = 0;
    for (let k = 0; k < row.length; k++) {
      const v = row.values[k] as number;
      if (v === 0 || Math.abs(v) <= CANCELLED * (row.magnitudes[k] as number)) continue;
      const c = row.cols[k] as number;
      let at = start + len;
      while (at > start && (cols[at - 1] as number) > c) {
        cols[at] = cols[at - 1] as number;
        values[at] = values[at - 1] as number;
        at--;
      }
      cols[at] = c;
      values[at] = v;
      len++;
    }
    // Sorted: the row's farthest columns are its first and last.
    if (len > 0) this.bandwidth = Math.max(this.bandwidth, r - (cols[start] as number), (cols[start + len - 1] as number) - r);
    this.nnz += len;
    this.live[r] = 1;
    this.rows++;
    this.rowStart[this.rows] = this.nnz;
    row.clear();
  }
  /** The matrix, its arrays trimmed to the entries. */
  finish(): SparseMatrix {
    if (this.rows !== this.n) throw new Error(`fullvectorial assembly: ${this.rows} of ${this.n} rows written`);
    return { n: this.n, rowStart: this.rowStart, cols: this.cols.slice(0, this.nnz), values: this.values.slice(0, this.nnz) };
  }
}

/** y = A·x */
export function sparseMultiply(a: SparseMatrix, x: Float64Array, y: Float64Array): void {
  const { n, rowStart, cols, values } = a;
  for (let r = 0; r < n; r++) {
    let s = 0;
    for (let k = rowStart[r] as number; k < (rowStart[r + 1] as number); k++) s += (values[k] as number) * (x[cols[k] as number] as number);
    y[r] = s;
  }
}
