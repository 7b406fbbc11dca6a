/**
 * The eigenvalues of a sparse real operator A nearest above-spectrum shift σ (the largest β² of a
 * mode solver), by block Krylov subspaces of (σI − A)⁻¹ with Rayleigh–Ritz on A itself and thick
 * restarts. Why this shape: one banded LU of σI − A is the expensive step, so the solve count must
 * stay small, which Krylov spaces do far better than plain subspace iteration when the wanted
 * eigenvalues sit close to a dense cluster (the box modes just below the cladding line). Blocks of
 * two keep exactly degenerate pairs (TE0/TM0 of a square core) from hiding behind each other.
 *
 * Only the Ritz pairs that `needed` accepts (guided modes, above the cladding line) must converge:
 * the box modes below are dropped by the caller and would take many more solves to settle.
 */
import { eig } from '../linalg/eig.ts';
import { zeros } from '../linalg/cmatrix.ts';
import { createRng } from '../../stats/rng.ts';

export interface ShiftInvertProblem {
  readonly n: number;
  /** y = A·x */
  readonly multiply: (x: Float64Array, y: Float64Array) => void;
  /** x ← (σI − A)⁻¹·x in place for each x (a block at a time, so a backend can share its pass over the factors). */
  readonly solveEach: (xs: readonly Float64Array[]) => void;
  /** 1 where a vector may be non-zero (slots pinned by walls stay zero). */
  readonly live?: Uint8Array;
  /** How many of the largest eigenvalues to return. */
  readonly wanted: number;
  /** Eigenvalues that must converge (others are returned as they stand). */
  readonly needed: (value: number) => boolean;
  /** Relative residual ‖Ax − λx‖/|λ| a needed pair must reach. */
  readonly tolerance?: number;
  /**
   * Optional early stop: called at each check with the leading pairs (largest first) up to the first
   * needed one still open; true ends the iteration as converged (the caller has all it will report).
   */
  readonly enough?: (settled: readonly RitzPair[]) => boolean;
  /**
   * Optional re-shift, offered once, as soon as the top Ritz pair has converged to RESHIFT_RESIDUAL
   * (probed on the top pair alone from RESHIFT_PROBE_FROM basis vectors on, before full checks start): the caller may refactorise at a shift closer to (still above) that value and
   * return the new solveEach, or null to keep the old one. Rayleigh–Ritz runs on A itself, so the
   * basis built so far stays valid; only the Krylov directions added later change.
   */
  readonly reshift?: (top: RitzPair) => ((xs: readonly Float64Array[]) => void) | null;
  /** Check at every block from the start (the shift already sits near the wanted pairs). */
  readonly shiftNearWanted?: boolean;
}

/** Residual of the top Ritz pair at which a re-shift is offered at a full check (its value is then within ~1e-8·λ of the eigenvalue). */
const RESHIFT_RESIDUAL = 1e-4;
/**
 * The same, at full checks and at the early probe, when more than one pair is wanted: the value is
 * then good to well under the gap to the next mode, all the caller's new shift needs. Issue 20:
 * at full checks alone the strip re-shifted after 18 solves, with the probe after 14, and every
 * solve before it is spent at the poorer shift.
 */
const PROBE_RESIDUAL = 1e-2;
/** Basis size from which the top pair is probed for the re-shift (below it the top Ritz value is noise). */
const RESHIFT_PROBE_FROM = 6;

export interface RitzPair {
  readonly value: number;
  /** Unit 2-norm. */
  readonly vector: Float64Array;
  readonly residual: number;
  /** |Im λ| / |λ| of the Ritz value (the operator is not symmetric; a lossless guide gives 0). */
  readonly imaginaryRatio: number;
}

export interface ShiftInvertResult {
  readonly pairs: RitzPair[];
  readonly solves: number;
  readonly converged: boolean;
}

const BLOCK = 2;
const DEFAULT_TOLERANCE = 1e-7;
/** Krylov vectors beyond the wanted ones before a restart. */
const EXTRA_DIMENSION = 24;
/** Ritz vectors beyond the wanted ones kept through a restart (they carry the cluster below). */
const KEEP_EXTRA = 6;
/**
 * No convergence check on fewer Krylov vectors than wanted + this: a small space can show every
 * Ritz value below the cladding line before the guided ones have emerged, and stop too early.
 */
const MIN_CHECK_EXTRA = 12;
/** Rayleigh–Ritz checks every this many blocks (a check costs about as much as one solve). */
const CHECK_EVERY = 3;
/** Solves allowed, in units of the Krylov dimension. */
const MAX_SOLVES_PER_DIMENSION = 12;

export function shiftInvertEigs(p: ShiftInvertProblem): ShiftInvertResult {
  const { n, wanted } = p;
  const tolerance = p.tolerance ?? DEFAULT_TOLERANCE;
  const maxDimension = Math.min(n, wanted + EXTRA_DIMENSION);
  const keep = Math.min(maxDimension - BLOCK, wanted + KEEP_EXTRA);
  const maxSolves = MAX_SOLVES_PER_DIMENSION * maxDimension;
  const rng = createRng(20080401);
  const random = (): Float64Array => {
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) v[i] = p.live && !p.live[i] ? 0 : rng.next() - 0.5;
    return v;
  };
  const basis: Float64Array[] = [];
  const images: Float64Array[] = [];
  // Vᵀ·A·V entry by entry, kept between Rayleigh–Ritz checks: a basis only grows until a restart, so
  // each check computes just the rows and columns of the vectors added since the last one.
  const projected: number[][] = [];
  const append = (v: Float64Array): boolean => {
    if (!appendOrthonormal(basis, v)) return false;
    const av = new Float64Array(n);
    p.multiply(v, av);
    images.push(av);
    return true;
  };
  let block: Float64Array[] = [];
  for (let b = 0; b < BLOCK; b++) {
    const v = random();
    if (append(v)) block.push(v);
  }
  let solves = 0;
  let steps = 0;
  let solveEach = p.solveEach;
  let reshiftOffered = !p.reshift;
  for (;;) {
    const added: Float64Array[] = [];
    // The whole block is solved before any of it is appended: each solve reads only its own source.
    const solved = block.map((source) => source.slice());
    solveEach(solved);
    solves += solved.length;
    for (const v of solved) if (append(v)) added.push(v);
    steps++;
    const full = basis.length >= maxDimension || added.length === 0;
    block = added;
    const early = !full && basis.length < Math.min(maxDimension, wanted + MIN_CHECK_EXTRA);
    if (!reshiftOffered && early && wanted > 1 && basis.length >= RESHIFT_PROBE_FROM) {
      // The top pair alone (two combinations of the basis): cheap next to a solve.
      const top = rayleighRitz(basis, images, projected, 1).pairs[0];
      if (top && top.residual < PROBE_RESIDUAL) {
        reshiftOffered = true;
        solveEach = p.reshift?.(top) ?? solveEach;
      }
    }
    // After the re-shift the wanted pairs converge within a few blocks: check at every one, so the
    // iteration stops at the first block that settles them rather than up to CHECK_EVERY − 1 later.
    if (early || (!full && steps % (((reshiftOffered && p.reshift) || p.shiftNearWanted) && wanted > 1 ? 1 : CHECK_EVERY) !== 0)) continue;
    const ritz = rayleighRitz(basis, images, projected, Math.min(basis.length, wanted), p.needed);
    const pairs = ritz.pairs;
    const isOpen = (q: RitzPair): boolean => p.needed(q.value) && q.residual > tolerance;
    const open = pairs.filter(isOpen);
    const firstOpen = pairs.findIndex(isOpen);
    const settled = open.length === 0 || (p.enough?.(firstOpen < 0 ? pairs : pairs.slice(0, firstOpen)) ?? false);
    if (settled || solves >= maxSolves || basis.length >= n) {
      // The pairs left without vectors at checks get them now (the same projection: same values).
      const final = pairs.some((q) => q.vector.length === 0) ? rayleighRitz(basis, images, projected, Math.min(basis.length, wanted)).pairs : pairs;
      return { pairs: final, solves, converged: settled };
    }
    const top = pairs[0];
    if (!reshiftOffered && top && top.residual < (wanted > 1 ? PROBE_RESIDUAL : RESHIFT_RESIDUAL)) {
      reshiftOffered = true;
      solveEach = p.reshift?.(top) ?? solveEach;
    }
    if (full) {
      // Thick restart: keep the leading Ritz vectors, grow again from the ones still open.
      const kept = ritz.vectors(Math.min(basis.length, keep));
      basis.length = 0;
      images.length = 0;
      projected.length = 0;
      for (const v of kept) append(v);
      block = open.slice(0, BLOCK).map((q) => q.vector);
      while (block.length < BLOCK) block.push(random());
    }
  }
}

function dot(a: Float64Array, b: Float64Array): number {
  // Four partial sums: independent chains the CPU overlaps (rounding-level different from one sum).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const n = a.length;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += (a[i] as number) * (b[i] as number);
    s1 += (a[i + 1] as number) * (b[i + 1] as number);
    s2 += (a[i + 2] as number) * (b[i + 2] as number);
    s3 += (a[i + 3] as number) * (b[i + 3] as number);
  }
  for (; i < n; i++) s0 += (a[i] as number) * (b[i] as number);
  return s0 + s1 + (s2 + s3);
}

/** y ← y − d·u */
function axpy(y: Float64Array, d: number, u: Float64Array): void {
  for (let i = 0; i < y.length; i++) y[i] = (y[i] as number) - d * (u[i] as number);
}

/** Orthogonalises v against the basis (classical Gram–Schmidt, repeated once when it cancelled much) and appends it unless nothing new is left. */
function appendOrthonormal(basis: Float64Array[], v: Float64Array): boolean {
  const before = Math.sqrt(dot(v, v));
  if (!(before > 0)) return false;
  // A second pass only when the first cancelled much of v (the DGKS criterion, ratio 1/√2).
  let after = before;
  for (let pass = 0; pass < 2; pass++) {
    const norm = after;
    for (const u of basis) axpy(v, dot(u, v), u);
    after = Math.sqrt(dot(v, v));
    if (after > Math.SQRT1_2 * norm) break;
  }
  if (!(after > 1e-10 * before)) return false;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / after;
  basis.push(v);
  return true;
}

/** Extends `projected` (rows of basis_r · images_c) to the whole basis, computing only the entries it lacks. */
function extendProjected(projected: number[][], basis: Float64Array[], images: Float64Array[]): void {
  const m = basis.length;
  for (let r = 0; r < m; r++) {
    const row = (projected[r] ??= []);
    for (let c = row.length; c < m; c++) row.push(dot(basis[r] as Float64Array, images[c] as Float64Array));
  }
}

/**
 * Ritz pairs of A on span(basis), largest real part first: the first `wanted` with vectors and true
 * residuals, and `vectors(k)` for the leading k Ritz vectors (a thick restart's), built only when asked.
 * With `needed`, a pair it rejects gets no vector (length 0) and residual Infinity: at a check
 * nothing reads them, and its two combinations of the basis are most of a check's cost
 * (issue 20: the strip's six wanted pairs hold three guided ones).
 */
function rayleighRitz(basis: Float64Array[], images: Float64Array[], projected: number[][], wanted: number, needed?: (value: number) => boolean): { pairs: RitzPair[]; vectors: (k: number) => Float64Array[] } {
  const m = basis.length;
  extendProjected(projected, basis, images);
  const h = zeros(m);
  for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) h.re[r * m + c] = (projected[r] as number[])[c] as number;
  const { valuesRe, valuesIm, vectors } = eig(h);
  const order = [...valuesRe.keys()].sort((x, y) => (valuesRe[y] as number) - (valuesRe[x] as number));
  const n = (basis[0] as Float64Array).length;
  /** The real coefficients of Ritz vector k (a real eigenvalue's eigenvector is real up to a phase: undo that of its largest entry). */
  const coefficients = (k: number): Float64Array => {
    let big = 0;
    for (let r = 0; r < m; r++) if (Math.hypot(vectors.re[r * m + k] as number, vectors.im[r * m + k] as number) > Math.hypot(vectors.re[big * m + k] as number, vectors.im[big * m + k] as number)) big = r;
    const pr = vectors.re[big * m + k] as number;
    const pi = vectors.im[big * m + k] as number;
    const pm = Math.hypot(pr, pi) || 1;
    return Float64Array.from({ length: m }, (_, r) => ((vectors.re[r * m + k] as number) * pr + (vectors.im[r * m + k] as number) * pi) / pm);
  };
  const combine = (y: Float64Array, of: Float64Array[], scale: number): Float64Array => {
    const x = new Float64Array(n);
    for (let r = 0; r < m; r++) axpy(x, -(y[r] as number) * scale, of[r] as Float64Array);
    return x;
  };
  const unit = (k: number): { x: Float64Array; y: Float64Array; norm: number } => {
    const y = coefficients(k);
    const x = combine(y, basis, 1);
    const norm = Math.sqrt(dot(x, x)) || 1;
    for (let i = 0; i < n; i++) x[i] = (x[i] as number) / norm;
    return { x, y, norm };
  };
  const pairs = order.slice(0, wanted).map((k) => {
    const value = valuesRe[k] as number;
    const imaginaryRatio = Math.abs(valuesIm[k] as number) / Math.max(Math.abs(value), Number.MIN_VALUE);
    if (needed && !needed(value)) return { value, vector: new Float64Array(0), residual: Infinity, imaginaryRatio };
    const { x, y, norm } = unit(k);
    // A·x from the stored images: the same combination of A·basis.
    const ax = combine(y, images, 1 / norm);
    let res = 0;
    for (let i = 0; i < n; i++) res += ((ax[i] as number) - value * (x[i] as number)) ** 2;
    return { value, vector: x, residual: Math.sqrt(res) / Math.max(Math.abs(value), Number.MIN_VALUE), imaginaryRatio };
  });
  return { pairs, vectors: (count) => order.slice(0, count).map((k, i) => (i < pairs.length && (pairs[i] as RitzPair).vector.length > 0 ? (pairs[i] as RitzPair).vector.slice() : unit(k).x)) };
}
