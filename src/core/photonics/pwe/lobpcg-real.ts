/**
 * LOBPCG for the lowest eigenpairs of the real symmetric Θ of a cell with inversion symmetry, with
 * every length-n operation on a block kernel (block-kernel.ts: WASM or the TypeScript reference)
 * and only the small Rayleigh–Ritz matrices in TypeScript. Same method as lobpcg.ts (Knyazev 2001),
 * organised for few passes over the vectors:
 * - the basis [X, P, W] is orthonormal by construction (Hetmaniuk & Lehoucq, J. Comput. Phys. 218,
 *   324 (2006)): the new X and P are S·C and S·Q with C the Ritz vectors and Q the non-X part of C
 *   orthonormalised against C in the small space, so XᵀX = PᵀP = I and XᵀP = 0 need no work, and
 *   XᵀAX = Λ, XᵀAP = CᵀHQ, PᵀAP = QᵀHQ come from the small matrices; only W (the preconditioned
 *   residuals) is orthogonalised against [X, P] on the vectors, and only [X, P, W]ᵀ·AW is computed;
 * - W is orthonormalised by SVQB (Stathopoulos & Wu, SIAM J. Sci. Comput. 23, 2165 (2002)):
 *   the eigen-decomposition of its Gram matrix, dropping directions that have become dependent;
 * - products are whole-block (Gram matrices, block combinations) and Θ takes a block at a time.
 * Convergence is the same test as lobpcg.ts: ‖Ax − λx‖ ≤ tolerance·max(|λ|, 10⁻³·λ_top).
 */
import { createRng } from '../../stats/rng.ts';
import type { BlockEigenOptions, BlockEigenResult } from './lobpcg.ts';
import type { PweBlockKernel } from './block-kernel.ts';
import type { ThetaOperator } from './operator.ts';

export interface RealBlockProblem {
  readonly op: ThetaOperator;
  /** Diagonal preconditioner (≈ Θ⁻¹ on the diagonal), length op.size. */
  readonly preconditioner: Float64Array;
  /** A component held at zero (the deflated uniform field at Γ), or −1. */
  readonly fixed: number;
}

/** An eigen-direction of a Gram matrix below this fraction of the largest is dropped as dependent. */
const DEPENDENT = 1e-10;
/** SVQB is repeated when the kept directions span more than this condition number (orthogonality ≈ ε·κ). */
const REPEAT_CONDITION = 1e4;

export function lobpcgReal(kernel: PweBlockKernel, problem: RealBlockProblem, options: BlockEigenOptions): BlockEigenResult {
  const n = problem.op.size;
  const free = n - (problem.fixed >= 0 ? 1 : 0);
  const m = Math.min(options.blockSize, free);
  const wanted = Math.min(options.wanted, m);
  if (!(wanted >= 1)) throw new Error('lobpcg: nothing to solve for');
  const cap = 3 * m;
  // Arena: two bases S and two images AS (ping-pong), the residuals (also SVQB's scratch), the
  // preconditioner, a coefficient matrix, a Gram result, λ and the residual norms.
  const lay = { s: [0, cap * n], as: [2 * cap * n, 3 * cap * n], r: 4 * cap * n, d: 4 * cap * n + m * n, c: 4 * cap * n + m * n + n, g: 0, lam: 0, nrm: 0 };
  lay.g = lay.c + cap * cap;
  lay.lam = lay.g + cap * cap;
  lay.nrm = lay.lam + m;
  const { f64 } = kernel.begin(problem.op, lay.nrm + m);
  f64.set(problem.preconditioner, lay.d);
  let cur = 0;
  let applications = 0;
  const S = (): number => lay.s[cur] as number;
  const AS = (): number => lay.as[cur] as number;

  /** The count × count Gram matrix of the block at o. */
  const gramOf = (a: number, na: number, b: number, nb: number): Float64Array => {
    kernel.gram(a, na, b, nb, n, lay.g);
    return f64.slice(lay.g, lay.g + na * nb);
  };
  /** out ← s·c for a small row-major coefficient matrix c (rows × cols). */
  const apply = (s: number, rows: number, c: Float64Array, cols: number, out: number, add: boolean): void => {
    f64.set(c, lay.c);
    kernel.combine(s, rows, lay.c, cols, n, out, add);
  };
  /** Orthonormalises the `count` vectors at o (and their images at oa, when ≥ 0) in place; returns how many are kept (packed first). */
  const svqb = (o: number, count: number, oa: number): number => {
    let kept = count;
    for (let pass = 0; pass < 2 && kept > 0; pass++) {
      const g = gramOf(o, kept, o, kept);
      const d = new Float64Array(kept);
      for (let i = 0; i < kept; i++) {
        const gi = g[i * kept + i] as number;
        d[i] = gi > 0 ? 1 / Math.sqrt(gi) : 0;
      }
      const scaled = new Float64Array(kept * kept);
      for (let i = 0; i < kept; i++) for (let j = 0; j < kept; j++) scaled[i * kept + j] = (d[i] as number) * (g[i * kept + j] as number) * (d[j] as number);
      const e = kernel.symmetricEigen(scaled, kept);
      const top = Math.max(e.values[kept - 1] as number, 0);
      const keep: number[] = [];
      for (let j = kept - 1; j >= 0; j--) if ((e.values[j] as number) > DEPENDENT * top) keep.push(j);
      if (keep.length === 0) return 0;
      const cols = keep.length;
      const c = new Float64Array(kept * cols);
      keep.forEach((j, to) => {
        const s = 1 / Math.sqrt(e.values[j] as number);
        for (let i = 0; i < kept; i++) c[i * cols + to] = (d[i] as number) * (e.vectors[i * kept + j] as number) * s;
      });
      apply(o, kept, c, cols, lay.r, false);
      f64.copyWithin(o, lay.r, lay.r + cols * n);
      if (oa >= 0) {
        apply(oa, kept, c, cols, lay.r, false);
        f64.copyWithin(oa, lay.r, lay.r + cols * n);
      }
      const smallest = e.values[keep[cols - 1] as number] as number;
      kept = cols;
      if (top <= REPEAT_CONDITION * smallest) break;
    }
    return kept;
  };

  // Starting block: the given vectors, then seeded random ones shaped by the preconditioner.
  const rng = createRng(options.seed);
  let count = 0;
  const init = options.initial;
  if (init) {
    count = Math.min(init.count, m);
    f64.set(init.re.subarray(0, count * n), S());
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    for (let j = count; j < m; j++) {
      for (let t = 0; t < n; t++) {
        f64[S() + j * n + t] = rng.uniform(-1, 1) * (problem.preconditioner[t] as number);
        rng.next(); // the imaginary part the complex solver draws: keeps the two solvers' random streams alike
      }
    }
    if (problem.fixed >= 0) for (let j = 0; j < m; j++) f64[S() + j * n + problem.fixed] = 0;
    count = svqb(S(), m, -1);
    if (count === m) break;
  }
  if (count < m) throw new Error('lobpcg: could not build an independent starting block');
  kernel.theta(S(), m, AS());
  applications += m;

  // Rayleigh–Ritz on X alone.
  let lambda: Float64Array;
  {
    const h = gramOf(S(), m, AS(), m);
    const e = kernel.symmetricEigen(symmetrised(h, m), m);
    lambda = e.values.slice(0, m);
    const other = 1 - cur;
    apply(S(), m, e.vectors, m, lay.s[other] as number, false);
    apply(AS(), m, e.vectors, m, lay.as[other] as number, false);
    cur = other;
  }
  let np = 0;
  let hxp: Float64Array = new Float64Array(0); // m × np
  let hpp: Float64Array = new Float64Array(0); // np × np
  let iterations = 0;
  let converged = false;
  let maxResidual: number;
  for (;;) {
    f64.set(lambda, lay.lam);
    kernel.residual(S(), AS(), lay.lam, m, n, lay.r, lay.nrm);
    const top = Math.max(Math.abs(lambda[m - 1] as number), 1e-300);
    const active: number[] = [];
    maxResidual = 0;
    for (let j = 0; j < m; j++) {
      const relative = Math.sqrt(f64[lay.nrm + j] as number) / Math.max(Math.abs(lambda[j] as number), 1e-3 * top);
      if (j < wanted) maxResidual = Math.max(maxResidual, relative);
      if (relative > options.tolerance) active.push(j);
    }
    if (maxResidual <= options.tolerance) {
      converged = true;
      break;
    }
    if (iterations >= options.maxIterations) break;
    iterations++;

    // W: the preconditioned residuals of the active vectors, orthogonal to [X, P] (twice is enough) and orthonormal.
    const xp = m + np;
    const w0 = S() + xp * n;
    active.forEach((j, i) => f64.copyWithin(w0 + i * n, lay.r + j * n, lay.r + (j + 1) * n));
    kernel.precondition(w0, active.length, n, lay.d, problem.fixed);
    // One projection, and a second only where the first cancelled most of a vector ("twice is enough", Kahan–Parlett).
    kernel.norms(w0, active.length, n, lay.nrm);
    const before = f64.slice(lay.nrm, lay.nrm + active.length);
    for (let pass = 0; pass < 2; pass++) {
      const g = gramOf(S(), xp, w0, active.length);
      for (let i = 0; i < g.length; i++) g[i] = -(g[i] as number);
      apply(S(), xp, g, active.length, w0, true);
      if (pass === 1) break;
      kernel.norms(w0, active.length, n, lay.nrm);
      let cancelled = false;
      for (let j = 0; j < active.length; j++) if ((f64[lay.nrm + j] as number) < 0.25 * (before[j] as number)) cancelled = true;
      if (!cancelled) break;
    }
    const nw = svqb(w0, active.length, -1);
    if (nw === 0 && np === 0) break; // nothing new to search: the block is invariant to rounding
    kernel.theta(w0, nw, AS() + xp * n);
    applications += nw;

    // Rayleigh–Ritz on [X, P, W].
    const k = xp + nw;
    const h = new Float64Array(k * k);
    for (let j = 0; j < m; j++) h[j * k + j] = lambda[j] as number;
    for (let i = 0; i < m; i++) for (let j = 0; j < np; j++) h[i * k + m + j] = hxp[i * np + j] as number;
    for (let i = 0; i < np; i++) for (let j = 0; j < np; j++) h[(m + i) * k + m + j] = hpp[i * np + j] as number;
    const cross = gramOf(S(), k, AS() + xp * n, nw); // [X, P, W]ᵀ·AW
    for (let i = 0; i < k; i++) for (let j = 0; j < nw; j++) h[i * k + xp + j] = cross[i * nw + j] as number;
    const hs = symmetrised(h, k);
    const e = kernel.symmetricEigen(hs, k);
    lambda = e.values.slice(0, m);
    const c = new Float64Array(k * m);
    for (let i = 0; i < k; i++) for (let j = 0; j < m; j++) c[i * m + j] = e.vectors[i * k + j] as number;
    const q = searchDirections(c, k, m, active);
    const nq = q.length / k;
    // The new X and P side by side (one pass over S for both): coefficients [C | Q].
    const other = 1 - cur;
    const cq = new Float64Array(k * (m + nq));
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < m; j++) cq[i * (m + nq) + j] = c[i * m + j] as number;
      for (let j = 0; j < nq; j++) cq[i * (m + nq) + m + j] = q[i * nq + j] as number;
    }
    apply(S(), k, cq, m + nq, lay.s[other] as number, false);
    apply(AS(), k, cq, m + nq, lay.as[other] as number, false);
    // XᵀAP and PᵀAP of the new basis, from the small matrices.
    const hq = mulSmall(hs, k, k, q, nq);
    hxp = mulSmallTransposed(c, k, m, hq, nq);
    hpp = mulSmallTransposed(q, k, nq, hq, nq);
    np = nq;
    cur = other;
  }
  return {
    values: lambda,
    vectorsRe: f64.slice(S(), S() + m * n),
    vectorsIm: new Float64Array(m * n),
    iterations,
    converged,
    maxResidual,
    applications,
  };
}

/** (h + hᵀ)/2 for a k × k row-major h whose lower or upper part may be missing (zero) where symmetric. */
function symmetrised(h: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    out[i * k + i] = h[i * k + i] as number;
    for (let j = i + 1; j < k; j++) {
      const a = h[i * k + j] as number;
      const b = h[j * k + i] as number;
      // Blocks filled on one side only (the W columns, the carried P blocks) have a zero mirror.
      const v = a !== 0 && b !== 0 ? (a + b) / 2 : a !== 0 ? a : b;
      out[i * k + j] = v;
      out[j * k + i] = v;
    }
  }
  return out;
}

/**
 * Search directions of the next step: the [P, W] part of the active Ritz vectors (the X rows
 * zeroed), orthonormalised against every Ritz vector and each other in the small space (two
 * passes), dependent ones dropped. Returns k × count, row-major.
 */
function searchDirections(c: Float64Array, k: number, m: number, active: readonly number[]): Float64Array {
  // Columns contiguous (column-major copies): the small loops below then run over consecutive entries.
  const ct = new Float64Array(m * k);
  for (let i = 0; i < k; i++) for (let l = 0; l < m; l++) ct[l * k + i] = c[i * m + l] as number;
  const q = new Float64Array(active.length * k);
  let count = 0;
  const v = new Float64Array(k);
  const project = (basis: Float64Array, columns: number): void => {
    for (let l = 0; l < columns; l++) {
      const o = l * k;
      let d = 0;
      for (let i = 0; i < k; i++) d += (basis[o + i] as number) * (v[i] as number);
      for (let i = 0; i < k; i++) v[i] = (v[i] as number) - d * (basis[o + i] as number);
    }
  };
  for (const j of active) {
    v.fill(0);
    for (let i = m; i < k; i++) v[i] = ct[j * k + i] as number;
    let before = 0;
    for (let i = 0; i < k; i++) before += (v[i] as number) ** 2;
    before = Math.sqrt(before);
    if (!(before > 0)) continue;
    for (let pass = 0; pass < 2; pass++) {
      project(ct, m);
      project(q, count);
    }
    let after = 0;
    for (let i = 0; i < k; i++) after += (v[i] as number) ** 2;
    after = Math.sqrt(after);
    if (!(after > 1e-8 * before)) continue;
    for (let i = 0; i < k; i++) q[count * k + i] = (v[i] as number) / after;
    count++;
  }
  // Back to row-major k × count.
  const out = new Float64Array(k * count);
  for (let l = 0; l < count; l++) for (let i = 0; i < k; i++) out[i * count + l] = q[l * k + i] as number;
  return out;
}

/** a (r × s) · b (s × t), row-major. */
function mulSmall(a: Float64Array, r: number, s: number, b: Float64Array, t: number): Float64Array {
  const out = new Float64Array(r * t);
  for (let i = 0; i < r; i++) for (let l = 0; l < s; l++) {
    const x = a[i * s + l] as number;
    if (x === 0) continue;
    for (let j = 0; j < t; j++) out[i * t + j] = (out[i * t + j] as number) + x * (b[l * t + j] as number);
  }
  return out;
}

/** aᵀ (a is s × r) · b (s × t), row-major: r × t. */
function mulSmallTransposed(a: Float64Array, s: number, r: number, b: Float64Array, t: number): Float64Array {
  const out = new Float64Array(r * t);
  for (let l = 0; l < s; l++) for (let i = 0; i < r; i++) {
    const x = a[l * r + i] as number;
    if (x === 0) continue;
    for (let j = 0; j < t; j++) out[i * t + j] = (out[i * t + j] as number) + x * (b[l * t + j] as number);
  }
  return out;
}
