/**
 * Semi-vectorial finite-difference eigenmodes of a 2-D waveguide cross-section (Stern, IEE Proc. J
 * 135, 56 (1988)). Quasi-TE modes solve for the dominant E_x, quasi-TM for E_y, each from
 *   ∂_w[(1/n²) ∂_w(n² E)] + ∂_u² E + k₀² n² E = β² E,
 * where w is the field's own direction (x for quasi-TE): the n² weighting across w carries the
 * jump of the normal field at interfaces, which the scalar equation misses. What it does not carry
 * is the coupling between E_x and E_y at corners: that is the limitation of the semi-vectorial
 * model, worth ≈ 10⁻² in n_eff for high-contrast silicon wires (the result says so).
 *
 * Numerics: five-point stencil on a uniform grid with cell-averaged n², zero field on the window
 * edge; the largest eigenvalues β² by the full-vectorial solver's machinery (./fullvectorial.ts):
 * shift-invert block Krylov (./shift-invert-eigs.ts) on σI − A, factorised by the sparse
 * multifrontal LU on approximate-minimum-degree fronts, with σ = k₀²·n²_max above the spectrum and
 * the same re-shift once the top mode shows. σI − A is then a column-diagonally-dominant M-matrix
 * (the weighted stencil's column sums balance), so the first LU needs no pivoting; the re-shifted
 * one is kept only if its solve's residual shows it stable. Issue 20: the banded LU (n·bw², bw the
 * shorter side's node count) with 300 steps of subspace iteration took 7.0 s on the 10 nm strip,
 * 15× the full-vectorial solver with twice the unknowns.
 */
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { createReferenceSparseKernel, multifrontalLu } from '../linalg/multifrontal.ts';
import { minimumDegreeTree, symmetricPattern } from '../linalg/supernodal-tree.ts';
import { shiftedCsr, sparseReshift } from './fullvectorial.ts';
import { sparseMultiply, type SparseMatrix } from './fullvectorial-operator.ts';
import { shiftInvertEigs } from './shift-invert-eigs.ts';

export interface FdModeInput {
  /** Vacuum wavelength, same length unit as dx, dy. */
  wavelength: number;
  /** n² (real) at the nodes, index j·nx + i (x fastest). */
  eps: Float64Array;
  nx: number;
  ny: number;
  dx: number;
  dy: number;
  /** TE: quasi-TE (E_x dominant); TM: quasi-TM (E_y dominant). */
  polarization: 'TE' | 'TM';
  modes: number;
  /**
   * n² below which a mode is not guided (the larger of cladding and substrate): such pairs need not
   * converge and are not returned. Absent: every one of the `modes` largest must converge.
   */
  floorEps?: number;
  /** The sparse LU's fronts, its ordering and the Krylov vector loops, where the backend has them (default: TypeScript). */
  linalg?: SemivectorialLinalg;
}

export type SemivectorialLinalg = Partial<Pick<DenseLinalgKernel, 'sparseLu' | 'krylov' | 'ordering'>>;

export interface FdMode {
  beta2: number;
  neff: number;
  /** The dominant field at the nodes (x fastest), peak |E| = 1. */
  field: Float64Array;
}

export interface FdModeResult {
  /** Largest β² first; with floorEps, only those above it. */
  modes: FdMode[];
  /** Solves with the factor (one per Krylov vector). */
  solves: number;
  converged: boolean;
  /**
   * Largest |Im λ|/|λ| among the returned Ritz values. The operator is not symmetric, so nothing
   * forces real eigenvalues; real parts are reported, and a value above ~1e-8 deserves a warning.
   */
  maxImaginaryRatio: number;
  /** Peak doubles of the sparse LU while factorising (the first factor). */
  factorDoubles: number;
}

/**
 * Relative residual ‖Ax − β²x‖/β² each needed pair must reach. A is not symmetric (the n²-weighted
 * differences), so the Ritz value's error is first order in the residual: the Krylov default 1e-7
 * left n_eff 8e-10 off the banded solver's converged value on the 40 nm strip, where 1e-9 keeps it
 * within the 1e-10 that solve.slow.test.ts pins (a few solves more).
 */
const TOLERANCE = 1e-9;

export function solveSemivectorial(input: FdModeInput): FdModeResult {
  const n = input.nx * input.ny;
  const a = assembleOperator(input);
  const k0 = (2 * Math.PI) / input.wavelength;
  const sigma = k0 * k0 * largest(input.eps);
  const floor = input.floorEps === undefined ? -Infinity : k0 * k0 * input.floorEps;
  const linalg = input.linalg ?? {};
  // The sparse LU orders the unknowns itself, so no transposition along the shorter side (the band's trick) is needed.
  const tree = minimumDegreeTree(symmetricPattern(a), undefined, linalg.ordering?.minimumDegreeSteps);
  const sparse = linalg.sparseLu ?? createReferenceSparseKernel();
  const first = multifrontalLu(shiftedCsr(a, sigma), tree, sparse);
  const r = shiftInvertEigs({
    n,
    multiply: (x, y) => sparseMultiply(a, x, y),
    matrix: a,
    solveEach: (xs) => first.solveEach(xs),
    wanted: Math.min(n, input.modes),
    needed: (value) => value > floor,
    tolerance: TOLERANCE,
    reshift: sparseReshift(a, tree, sparse, sigma, floor, input.modes),
    ...(linalg.krylov ? { vectors: linalg.krylov } : {}),
  });
  // Pairs below the floor come without vectors (the iteration never formed them): not returned.
  const modes = r.pairs
    .filter((pair) => pair.vector.length > 0 && pair.value > floor)
    .map((pair) => ({ beta2: pair.value, neff: pair.value > 0 ? Math.sqrt(pair.value) / k0 : 0, field: peakNormalised(pair.vector) }));
  return {
    modes,
    solves: r.solves,
    converged: r.converged,
    maxImaginaryRatio: r.pairs.reduce((m, q) => Math.max(m, q.imaginaryRatio), 0),
    factorDoubles: first.peakWorkDoubles,
  };
}

/** Most entries in a row of the five-point stencil. */
export const SEMIVECTORIAL_ROW_ENTRIES = 5;

/** A (the operator, no shift) in compressed rows, columns ascending, row j·nx + i. */
export function assembleOperator(input: FdModeInput): SparseMatrix {
  const { nx, ny } = input;
  const n = nx * ny;
  const rowStart = new Int32Array(n + 1);
  const cols = new Int32Array(SEMIVECTORIAL_ROW_ENTRIES * n);
  const values = new Float64Array(SEMIVECTORIAL_ROW_ENTRIES * n);
  const k0 = (2 * Math.PI) / input.wavelength;
  const nnz = assembleRows(nx, ny, input.dx, input.dy, input.eps, k0 * k0, input.polarization === 'TE', rowStart, cols, values);
  return { n, rowStart, cols: cols.subarray(0, nnz), values: values.subarray(0, nnz) };
}

/**
 * assembleOperator's loop (a function of its own, compiled once). The diagonal sums its terms in
 * the banded assembly's order (k₀²n², then the x neighbours −1, +1, then y −1, +1), so A holds the
 * very numbers the banded solver factorised. Returns the entries written.
 */
function assembleRows(nx: number, ny: number, dx: number, dy: number, eps: Float64Array, k02: number, weightedX: boolean, rowStart: Int32Array, cols: Int32Array, values: Float64Array): number {
  const hx = 1 / (dx * dx);
  const hy = 1 / (dy * dy);
  let k = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const row = j * nx + i;
      const ei = eps[row] as number;
      const left = i > 0;
      const right = i < nx - 1;
      const down = j > 0;
      const up = j < ny - 1;
      const el = left ? (eps[row - 1] as number) : ei;
      const er = right ? (eps[row + 1] as number) : ei;
      const ed = down ? (eps[row - nx] as number) : ei;
      const eu = up ? (eps[row + nx] as number) : ei;
      // Diagonal terms, in the banded assembly's order; a neighbour's coupling 2·e_n/(e_i + e_n)
      // across the weighted direction, 1 across the other (each over the cell size squared).
      let diag = k02 * ei;
      diag += weightedX ? (-2 * ei) / (ei + el) / (dx * dx) : -hx;
      diag += weightedX ? (-2 * ei) / (ei + er) / (dx * dx) : -hx;
      diag += weightedX ? -hy : (-2 * ei) / (ei + ed) / (dy * dy);
      diag += weightedX ? -hy : (-2 * ei) / (ei + eu) / (dy * dy);
      rowStart[row] = k;
      if (down) {
        cols[k] = row - nx;
        values[k++] = weightedX ? hy : (2 * ed) / (ei + ed) / (dy * dy);
      }
      if (left) {
        cols[k] = row - 1;
        values[k++] = weightedX ? (2 * el) / (ei + el) / (dx * dx) : hx;
      }
      cols[k] = row;
      values[k++] = diag;
      if (right) {
        cols[k] = row + 1;
        values[k++] = weightedX ? (2 * er) / (ei + er) / (dx * dx) : hx;
      }
      if (up) {
        cols[k] = row + nx;
        values[k++] = weightedX ? hy : (2 * eu) / (ei + eu) / (dy * dy);
      }
    }
  }
  rowStart[nx * ny] = k;
  return k;
}

/** The largest entry (0 for none or all negative). */
function largest(values: Float64Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) m = Math.max(m, values[i] as number);
  return m;
}

/** The field over its largest-magnitude value (signed), or the field itself when it is all zero. */
function peakNormalised(field: Float64Array): Float64Array {
  let peak = 0;
  for (let k = 0; k < field.length; k++) if (Math.abs(field[k] as number) > Math.abs(peak)) peak = field[k] as number;
  const out = new Float64Array(field.length);
  for (let k = 0; k < field.length; k++) out[k] = (field[k] as number) / (peak || 1);
  return out;
}
