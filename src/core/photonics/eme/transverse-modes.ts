/**
 * TE modes of a 1-D transverse index profile n(x) in a closed window (E_y = 0 at both walls), by
 * second-order finite differences on a uniform grid:
 *
 *   (E_{i−1} − 2E_i + E_{i+1}) / Δx² + k₀² n_i² E_i = β² E_i.
 *
 * The matrix is real, symmetric and exactly tridiagonal, so the wanted eigenpairs (the largest β²:
 * guided modes first, then the box's radiation modes, then evanescent ones) come from Sturm-sequence
 * bisection (every eigenvalue to machine precision, none missed) and one inverse iteration each with
 * a pivoted tridiagonal LU (LAPACK dgttrf/dgttrs; Wilkinson, The Algebraic Eigenvalue Problem, ch. 5).
 * The full set of N eigenvectors is an orthonormal basis of the grid, which is what makes mode
 * matching complete: a truncated set of M of them is the EME mode basis.
 *
 * Fields are normalised to Σ E_i² Δx = 1 (the discrete ∫E² dx), sign fixed so the largest entry is
 * positive, so overlaps between sections are plain dot products times Δx.
 */

export interface TransverseModes {
  /** β² of each mode, 1/µm², in descending order (β² < 0: evanescent). */
  readonly betaSquared: Float64Array;
  /** Mode fields on the grid, each of length N, normalised to Σ E² Δx = 1. */
  readonly fields: Float64Array[];
}

/** Relative bisection tolerance on β²: far below anything the mode matching can resolve. */
const BISECTION_RELATIVE_TOLERANCE = 4 * Number.EPSILON;
const INVERSE_ITERATIONS = 3;

/**
 * The `count` modes with the largest β² of the profile `indexSquared` (n² at each of the N interior
 * grid points, spacing dx µm) at vacuum wavenumber k0 (1/µm).
 */
export function solveTransverseModes(indexSquared: ArrayLike<number>, dx: number, k0: number, count: number): TransverseModes {
  const n = indexSquared.length;
  if (n < 2) throw new Error('solveTransverseModes: the grid needs at least 2 points');
  const wanted = Math.min(count, n);
  const off = 1 / (dx * dx);
  const diagonal = new Float64Array(n);
  for (let i = 0; i < n; i++) diagonal[i] = -2 * off + k0 * k0 * (indexSquared[i] as number);
  // Gershgorin bounds hold every eigenvalue.
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = diagonal[i] as number;
    lo = Math.min(lo, d - 2 * off);
    hi = Math.max(hi, d + 2 * off);
  }
  const betaSquared = new Float64Array(wanted);
  const fields: Float64Array[] = [];
  for (let j = 0; j < wanted; j++) {
    // The j-th largest is the (n − 1 − j)-th smallest.
    const lambda = kthSmallestEigenvalue(diagonal, off, n - 1 - j, lo, hi);
    betaSquared[j] = lambda;
    const v = inverseIteration(diagonal, off, lambda, Math.max(Math.abs(lo), Math.abs(hi)));
    // Eigenvalues of an unreduced tridiagonal matrix are simple, so the vectors are orthogonal up to
    // rounding; one Gram–Schmidt pass keeps them orthonormal to machine precision all the same.
    for (const u of fields) {
      const d = dot(u, v) * dx;
      for (let i = 0; i < n; i++) v[i] = (v[i] as number) - d * (u[i] as number);
    }
    normalise(v, dx);
    fields.push(v);
  }
  return { betaSquared, fields };
}

/** Number of eigenvalues of the tridiagonal (diagonal, constant off-diagonal) matrix below x. */
function countBelow(diagonal: Float64Array, off: number, x: number): number {
  const offSq = off * off;
  let count = 0;
  let q = 1;
  for (let i = 0; i < diagonal.length; i++) {
    q = (diagonal[i] as number) - x - (i === 0 ? 0 : offSq / q);
    // A zero pivot means x is an eigenvalue of the leading block; nudging it keeps the count right.
    if (q === 0) q = -Number.EPSILON * (Math.abs(x) + off);
    if (q < 0) count++;
  }
  return count;
}

function kthSmallestEigenvalue(diagonal: Float64Array, off: number, k: number, lo0: number, hi0: number): number {
  let lo = lo0;
  let hi = hi0;
  const scale = Math.max(Math.abs(lo0), Math.abs(hi0));
  for (let it = 0; it < 200 && hi - lo > BISECTION_RELATIVE_TOLERANCE * scale; it++) {
    const mid = 0.5 * (lo + hi);
    if (countBelow(diagonal, off, mid) > k) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

/** Inverse iteration with the shift at the (bisected) eigenvalue; the pivoted LU tolerates the near-singularity by design. */
function inverseIteration(diagonal: Float64Array, off: number, lambda: number, norm: number): Float64Array {
  const n = diagonal.length;
  const lu = factorTridiagonal(diagonal, off, lambda, norm);
  // A start vector with no special symmetry, so it is never orthogonal to the wanted mode.
  let v: Float64Array = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = 1 + 0.5 * Math.sin(0.7 * i + 0.3) + 0.25 * Math.cos(1.9 * i);
  for (let it = 0; it < INVERSE_ITERATIONS; it++) {
    v = solveFactored(lu, v);
    const m = maxAbs(v);
    for (let i = 0; i < n; i++) v[i] = (v[i] as number) / m;
  }
  return v;
}

interface TridiagonalLu {
  readonly dl: Float64Array;
  readonly d: Float64Array;
  readonly du: Float64Array;
  readonly du2: Float64Array;
  readonly swapped: Uint8Array;
}

/** LU with partial pivoting of (T − λI), LAPACK dgttrf layout; zero pivots become tiny ones. */
function factorTridiagonal(diagonal: Float64Array, off: number, lambda: number, norm: number): TridiagonalLu {
  const n = diagonal.length;
  const dl = new Float64Array(n - 1).fill(off);
  const du = new Float64Array(n - 1).fill(off);
  const du2 = new Float64Array(Math.max(n - 2, 0));
  const swapped = new Uint8Array(n - 1);
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) d[i] = (diagonal[i] as number) - lambda;
  const tiny = Number.EPSILON * norm;
  for (let i = 0; i < n - 1; i++) {
    const di = d[i] as number;
    const li = dl[i] as number;
    if (Math.abs(di) >= Math.abs(li)) {
      const pivot = di === 0 ? tiny : di;
      d[i] = pivot;
      const fact = li / pivot;
      dl[i] = fact;
      d[i + 1] = (d[i + 1] as number) - fact * (du[i] as number);
    } else {
      swapped[i] = 1;
      const fact = di / li;
      d[i] = li;
      dl[i] = fact;
      const temp = du[i] as number;
      du[i] = d[i + 1] as number;
      d[i + 1] = temp - fact * (d[i + 1] as number);
      if (i < n - 2) {
        du2[i] = du[i + 1] as number;
        du[i + 1] = -fact * (du[i + 1] as number);
      }
    }
  }
  if (d[n - 1] === 0) d[n - 1] = tiny;
  return { dl, d, du, du2, swapped };
}

function solveFactored(lu: TridiagonalLu, rhs: Float64Array): Float64Array {
  const { dl, d, du, du2, swapped } = lu;
  const n = d.length;
  const b = rhs.slice();
  for (let i = 0; i < n - 1; i++) {
    if (swapped[i] === 1) {
      const temp = b[i] as number;
      b[i] = b[i + 1] as number;
      b[i + 1] = temp - (dl[i] as number) * (b[i] as number);
    } else {
      b[i + 1] = (b[i + 1] as number) - (dl[i] as number) * (b[i] as number);
    }
  }
  b[n - 1] = (b[n - 1] as number) / (d[n - 1] as number);
  if (n > 1) b[n - 2] = ((b[n - 2] as number) - (du[n - 2] as number) * (b[n - 1] as number)) / (d[n - 2] as number);
  for (let i = n - 3; i >= 0; i--) {
    b[i] = ((b[i] as number) - (du[i] as number) * (b[i + 1] as number) - (du2[i] as number) * (b[i + 2] as number)) / (d[i] as number);
  }
  return b;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

function maxAbs(v: Float64Array): number {
  let m = 0;
  for (const x of v) m = Math.max(m, Math.abs(x));
  return m || 1;
}

function normalise(v: Float64Array, dx: number): void {
  let peak = 0;
  let peakIndex = 0;
  for (let i = 0; i < v.length; i++) {
    if (Math.abs(v[i] as number) > peak) {
      peak = Math.abs(v[i] as number);
      peakIndex = i;
    }
  }
  const sign = (v[peakIndex] as number) < 0 ? -1 : 1;
  const s = sign / Math.sqrt(dot(v, v) * dx);
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * s;
}
