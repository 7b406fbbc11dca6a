/**
 * Full-vectorial finite-difference modes of a waveguide cross-section: the H-field operator of
 * fullvectorial-operator.ts, its largest eigenvalues β² by shift-invert Krylov iteration around
 * σ = k₀²·n²_max (above every guided β², so σI − A is far from singular and its LU needs no
 * pivoting in practice: a zero or non-finite pivot throws) — or, on the sparse path, around a shift
 * inside the spectrum (from a caller's bound on the top β², or re-shifted once the top mode shows),
 * where the guided modes separate far better from the cladding cluster; such a factor is kept only
 * if one solve's residual shows it stable. The LU is sparse by default — nested
 * dissection of the cell grid and multifrontal elimination (../linalg/multifrontal.ts, memory ∝ the
 * factor's fill, O(N log N)) — or the band of issue 6 (memory N·(2·bw + 1)); both factorise the very
 * same matrix, so n_eff agrees to rounding. Then E and H_z recovered from H for field
 * output and for the TE fraction ∫|E_x|² / ∫(|E_x|² + |E_y|²) that names each mode's polarization.
 */
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { shiftedBandedLu } from './banded-lu.ts';
import { assembleFullVectorial, cellIndex, sparseMultiply, type FullVectorialGrid, type FullVectorialOperator, type SparseMatrix } from './fullvectorial-operator.ts';
import { createReferenceSparseKernel, multifrontalLu, relativeResidual, residualCheck, SPARSE_ZERO_PIVOT_MESSAGE, type CsrMatrix, type EliminationTree, type SparseLuKernel } from '../linalg/multifrontal.ts';
import { minimumDegreeTree, symmetricPattern } from '../linalg/supernodal-tree.ts';
import { shiftInvertEigs, type RitzPair } from './shift-invert-eigs.ts';

export interface FullVectorialInput extends FullVectorialGrid {
  /** Vacuum wavelength, same unit as dx, dy. */
  readonly wavelength: number;
  /** How many of the largest β² to return. */
  readonly modes: number;
  /** n² below which a mode is not guided: such modes are returned unconverged, if at all. */
  readonly floorEps: number;
  /** Factorises σI − A (default: the TypeScript reference). */
  readonly linalg?: FvLinalg;
  /** sparse (default): nested-dissection multifrontal LU, memory ∝ fill; banded: the band LU of issue 6. */
  readonly factorization?: FvFactorization;
  /**
   * Stop as soon as the leading converged modes hold this many guided modes of each polarization
   * (the caller reports no more): modes below them need not converge. Absent: every guided one of
   * the `modes` largest must.
   */
  readonly enough?: { readonly polarizations: readonly ('TE' | 'TM')[]; readonly maxModes: number };
  /** Sparse path only: refactorise once near the converged top β² (default true). */
  readonly reshift?: boolean;
  /**
   * Sparse path only: an upper estimate of the top β² (e.g. k₀²·n²_eff of the slab the core sits
   * in). Then the one factorisation is taken at the re-shift's point below it and no re-shift follows.
   */
  readonly topBeta2Bound?: number;
}

export type FvFactorization = 'sparse' | 'banded';
/**
 * Where the sparse path's second shift sits: RESHIFT_BELOW of the way from the top β² down towards
 * the cladding line k₀²·floorEps, but no further below the top than RESHIFT_SPAN·(σ − top) (the
 * top mode's own distance from the first shift: a homogeneous box, its top just under σ, keeps σ′
 * next to it rather than deep in its dense spectrum). Inside the spectrum, between the top mode (already in the basis)
 * and the ones below it, so (σ′ − A)⁻¹ separates those from the cladding cluster far better than
 * any shift above the top can. Issue 20: on the strip 5 % above the top took 28 solves after the
 * re-shift, halfway down 14–20 (TM0 sits nearer σ′ than the cladding modes do).
 */
export const RESHIFT_BELOW = 0.5;
export const RESHIFT_SPAN = 0.4;
/**
 * Where the one factorisation sits when the caller bounds the top β² (topBeta2Bound): this
 * fraction of the way from the bound down to the cladding line. The bound (the core-thick slab's
 * TE0) lies well above the channel's TE0, so halfway (RESHIFT_BELOW) leaves the shift above the
 * guided pairs' midpoint; issue 20's sweep on the strip, whole window, solves at 20 nm / 10 nm:
 * 0.5 → 34 / 34, 0.6 → 26 / 26, 0.65 → 22 / 24, 0.7 → 26 / 28, 0.8 → 34 / –.
 */
export const GUESSED_SHIFT_BELOW = 0.65;
/** With one mode wanted there is nothing below the top to separate: σ′ goes this fraction of σ − top above it instead (issue 20's rule for every case). */
export const RESHIFT_ABOVE = 0.05;
/** Relative distance within which two settled Ritz values are one pair (a converged value moves by ~1e-9 between checks). */
const CLASSIFIED_SAME = 1e-7;
/** A re-shifted LU whose solve leaves a relative residual above this is dropped (no pivoting inside the spectrum). */
const RESHIFT_MAX_RESIDUAL = 1e-10;
/** The kernel entry points the full-vectorial solver uses: the band LU, and the sparse LU's dense fronts and the Krylov vector loops where the backend has them. */
export type FvLinalg = Pick<DenseLinalgKernel, 'factorBanded'> & Partial<Pick<DenseLinalgKernel, 'sparseLu' | 'krylov' | 'fvAssembly' | 'ordering'>>;

/** Fields at the cell centres (index j·nx + i), as real amplitudes (E_z and H_z carry a factor i). */
export interface CellFields {
  readonly ex: Float64Array;
  readonly ey: Float64Array;
  readonly ez: Float64Array;
  readonly hx: Float64Array;
  readonly hy: Float64Array;
  readonly hz: Float64Array;
}

export interface FullVectorialMode {
  readonly beta2: number;
  readonly neff: number;
  /** ∫|E_x|² / ∫(|E_x|² + |E_y|²) over the window: > 0.5 is quasi-TE. */
  readonly teFraction: number;
  readonly fields: CellFields;
  /** ‖Ax − β²x‖ / β² of the returned eigenvector. */
  readonly residual: number;
}

export interface FullVectorialResult {
  /** The converged (or, when not converged, the current) pairs above floorEps, largest β² first. */
  readonly modes: FullVectorialMode[];
  readonly solves: number;
  readonly converged: boolean;
  readonly maxImaginaryRatio: number;
  readonly bandwidth: number;
  readonly unknowns: number;
  /** Doubles the factorisation held (band, or the sparse factors and fronts at their peak). */
  readonly factorDoubles: number;
}

export function solveFullVectorial(input: FullVectorialInput): FullVectorialResult {
  const k0 = (2 * Math.PI) / input.wavelength;
  const op = assembleFullVectorial(input, k0, input.linalg?.fvAssembly);
  // Long loops live in small functions of their own (largest, probeVector): a loop here had V8
  // compile this whole function on-stack on every solve (~20 ms of a background thread's CPU at
  // 10 nm, issue 20), where a small function is compiled once and kept.
  const epsMax = Math.max(largest(input.eps.z), largest(input.eps.x), largest(input.eps.y));
  const sigma = k0 * k0 * epsMax;
  const floor = k0 * k0 * input.floorEps;
  const linalg = input.linalg ?? referenceLinalgKernel;
  type SolveEach = (xs: readonly Float64Array[]) => void;
  let solveEach: SolveEach;
  let factorDoubles = 0;
  let reshift: ((top: RitzPair) => SolveEach | null) | undefined;
  /** The sparse path's fallback when the guessed factor proves unstable: σ above the spectrum, then the re-shift. */
  let fallback: (() => void) | null = null;
  let guessedShift = false;
  if ((input.factorization ?? 'sparse') === 'sparse') {
    // Fronts from the operator's own graph in approximate-minimum-degree order (issue 20: H_x and
    // H_y decouple outside the core, which the geometric nested dissection's cell blocks ignored:
    // 4.5× the multiply-adds and 2.7× the storage on the 10 nm strip).
    const tree = minimumDegreeTree(symmetricPattern(op.a), undefined, linalg.ordering?.minimumDegreeSteps);
    const sparse = linalg.sparseLu ?? createReferenceSparseKernel();
    const bound = input.topBeta2Bound;
    const aboveSpectrum = (): void => {
      const f = multifrontalLu(shiftedCsr(op.a, sigma), tree, sparse);
      solveEach = (xs) => f.solveEach(xs);
      factorDoubles = f.peakWorkDoubles;
      if (input.reshift === false) return;
      reshift = sparseReshift(op.a, tree, sparse, sigma, floor, input.modes);
    };
    // With a bound on the top β², one factorisation at the re-shift's point below it replaces the
    // first (at σ) and the re-shift: issue 20's strip, 20 nm whole window, 34 solves either way, one
    // LU fewer. Its stability (no pivoting inside the spectrum) is judged on the iteration's first
    // solve rather than on a probe of its own (issue 20: the probe's solve and residual were 4 % of
    // the 20 nm strip's time); a poor factor falls back to σ and the re-shift, starting over.
    let guessed = null as { factor: ReturnType<typeof multifrontalLu>; matrix: CsrMatrix } | null;
    if (bound !== undefined && bound > floor && bound < sigma && input.modes > 1 && input.reshift !== false) {
      const matrix = shiftedCsr(op.a, bound - GUESSED_SHIFT_BELOW * (bound - floor));
      try {
        guessed = { factor: multifrontalLu(matrix, tree, sparse), matrix };
      } catch (e) {
        if (!(e instanceof Error && e.message === SPARSE_ZERO_PIVOT_MESSAGE)) throw e;
      }
    }
    if (guessed) {
      const g = guessed;
      solveEach = checkedOnFirstSolve(g.matrix, (xs) => g.factor.solveEach(xs));
      factorDoubles = g.factor.peakWorkDoubles;
      guessedShift = true;
      fallback = () => {
        guessedShift = false;
        aboveSpectrum();
      };
    } else aboveSpectrum();
  } else {
    const lu = shiftedBandedLu(op.a, sigma, op.bandwidth, linalg);
    solveEach = (xs) => lu.solveEach(xs);
    factorDoubles = op.a.n * (2 * op.bandwidth + 1);
  }
  const want = input.enough;
  /** Whether the settled pairs (largest first, all converged) already hold maxModes guided modes of each wanted polarization. */
  // A settled pair's polarization, kept from check to check by its place in the order: its value
  // moves by far less than CLASSIFIED_SAME between checks, and recovering its fields at every check
  // was a tenth of the 10 nm strip's time. (Two degenerate pairs may trade places: the counts stay.)
  const classified: ({ value: number; pol: 'TE' | 'TM' } | undefined)[] = [];
  // The fields recovered to classify a pair, by its vector: the pairs a stop by `enough` returns
  // are the very ones its last check classified, so the modes below reuse them.
  const recovered = new Map<Float64Array, CellFields>();
  const fieldsOf = (q: RitzPair): CellFields => {
    let fields = recovered.get(q.vector);
    if (!fields) {
      fields = recoverFields(input, op, q.vector, Math.sqrt(Math.max(q.value, Number.MIN_VALUE)), k0);
      recovered.set(q.vector, fields);
    }
    return fields;
  };
  const polarizationOf = (q: RitzPair, place: number): 'TE' | 'TM' => {
    const known = classified[place];
    if (known && Math.abs(known.value - q.value) <= CLASSIFIED_SAME * Math.abs(q.value)) return known.pol;
    const pol = teFraction(fieldsOf(q)) > 0.5 ? 'TE' : 'TM';
    classified[place] = { value: q.value, pol };
    return pol;
  };
  const enoughModes = (settled: readonly RitzPair[], w: NonNullable<FullVectorialInput['enough']>): boolean => {
    const counts = { TE: 0, TM: 0 };
    for (const [place, q] of settled.entries()) {
      if (!(q.value > floor)) break;
      counts[polarizationOf(q, place)]++;
    }
    return w.polarizations.every((pol) => counts[pol] >= w.maxModes);
  };
  const iterate = (): ReturnType<typeof shiftInvertEigs> =>
    shiftInvertEigs({
      n: op.a.n,
      multiply: (x, y) => sparseMultiply(op.a, x, y),
      matrix: op.a,
      solveEach: (xs) => solveEach(xs),
      live: op.live,
      wanted: input.modes,
      needed: (value) => value > floor,
      ...(want ? { enough: (settled: readonly RitzPair[]) => enoughModes(settled, want) } : {}),
      ...(reshift ? { reshift } : {}),
      ...(guessedShift ? { shiftNearWanted: true } : {}),
      ...(linalg.krylov ? { vectors: linalg.krylov } : {}),
    });
  let r: ReturnType<typeof shiftInvertEigs>;
  try {
    r = iterate();
  } catch (e) {
    if (!(e instanceof UnstableFactorError) || !fallback) throw e;
    fallback();
    classified.length = 0;
    recovered.clear();
    r = iterate();
  }
  // Pairs below the cladding line come without vectors (the iteration never formed them): not reported.
  const modes = r.pairs.filter((pair) => pair.vector.length > 0).map((pair) => {
    const beta2 = pair.value;
    const beta = Math.sqrt(Math.max(beta2, Number.MIN_VALUE));
    const fields = fieldsOf(pair);
    return { beta2, neff: beta2 > 0 ? beta / k0 : 0, teFraction: teFraction(fields), fields, residual: pair.residual };
  });
  return {
    modes,
    solves: r.solves,
    converged: r.converged,
    maxImaginaryRatio: r.pairs.reduce((m, q) => Math.max(m, q.imaginaryRatio), 0),
    bandwidth: op.bandwidth,
    unknowns: op.a.n,
    factorDoubles,
  };
}

/**
 * The sparse path's re-shift (ShiftInvertProblem.reshift) for operator `a` factorised on `tree`
 * at σ above its spectrum: once the top β² is known to ~1e-4, refactorise between it and the
 * cladding line k₀²·floorEps (`floor`; −∞ when there is none), or just above the top with one mode
 * wanted (RESHIFT_* above). The LU has no pivoting, which a shift inside the spectrum could in
 * principle break: one solve's residual is checked, and a poor or failed factor keeps the first
 * one. (The first factor's storage is reused by the backend, so a fallback refactorises at σ.)
 * Shared by the full-vectorial and semi-vectorial solvers.
 */
export function sparseReshift(a: SparseMatrix, tree: EliminationTree, sparse: SparseLuKernel, sigma: number, floor: number, modes: number): (top: RitzPair) => ((xs: readonly Float64Array[]) => void) | null {
  return (top) => {
    if (!(top.value > floor && top.value < sigma)) return null;
    const below = top.value - Math.min(RESHIFT_BELOW * (top.value - floor), RESHIFT_SPAN * (sigma - top.value));
    const shifted = shiftedCsr(a, modes > 1 ? below : top.value + RESHIFT_ABOVE * (sigma - top.value));
    try {
      const refactored = multifrontalLu(shifted, tree, sparse);
      if (residualCheck(shifted, (x) => refactored.solve(x), top.vector) < RESHIFT_MAX_RESIDUAL) return (xs) => refactored.solveEach(xs);
    } catch (e) {
      if (!(e instanceof Error && e.message === SPARSE_ZERO_PIVOT_MESSAGE)) throw e;
    }
    const again = multifrontalLu(shiftedCsr(a, sigma), tree, sparse);
    return (xs) => again.solveEach(xs);
  };
}

/** The largest entry (0 for none or all negative). */
function largest(values: Float64Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) m = Math.max(m, values[i] as number);
  return m;
}

/** Thrown out of the iteration when the factor's first solve leaves a residual above RESHIFT_MAX_RESIDUAL. */
class UnstableFactorError extends Error {}

/**
 * solveEach that checks the relative residual of the first vector of its first call (the
 * iteration's random start block: not smooth, so a poor unpivoted factor shows) and throws
 * UnstableFactorError when it exceeds RESHIFT_MAX_RESIDUAL.
 */
function checkedOnFirstSolve(a: CsrMatrix, solveEach: (xs: readonly Float64Array[]) => void): (xs: readonly Float64Array[]) => void {
  let checked = false;
  return (xs) => {
    if (checked || xs.length === 0) {
      solveEach(xs);
      return;
    }
    const source = (xs[0] as Float64Array).slice();
    solveEach(xs);
    checked = true;
    if (!(relativeResidual(a, xs[0] as Float64Array, source) < RESHIFT_MAX_RESIDUAL)) throw new UnstableFactorError('sparse LU: the guessed shift gave an unstable factor');
  };
}

/** ∫|E_x|² / ∫(|E_x|² + |E_y|²). */
function teFraction(fields: CellFields): number {
  let sx = 0;
  let sy = 0;
  for (let k = 0; k < fields.ex.length; k++) {
    sx += (fields.ex[k] as number) ** 2;
    sy += (fields.ey[k] as number) ** 2;
  }
  return sx + sy > 0 ? sx / (sx + sy) : 0.5;
}

/** σI − A as compressed rows (a diagonal entry in every row). */
export function shiftedCsr(a: SparseMatrix, sigma: number): CsrMatrix {
  const { n, rowStart, cols, values } = a;
  // One pass into room for a diagonal per row, then views of the part used (issue 20: counting the
  // missing diagonals first was a second pass over the operator).
  const nnz = rowStart[n] as number;
  const rs = new Int32Array(n + 1);
  const cs = new Int32Array(nnz + n);
  const vs = new Float64Array(nnz + n);
  const k = shiftRows(n, rowStart, cols, values, sigma, rs, cs, vs);
  return { n, rowStart: rs, cols: cs.subarray(0, k), values: vs.subarray(0, k) };
}

/** shiftedCsr's loop (a function of its own, compiled once); returns the entries written. */
function shiftRows(n: number, rowStart: Int32Array, cols: Int32Array, values: Float64Array, sigma: number, rs: Int32Array, cs: Int32Array, vs: Float64Array): number {
  let k = 0;
  for (let r = 0; r < n; r++) {
    rs[r] = k;
    let diag = false;
    const end = rowStart[r + 1] as number;
    for (let e = rowStart[r] as number; e < end; e++) {
      const c = cols[e] as number;
      cs[k] = c;
      // The banded path stores σ, then subtracts a(r, r): the same rounding.
      vs[k++] = c === r ? sigma - (values[e] as number) : -(values[e] as number);
      if (c === r) diag = true;
    }
    if (!diag) {
      cs[k] = r;
      vs[k++] = sigma;
    }
  }
  rs[n] = k;
  return k;
}

/**
 * E and H_z from the transverse H of one mode, on the Yee grid, then averaged to the cell centres:
 *   β·h_z = ∂_x H_x + ∂_y H_y,   k₀ε_z·e_z = ∂_x H_y − ∂_y H_x,
 *   k₀ε_x E_x = β H_y − ∂_y h_z,   k₀ε_y E_y = ∂_x h_z − β H_x.
 */
export function recoverFields(g: FullVectorialGrid, op: FullVectorialOperator, h: Float64Array, beta: number, k0: number): CellFields {
  const { nx, ny, dx, dy, eps, left } = g;
  const bottom = g.bottom ?? 'pec';
  // H_x on vertical edges (nx + 1) × ny and H_y on horizontal ones nx × (ny + 1), walls included (zero).
  const Hx = new Float64Array((nx + 1) * ny);
  const Hy = new Float64Array(nx * (ny + 1));
  // The slots from cellIndex (a module function), not op.slotX/slotY: optimised code that inlines
  // a solve's own closures holds them weakly and is thrown away once they are collected, so each
  // solve compiled this function afresh on a background thread (issue 20: several ms of CPU per
  // call at 10 nm).
  const live = op.live;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const sx = 2 * cellIndex(nx, ny, i, j);
      const sy = sx + 1;
      Hx[j * (nx + 1) + i] = live[sx] ? (h[sx] as number) : 0;
      Hy[j * nx + i] = live[sy] ? (h[sy] as number) : 0;
    }
  }
  // Plain index arithmetic below, no accessor closures: this runs a few times per solve, mostly
  // before the JIT optimises it, where each value a closure returned was a heap allocation
  // (issue 20: a sixth of the 10 nm strip's garbage).
  const nx1 = nx + 1;
  // h_z at cell centres, with one ghost column on the left for the mirror image through the wall.
  const hz = new Float64Array(nx1 * ny);
  for (let j = 0; j < ny; j++) {
    const row = j * nx1;
    const hyRow = j * nx;
    for (let i = 0; i < nx; i++) {
      hz[row + i + 1] = (((Hx[row + i + 1] as number) - (Hx[row + i] as number)) / dx + ((Hy[hyRow + nx + i] as number) - (Hy[hyRow + i] as number)) / dy) / beta;
    }
    hz[row] = (left === 'pmc' ? -1 : 1) * (hz[row + 1] as number);
  }
  // The image of h_z below a bottom wall: odd through a magnetic one, even through an electric one.
  const below = bottom === 'pmc' ? -1 : 1;
  const ez = new Float64Array(nx1 * (ny + 1));
  for (let j = bottom === 'pec' ? 1 : 0; j < ny; j++) {
    for (let i = left === 'pec' ? 1 : 0; i < nx; i++) {
      const hyHere = Hy[j * nx + i] as number;
      const hxHere = Hx[j * nx1 + i] as number;
      const hyLeft = i === 0 ? -hyHere : (Hy[j * nx + i - 1] as number);
      const hxBelow = j === 0 ? -hxHere : (Hx[(j - 1) * nx1 + i] as number);
      ez[j * nx1 + i] = ((hyHere - hyLeft) / dx - (hxHere - hxBelow) / dy) / (k0 * (eps.z[j * nx1 + i] as number));
    }
  }
  const ex = new Float64Array(nx * (ny + 1));
  for (let j = bottom === 'pec' ? 1 : 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const hzHere = hz[j * nx1 + i + 1] as number;
      const hzBelow = j === 0 ? below * (hz[i + 1] as number) : (hz[(j - 1) * nx1 + i + 1] as number);
      ex[j * nx + i] = (beta * (Hy[j * nx + i] as number) - (hzHere - hzBelow) / dy) / (k0 * (eps.x[j * nx + i] as number));
    }
  }
  const ey = new Float64Array(nx1 * ny);
  for (let j = 0; j < ny; j++) {
    for (let i = left === 'pec' ? 1 : 0; i < nx; i++) {
      // hz's ghost column (index j·(nx + 1)) is the image of i = 0 at i = −1.
      ey[j * nx1 + i] = (((hz[j * nx1 + i + 1] as number) - (hz[j * nx1 + i] as number)) / dx - beta * (Hx[j * nx1 + i] as number)) / (k0 * (eps.y[j * nx1 + i] as number));
    }
  }
  const size = nx * ny;
  const out = { ex: new Float64Array(size), ey: new Float64Array(size), ez: new Float64Array(size), hx: new Float64Array(size), hy: new Float64Array(size), hz: new Float64Array(size) };
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const k = j * nx + i;
      const nodes = nx1 * j + i;
      out.ex[k] = ((ex[j * nx + i] as number) + (ex[(j + 1) * nx + i] as number)) / 2;
      out.ey[k] = ((ey[nodes] as number) + (ey[nodes + 1] as number)) / 2;
      out.ez[k] = ((ez[nodes] as number) + (ez[nodes + 1] as number) + (ez[nodes + nx1] as number) + (ez[nodes + nx1 + 1] as number)) / 4;
      out.hx[k] = ((Hx[j * nx1 + i] as number) + (Hx[j * nx1 + i + 1] as number)) / 2;
      out.hy[k] = ((Hy[j * nx + i] as number) + (Hy[(j + 1) * nx + i] as number)) / 2;
      out.hz[k] = hz[j * nx1 + i + 1] as number;
    }
  }
  return out;
}
