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
  length = 0;
  add(col: number, value: number): void {
    for (let k = 0; k < this.length; k++) {
      if (this.cols[k] === col) {
        this.values[k] = (this.values[k] as number) + value;
        return;
      }
    }
    if (this.length === this.cols.length) {
      const cols = new Int32Array(2 * this.length);
      cols.set(this.cols);
      const values = new Float64Array(2 * this.length);
      values.set(this.values);
      this.cols = cols;
      this.values = values;
    }
    this.cols[this.length] = col;
    this.values[this.length++] = value;
  }
  clear(): void {
    this.length = 0;
  }
}

export function cellOrder(nx: number, ny: number): (i: number, j: number) => number {
  return nx <= ny ? (i, j) => j * nx + i : (i, j) => i * ny + j;
}

export function assembleFullVectorial(g: FullVectorialGrid, k0: number): FullVectorialOperator {
  const { nx, ny, dx, dy, eps, left } = g;
  const bottom = g.bottom ?? 'pec';
  const cell = cellOrder(nx, ny);
  const slotX = (i: number, j: number): number => 2 * cell(i, j);
  const slotY = (i: number, j: number): number => 2 * cell(i, j) + 1;
  const hxLive = (i: number, j: number): boolean => i >= 0 && i < nx && j >= 0 && j < ny && !(i === 0 && left === 'pec');
  const hyLive = (i: number, j: number): boolean => i >= 0 && i < nx && j >= 0 && j < ny && !(j === 0 && bottom === 'pec');
  const row = new RowAccumulator();
  const hx = (i: number, j: number, f: number): void => {
    if (hxLive(i, j)) row.add(slotX(i, j), f);
  };
  const hy = (i: number, j: number, f: number): void => {
    if (hyLive(i, j)) row.add(slotY(i, j), f);
  };
  /** f·β·h_z at the centre of cell (i, j); i = −1 or j = −1 is the mirror image through a magnetic wall. */
  const divergence = (i: number, j: number, f: number): void => {
    if (i === -1) {
      if (left === 'pmc') divergence(0, j, -f);
      return;
    }
    if (j === -1) {
      if (bottom === 'pmc') divergence(i, 0, -f);
      return;
    }
    hx(i + 1, j, f / dx);
    hx(i, j, -f / dx);
    hy(i, j + 1, f / dy);
    hy(i, j, -f / dy);
  };
  /** f·k₀·e_z at node (i, j) = f·(∂_x H_y − ∂_y H_x)/ε_z; zero on a PEC wall. */
  const curlOverEps = (i: number, j: number, f: number): void => {
    if (j === ny || i === nx || (i === 0 && left === 'pec') || (j === 0 && bottom === 'pec')) return;
    const g2 = f / (eps.z[j * (nx + 1) + i] as number);
    if (i === 0) hy(0, j, (2 * g2) / dx); // H_y(−½) = −H_y(½) through the magnetic wall
    else {
      hy(i, j, g2 / dx);
      hy(i - 1, j, -g2 / dx);
    }
    if (j === 0) hx(i, 0, (-2 * g2) / dy); // H_x(−½) = −H_x(½) likewise
    else {
      hx(i, j, -g2 / dy);
      hx(i, j - 1, g2 / dy);
    }
  };
  const n = 2 * nx * ny;
  const live = new Uint8Array(n);
  // Each row's entries go straight into one pool (rows are built in slot order only up to the
  // cell order's transpose, so rows are located by start and length): per-row typed arrays cost
  // issue 20's whole-window 20 nm solve ~10 % of its time in allocation and GC.
  const rowAt = new Int32Array(n).fill(-1);
  const rowLength = new Int32Array(n);
  let poolCols = new Int32Array(Math.max(16, 12 * n));
  let poolValues = new Float64Array(poolCols.length);
  let nnz = 0;
  let bandwidth = 0;
  const store = (r: number): void => {
    if (nnz + row.length > poolCols.length) {
      const grownCols = new Int32Array(2 * poolCols.length + row.length);
      grownCols.set(poolCols);
      const grownValues = new Float64Array(grownCols.length);
      grownValues.set(poolValues);
      poolCols = grownCols;
      poolValues = grownValues;
    }
    // The non-zero entries by column (insertion sort: a row has at most a dozen).
    const start = nnz;
    let len = 0;
    for (let k = 0; k < row.length; k++) {
      const v = row.values[k] as number;
      if (v === 0) continue;
      const c = row.cols[k] as number;
      let at = start + len;
      while (at > start && (poolCols[at - 1] as number) > c) {
        poolCols[at] = poolCols[at - 1] as number;
        poolValues[at] = poolValues[at - 1] as number;
        at--;
      }
      poolCols[at] = c;
      poolValues[at] = v;
      len++;
      bandwidth = Math.max(bandwidth, Math.abs(c - r));
    }
    rowAt[r] = start;
    rowLength[r] = len;
    nnz += len;
    live[r] = 1;
    row.clear();
  };
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      if (hxLive(i, j)) {
        const ey = eps.y[j * (nx + 1) + i] as number;
        hx(i, j, k0 * k0 * ey);
        divergence(i, j, 1 / dx);
        divergence(i - 1, j, -1 / dx);
        curlOverEps(i, j + 1, -ey / dy);
        curlOverEps(i, j, ey / dy);
        store(slotX(i, j));
      }
      if (hyLive(i, j)) {
        const ex = eps.x[j * nx + i] as number;
        hy(i, j, k0 * k0 * ex);
        divergence(i, j, 1 / dy);
        divergence(i, j - 1, -1 / dy);
        curlOverEps(i + 1, j, ex / dx);
        curlOverEps(i, j, -ex / dx);
        store(slotY(i, j));
      }
    }
  }
  const rowStart = new Int32Array(n + 1);
  const cols = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let k = 0;
  for (let r = 0; r < n; r++) {
    rowStart[r] = k;
    const at = rowAt[r] as number;
    const len = rowLength[r] as number;
    // Entry by entry: two subarray views per row were a tenth of the assembly's time (issue 20).
    for (let e = 0; e < len; e++) {
      cols[k + e] = poolCols[at + e] as number;
      values[k + e] = poolValues[at + e] as number;
    }
    k += len;
  }
  rowStart[n] = k;
  return { a: { n, rowStart, cols, values }, bandwidth, live, slotX, slotY };
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
