/**
 * Locally optimal block preconditioned conjugate gradient (LOBPCG; Knyazev, SIAM J. Sci. Comput.
 * 23, 517 (2001)) for the lowest eigenpairs of a Hermitian operator known only by its action on
 * complex vectors. Each iteration does a Rayleigh–Ritz step on the span of the block X, the
 * preconditioned residuals W of the vectors not yet converged, and the previous search directions
 * P. The basis is orthonormalised explicitly (two passes of Gram–Schmidt; directions that have
 * become dependent are dropped), so the small problem is a standard Hermitian eigenproblem. Only W
 * costs operator applications; A·X and A·P follow by the same linear combinations as X and P.
 *
 * Deflation: components listed in `fixedZero` are held at zero in every vector, which restricts the
 * solve to the invariant subspace orthogonal to them (the k = 0, G = 0 mode of the photonic
 * operator, whose eigenvalue is exactly 0).
 *
 * Convergence: ‖A x − λ x‖ ≤ tolerance · max(λ, 10⁻³·λ_top) for each wanted vector (‖x‖ = 1,
 * λ_top the largest Ritz value of the block); the eigenvalue error is then of order the residual
 * squared over the gap to the next eigenvalue.
 */
import { createRng } from '../../stats/rng.ts';
import { driveAsync, driveSync, eachVector, type BlockApplyRequest, type BlockSteps } from './block-steps.ts';
import { hermitianEigen } from './hermitian-eigen.ts';

/** The eigenproblem without its operator: the generator form (lobpcgSteps) asks for products instead. */
export interface BlockEigenSpec {
  /** Vector length. */
  readonly size: number;
  /** Diagonal preconditioner (≈ A⁻¹ on the diagonal), length `size`. */
  readonly preconditioner: Float64Array;
  /** Component indices held at zero (deflated directions). */
  readonly fixedZero?: readonly number[];
  /**
   * The operator is real symmetric (maps real vectors to real vectors): the whole solve then runs in
   * real arithmetic, about four times less linear-algebra work; the imaginary parts stay zero.
   */
  readonly real?: boolean;
}

export interface BlockEigenProblem extends BlockEigenSpec {
  /** y = A x for one vector; the arrays are views of length `size` and never alias. */
  readonly apply: (xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array) => void;
}

export interface AsyncBlockEigenProblem extends BlockEigenSpec {
  /** y = A x for `count` vectors one after another (views of count·size values that never alias). */
  readonly applyBlock: (xRe: Float64Array, xIm: Float64Array, count: number, yRe: Float64Array, yIm: Float64Array) => Promise<void>;
}

export interface BlockEigenOptions {
  /** Eigenpairs that must converge (the lowest ones). */
  readonly wanted: number;
  /** Block size ≥ wanted; the extra vectors speed up convergence of the top wanted ones. */
  readonly blockSize: number;
  readonly tolerance: number;
  readonly maxIterations: number;
  /** Starting vectors, vector j at [j·size, (j+1)·size); fewer than blockSize are topped up with seeded random ones. */
  readonly initial?: { readonly re: Float64Array; readonly im: Float64Array; readonly count: number };
  readonly seed: number;
}

export interface BlockEigenResult {
  /** Ritz values of the whole block, ascending (the first `wanted` converged if `converged`). */
  readonly values: Float64Array;
  readonly vectorsRe: Float64Array;
  readonly vectorsIm: Float64Array;
  readonly iterations: number;
  readonly converged: boolean;
  /** Largest relative residual ‖Ax − λx‖ / max(λ, 10⁻³λ_top) among the wanted vectors at exit. */
  readonly maxResidual: number;
  /** Operator applications spent. */
  readonly applications: number;
}

/** A growable set of column vectors with their images under A. */
interface Block {
  re: Float64Array;
  im: Float64Array;
  count: number;
  /** Imaginary parts are identically zero and are neither read nor written. */
  real: boolean;
}

/** ⟨a_i, b_j⟩ = a_iᴴ b_j. */
function dot(a: Block, i: number, b: Block, j: number, n: number): [number, number] {
  let sr = 0;
  let si = 0;
  const ao = i * n;
  const bo = j * n;
  const ar = a.re;
  const ai = a.im;
  const br = b.re;
  const bi = b.im;
  if (a.real) {
    for (let t = 0; t < n; t++) sr += (ar[ao + t] as number) * (br[bo + t] as number);
    return [sr, 0];
  }
  for (let t = 0; t < n; t++) {
    const xr = ar[ao + t] as number;
    const xi = ai[ao + t] as number;
    const yr = br[bo + t] as number;
    const yi = bi[bo + t] as number;
    sr += xr * yr + xi * yi;
    si += xr * yi - xi * yr;
  }
  return [sr, si];
}

/** y_j ← y_j − c · x_i. */
function subtract(y: Block, j: number, x: Block, i: number, cr: number, ci: number, n: number): void {
  const yo = j * n;
  const xo = i * n;
  if (y.real) {
    for (let t = 0; t < n; t++) y.re[yo + t] = (y.re[yo + t] as number) - cr * (x.re[xo + t] as number);
    return;
  }
  for (let t = 0; t < n; t++) {
    const xr = x.re[xo + t] as number;
    const xi = x.im[xo + t] as number;
    y.re[yo + t] = (y.re[yo + t] as number) - (cr * xr - ci * xi);
    y.im[yo + t] = (y.im[yo + t] as number) - (cr * xi + ci * xr);
  }
}

function scaleVector(y: Block, j: number, s: number, n: number): void {
  if (y.real) {
    for (let t = j * n; t < (j + 1) * n; t++) y.re[t] = (y.re[t] as number) * s;
    return;
  }
  for (let t = j * n; t < (j + 1) * n; t++) {
    y.re[t] = (y.re[t] as number) * s;
    y.im[t] = (y.im[t] as number) * s;
  }
}

function copyVector(to: Block, j: number, from: Block, i: number, n: number): void {
  to.re.set(from.re.subarray(i * n, (i + 1) * n), j * n);
  if (!to.real) to.im.set(from.im.subarray(i * n, (i + 1) * n), j * n);
}

/**
 * Orthonormalises vectors [from, from + count) of `s` against s[0, from) (already orthonormal) and
 * each other, applying the same operations to `as` when given; compacts the survivors and returns
 * how many there are. A vector that keeps less than 10⁻⁸ of its norm is dependent and dropped.
 */
function orthonormalise(s: Block, from: number, count: number, n: number, as: Block | null): number {
  let kept = from;
  for (let j = from; j < from + count; j++) {
    if (j !== kept) {
      copyVector(s, kept, s, j, n);
      if (as) copyVector(as, kept, as, j, n);
    }
    const before = Math.sqrt(dot(s, kept, s, kept, n)[0]);
    if (!(before > 0)) continue;
    let after = before;
    // A second pass only when the first cancelled most of the vector ("twice is enough", Kahan–Parlett).
    for (let pass = 0; pass < 2; pass++) {
      const start = after;
      for (let i = 0; i < kept; i++) {
        const [cr, ci] = dot(s, i, s, kept, n);
        subtract(s, kept, s, i, cr, ci, n);
        if (as) subtract(as, kept, as, i, cr, ci, n);
      }
      after = Math.sqrt(dot(s, kept, s, kept, n)[0]);
      if (after > 0.7 * start) break;
    }
    if (!(after > 1e-8 * before)) continue;
    scaleVector(s, kept, 1 / after, n);
    if (as) scaleVector(as, kept, 1 / after, n);
    kept++;
  }
  return kept - from;
}

function zeroFixed(b: Block, j: number, n: number, fixed: readonly number[]): void {
  for (const f of fixed) {
    b.re[j * n + f] = 0;
    b.im[j * n + f] = 0;
  }
}

/**
 * out_j = Σ_i s_i · C[i, j] over rows i in [rowFrom, rowTo), for j < m (C has `cols` columns, row-major
 * complex). With `add` the sum is added to what `out` holds (X = P + X_old·C_top reuses P).
 */
function combine(s: Block, rowFrom: number, rowTo: number, cRe: Float64Array, cIm: Float64Array, cols: number, m: number, n: number, out: Block, add: boolean): void {
  if (!add) {
    out.re.fill(0, 0, m * n);
    out.im.fill(0, 0, m * n);
  }
  const k = rowTo;
  for (let j = 0; j < m; j++) {
    const o = j * n;
    for (let i = rowFrom; i < k; i++) {
      const cr = cRe[i * cols + j] as number;
      const ci = cIm[i * cols + j] as number;
      if (cr === 0 && ci === 0) continue;
      const so = i * n;
      if (out.real) {
        for (let t = 0; t < n; t++) out.re[o + t] = (out.re[o + t] as number) + cr * (s.re[so + t] as number);
        continue;
      }
      for (let t = 0; t < n; t++) {
        const xr = s.re[so + t] as number;
        const xi = s.im[so + t] as number;
        out.re[o + t] = (out.re[o + t] as number) + cr * xr - ci * xi;
        out.im[o + t] = (out.im[o + t] as number) + cr * xi + ci * xr;
      }
    }
  }
  out.count = m;
}

function newBlock(capacity: number, n: number, real: boolean): Block {
  return { re: new Float64Array(capacity * n), im: new Float64Array(capacity * n), count: 0, real };
}

/** LOBPCG with a synchronous per-vector operator (the CPU path: products in the order they always ran). */
export function lobpcg(problem: BlockEigenProblem, options: BlockEigenOptions): BlockEigenResult {
  return driveSync(lobpcgSteps(problem, options), (request) => eachVector(request, problem.size, problem.apply));
}

/** LOBPCG with an asynchronous block operator (a GPU): the same iteration, one awaited product per block. */
export function lobpcgAsync(problem: AsyncBlockEigenProblem, options: BlockEigenOptions): Promise<BlockEigenResult> {
  return driveAsync(lobpcgSteps(problem, options), (r) => problem.applyBlock(r.xRe, r.xIm, r.count, r.yRe, r.yIm));
}

/**
 * The iteration itself, suspended at every block of operator applications (vectors [from, from +
 * count) of the basis into the same slots of its image). All linear algebra stays here in f64.
 */
export function* lobpcgSteps(problem: BlockEigenSpec, options: BlockEigenOptions): BlockSteps<BlockApplyRequest, BlockEigenResult> {
  const n = problem.size;
  const fixed = problem.fixedZero ?? [];
  const free = n - fixed.length;
  const m = Math.min(options.blockSize, free);
  const wanted = Math.min(options.wanted, m);
  if (!(wanted >= 1)) throw new Error('lobpcg: nothing to solve for');
  const capacity = 3 * m;
  const real = problem.real === true;
  const s = newBlock(capacity, n, real);
  const as = newBlock(capacity, n, real);
  let applications = 0;
  /** Asks the driver for as[from, from + count) = A · s[from, from + count). */
  function* applyRange(from: number, count: number): BlockSteps<BlockApplyRequest, void> {
    if (count <= 0) return;
    const lo = from * n;
    const hi = (from + count) * n;
    yield { xRe: s.re.subarray(lo, hi), xIm: s.im.subarray(lo, hi), yRe: as.re.subarray(lo, hi), yIm: as.im.subarray(lo, hi), count };
    // A real operator's output is real up to rounding in the FFTs: keep it exactly real.
    if (real) as.im.fill(0, lo, hi);
    applications += count;
  }

  // Starting block: given vectors, then seeded random ones shaped by the preconditioner (smooth, low-order).
  const rng = createRng(options.seed);
  let count = 0;
  const init = options.initial;
  if (init) {
    for (let j = 0; j < Math.min(init.count, capacity); j++) {
      s.re.set(init.re.subarray(j * n, (j + 1) * n), j * n);
      if (!real) s.im.set(init.im.subarray(j * n, (j + 1) * n), j * n);
      zeroFixed(s, j, n, fixed);
    }
    // Keep at most a block: surplus directions (a deflated start vector reduced to noise) are dropped.
    count = Math.min(m, orthonormalise(s, 0, Math.min(init.count, capacity), n, null));
  }
  for (let attempt = 0; count < m && attempt < 8; attempt++) {
    const add = m - count;
    for (let j = count; j < count + add; j++) {
      for (let t = 0; t < n; t++) {
        const d = problem.preconditioner[t] as number;
        s.re[j * n + t] = rng.uniform(-1, 1) * d;
        const imaginary = rng.uniform(-1, 1) * d;
        if (!real) s.im[j * n + t] = imaginary;
      }
      zeroFixed(s, j, n, fixed);
    }
    count += orthonormalise(s, count, add, n, null);
  }
  if (count < m) throw new Error('lobpcg: could not build an independent starting block');
  yield* applyRange(0, m);

  const x = newBlock(m, n, real);
  const ax = newBlock(m, n, real);
  const p = newBlock(2 * m, n, real);
  const ap = newBlock(2 * m, n, real);
  let pCount = 0;
  let k = m; // basis size of the current Rayleigh–Ritz step
  let values: Float64Array;
  let iterations = 0;
  let maxResidual: number;
  let converged = false;
  const residual = new Float64Array(n * 2);
  for (;;) {
    // Rayleigh–Ritz on the orthonormal basis s[0, k).
    const hRe = new Float64Array(k * k);
    const hIm = new Float64Array(k * k);
    for (let i = 0; i < k; i++) {
      for (let j = i; j < k; j++) {
        const [re, im] = dot(s, i, as, j, n);
        hRe[i * k + j] = re;
        hIm[i * k + j] = im;
        hRe[j * k + i] = re;
        hIm[j * k + i] = -im;
      }
    }
    const eig = hermitianEigen(hRe, hIm, k);
    values = eig.values.slice(0, m);
    if (k > m) {
      // New directions: the part of the new X that came from W and the old P; then X = P + X_old·C_top.
      combine(s, m, k, eig.vectorsRe, eig.vectorsIm, k, m, n, p, false);
      combine(as, m, k, eig.vectorsRe, eig.vectorsIm, k, m, n, ap, false);
      pCount = m;
      x.re.set(p.re.subarray(0, m * n));
      x.im.set(p.im.subarray(0, m * n));
      ax.re.set(ap.re.subarray(0, m * n));
      ax.im.set(ap.im.subarray(0, m * n));
      combine(s, 0, m, eig.vectorsRe, eig.vectorsIm, k, m, n, x, true);
      combine(as, 0, m, eig.vectorsRe, eig.vectorsIm, k, m, n, ax, true);
    } else {
      combine(s, 0, m, eig.vectorsRe, eig.vectorsIm, k, m, n, x, false);
      combine(as, 0, m, eig.vectorsRe, eig.vectorsIm, k, m, n, ax, false);
    }

    // Residuals and the convergence test.
    const top = Math.max(Math.abs(values[m - 1] as number), 1e-300);
    const active: number[] = [];
    maxResidual = 0;
    for (let j = 0; j < m; j++) {
      const lambda = values[j] as number;
      let sum = 0;
      for (let t = 0; t < n; t++) {
        const rr = (ax.re[j * n + t] as number) - lambda * (x.re[j * n + t] as number);
        const ri = (ax.im[j * n + t] as number) - lambda * (x.im[j * n + t] as number);
        sum += rr * rr + ri * ri;
      }
      const relative = Math.sqrt(sum) / Math.max(Math.abs(lambda), 1e-3 * top);
      if (j < wanted) maxResidual = Math.max(maxResidual, relative);
      if (relative > options.tolerance) active.push(j);
    }
    if (maxResidual <= options.tolerance) {
      converged = true;
      break;
    }
    if (iterations >= options.maxIterations) break;
    iterations++;
    // Soft locking: converged vectors stay in X but contribute no residual and no search direction.
    if (pCount > 0) {
      active.forEach((j, to) => {
        if (j === to) return;
        copyVector(p, to, p, j, n);
        copyVector(ap, to, ap, j, n);
      });
      pCount = active.length;
    }

    // Basis for the next step: [X, W, P].
    s.re.set(x.re.subarray(0, m * n));
    s.im.set(x.im.subarray(0, m * n));
    as.re.set(ax.re.subarray(0, m * n));
    as.im.set(ax.im.subarray(0, m * n));
    let w = 0;
    for (const j of active) {
      if (m + w >= capacity) break;
      const o = (m + w) * n;
      const lambda = values[j] as number;
      for (let t = 0; t < n; t++) {
        const d = problem.preconditioner[t] as number;
        residual[t] = (ax.re[j * n + t] as number) - lambda * (x.re[j * n + t] as number);
        residual[n + t] = (ax.im[j * n + t] as number) - lambda * (x.im[j * n + t] as number);
        s.re[o + t] = d * (residual[t] as number);
        s.im[o + t] = d * (residual[n + t] as number);
      }
      zeroFixed(s, m + w, n, fixed);
      w++;
    }
    w = orthonormalise(s, m, w, n, null);
    yield* applyRange(m, w);
    let kept = 0;
    if (pCount > 0) {
      const room = Math.min(pCount, capacity - m - w);
      for (let j = 0; j < room; j++) {
        copyVector(s, m + w + j, p, j, n);
        copyVector(as, m + w + j, ap, j, n);
      }
      kept = orthonormalise(s, m + w, room, n, as);
    }
    k = m + w + kept;
    if (k === m) break; // nothing new to search: the block is an invariant subspace to rounding
  }
  return { values, vectorsRe: x.re.slice(0, m * n), vectorsIm: x.im.slice(0, m * n), iterations, converged, maxResidual, applications };
}
