/**
 * Transverse modes of a 1-D index profile n(x) in a closed window, by second-order finite
 * differences on a uniform grid. TE (E_y, E_y = 0 on both walls):
 *
 *   (E_{i−1} − 2E_i + E_{i+1}) / Δx² + k₀² n_i² E_i = β² E_i.
 *
 * TM (H_y): ε d/dx(ε⁻¹ dH/dx) + k₀² ε H = β² H. Its flux ε⁻¹ dH/dx (∝ E_z, tangential to an index
 * step) is continuous, so across a link [x_i, x_{i+1}] H_{i+1} − H_i = flux · ∫ε dx: the link takes
 * a_{i+½} = 1/⟨ε⟩ (the harmonic average of 1/ε), which keeps the scheme second order across steps.
 * Divided by ε_i it reads A H = β² B H with A symmetric tridiagonal (a_{i±½}/Δx² off the diagonal,
 * k₀² − (a_{i−½} + a_{i+½})/Δx² on it) and B = diag(b_i), b_i the cell average of 1/ε: a symmetric-
 * definite pencil, turned into the ordinary symmetric problem T y = β² y with T = B^{−½} A B^{−½},
 * y = B^{½} H. The walls hold H_y = 0 (magnetic walls) so both polarisations share one grid; like
 * the TE walls they only stand in for open space, and guided fields must vanish before them.
 *
 * Either way the matrix is real, symmetric and exactly tridiagonal, so the wanted eigenpairs (the
 * largest β²: guided modes first, then the box's radiation modes, then evanescent ones) come from
 * Sturm-sequence bisection (every eigenvalue to machine precision, none missed) and one inverse
 * iteration each with a pivoted tridiagonal LU (LAPACK dgttrf/dgttrs; Wilkinson, The Algebraic
 * Eigenvalue Problem, ch. 5). The full set of N eigenvectors is an orthonormal basis of the grid,
 * which is what makes mode matching complete: a truncated set of M of them is the EME mode basis.
 *
 * TE fields are normalised to Σ E_i² Δx = 1 (the discrete ∫E² dx); TM fields to Σ H_i² b_i Δx = 1
 * (the discrete ∫H²/ε dx, the inner product they are orthogonal under, and ∝ the power
 * ½∫E_x H_y dx = (β/2ωε₀)∫H²/ε dx, so in both cases a mode of amplitude a carries ∝ β|a|²). Sign is
 * fixed so the largest entry is positive.
 */

export interface TransverseModes {
  /** β² of each mode, 1/µm², in descending order (β² < 0: evanescent). */
  readonly betaSquared: Float64Array;
  /** Mode fields on the grid (E_y for TE, H_y for TM), each of length N, normalised as above. */
  readonly fields: Float64Array[];
  /**
   * TM only: b_i, the cell average of 1/ε at each grid point, the weight of the inner product the
   * fields are orthonormal under (Σ f g b Δx). Absent for TE (weight 1).
   */
  readonly weight?: Float64Array;
}

/** A TM cross-section on the grid: what the H_y operator needs (see the module comment). */
export interface TmProfile {
  /** b_i: cell average of 1/ε over [x_i − Δx/2, x_i + Δx/2], one per grid point (N). */
  readonly inverseAtNodes: Float64Array;
  /** ⟨ε⟩ over each link [x_{i−1}, x_i], walls included: N + 1 links, link 0 starts at the left wall. */
  readonly permittivityOnLinks: Float64Array;
}

/** Relative bisection tolerance on β²: far below anything the mode matching can resolve. */
const BISECTION_RELATIVE_TOLERANCE = 4 * Number.EPSILON;
const INVERSE_ITERATIONS = 3;

/**
 * The `count` TE modes with the largest β² of the profile `indexSquared` (n² at each of the N interior
 * grid points, spacing dx µm) at vacuum wavenumber k0 (1/µm).
 */
export function solveTransverseModes(indexSquared: ArrayLike<number>, dx: number, k0: number, count: number): TransverseModes {
  const n = indexSquared.length;
  if (n < 2) throw new Error('solveTransverseModes: the grid needs at least 2 points');
  const off = 1 / (dx * dx);
  const diagonal = new Float64Array(n);
  for (let i = 0; i < n; i++) diagonal[i] = -2 * off + k0 * k0 * (indexSquared[i] as number);
  const { betaSquared, vectors } = largestEigenpairs(diagonal, new Float64Array(n - 1).fill(off), dx, count);
  for (const v of vectors) fixSign(v);
  return { betaSquared, fields: vectors };
}

/** The `count` TM modes (H_y) with the largest β² of a cross-section given as a TmProfile (see the module comment). */
export function solveTmModes(profile: TmProfile, dx: number, k0: number, count: number): TransverseModes {
  const b = profile.inverseAtNodes;
  const links = profile.permittivityOnLinks;
  const n = b.length;
  if (n < 2) throw new Error('solveTmModes: the grid needs at least 2 points');
  if (links.length !== n + 1) throw new Error(`solveTmModes: ${n} points need ${n + 1} links, got ${links.length}`);
  const h2 = dx * dx;
  const rootB = new Float64Array(n);
  for (let i = 0; i < n; i++) rootB[i] = Math.sqrt(b[i] as number);
  const diagonal = new Float64Array(n);
  const offDiagonal = new Float64Array(n - 1);
  for (let i = 0; i < n; i++) {
    const aLeft = 1 / (links[i] as number);
    const aRight = 1 / (links[i + 1] as number);
    diagonal[i] = (k0 * k0 - (aLeft + aRight) / h2) / (b[i] as number);
    if (i < n - 1) offDiagonal[i] = aRight / h2 / ((rootB[i] as number) * (rootB[i + 1] as number));
  }
  const { betaSquared, vectors } = largestEigenpairs(diagonal, offDiagonal, dx, count);
  // y = B^½ H: orthonormal y (Σ y² Δx = 1) are H orthonormal under Σ H² b Δx.
  for (const v of vectors) {
    for (let i = 0; i < n; i++) v[i] = (v[i] as number) / (rootB[i] as number);
    fixSign(v);
  }
  return { betaSquared, fields: vectors, weight: b.slice() };
}

/**
 * The `count` largest eigenvalues (descending) of the symmetric tridiagonal matrix (diagonal,
 * offDiagonal), with eigenvectors orthonormal under Σ v_i w_i Δx.
 */
function largestEigenpairs(diagonal: Float64Array, offDiagonal: Float64Array, dx: number, count: number): { betaSquared: Float64Array; vectors: Float64Array[] } {
  const n = diagonal.length;
  const wanted = Math.min(count, n);
  const offSquared = new Float64Array(n - 1);
  let offScale = 0;
  for (let i = 0; i < n - 1; i++) {
    offSquared[i] = (offDiagonal[i] as number) ** 2;
    offScale = Math.max(offScale, Math.abs(offDiagonal[i] as number));
  }
  // Gershgorin bounds (a row's radius is at most twice the largest off-diagonal) hold every eigenvalue.
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = diagonal[i] as number;
    lo = Math.min(lo, d - 2 * offScale);
    hi = Math.max(hi, d + 2 * offScale);
  }
  const betaSquared = new Float64Array(wanted);
  const vectors: Float64Array[] = [];
  for (let j = 0; j < wanted; j++) {
    // The j-th largest is the (n − 1 − j)-th smallest.
    const lambda = kthSmallestEigenvalue(diagonal, offSquared, offScale, n - 1 - j, lo, hi);
    betaSquared[j] = lambda;
    const v = inverseIteration(diagonal, offDiagonal, lambda, Math.max(Math.abs(lo), Math.abs(hi)));
    // Eigenvalues of an unreduced tridiagonal matrix are simple, so the vectors are orthogonal up to
    // rounding; one Gram–Schmidt pass keeps them orthonormal to machine precision all the same.
    for (const u of vectors) {
      const d = dot(u, v) * dx;
      for (let i = 0; i < n; i++) v[i] = (v[i] as number) - d * (u[i] as number);
    }
    const s = 1 / Math.sqrt(dot(v, v) * dx);
    for (let i = 0; i < n; i++) v[i] = (v[i] as number) * s;
    vectors.push(v);
  }
  return { betaSquared, vectors };
}

/** Number of eigenvalues of the symmetric tridiagonal matrix (diagonal, off-diagonal squares) below x. */
function countBelow(diagonal: Float64Array, offSquared: Float64Array, offScale: number, x: number): number {
  let count = 0;
  let q = 1;
  for (let i = 0; i < diagonal.length; i++) {
    q = (diagonal[i] as number) - x - (i === 0 ? 0 : (offSquared[i - 1] as number) / q);
    // A zero pivot means x is an eigenvalue of the leading block; nudging it keeps the count right.
    if (q === 0) q = -Number.EPSILON * (Math.abs(x) + offScale);
    if (q < 0) count++;
  }
  return count;
}

function kthSmallestEigenvalue(diagonal: Float64Array, offSquared: Float64Array, offScale: number, k: number, lo0: number, hi0: number): number {
  let lo = lo0;
  let hi = hi0;
  const scale = Math.max(Math.abs(lo0), Math.abs(hi0));
  for (let it = 0; it < 200 && hi - lo > BISECTION_RELATIVE_TOLERANCE * scale; it++) {
    const mid = 0.5 * (lo + hi);
    if (countBelow(diagonal, offSquared, offScale, mid) > k) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}

/** Inverse iteration with the shift at the (bisected) eigenvalue; the pivoted LU tolerates the near-singularity by design. */
function inverseIteration(diagonal: Float64Array, offDiagonal: Float64Array, lambda: number, norm: number): Float64Array {
  const n = diagonal.length;
  const lu = factorTridiagonal(diagonal, offDiagonal, lambda, norm);
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
function factorTridiagonal(diagonal: Float64Array, offDiagonal: Float64Array, lambda: number, norm: number): TridiagonalLu {
  const n = diagonal.length;
  const dl = offDiagonal.slice();
  const du = offDiagonal.slice();
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

/** Sign convention: the largest entry is positive. */
function fixSign(v: Float64Array): void {
  let peak = 0;
  let peakIndex = 0;
  for (let i = 0; i < v.length; i++) {
    if (Math.abs(v[i] as number) > peak) {
      peak = Math.abs(v[i] as number);
      peakIndex = i;
    }
  }
  if ((v[peakIndex] as number) >= 0) return;
  for (let i = 0; i < v.length; i++) v[i] = -(v[i] as number);
}
