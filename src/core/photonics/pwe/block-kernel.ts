/**
 * The vector work of the real block eigensolver (lobpcg-real.ts) behind one interface, so the same
 * iteration runs on the TypeScript reference below or on the WASM build (assembly/_pwe-block.ts,
 * wrapped by block-kernel-wasm.ts). Everything lives in one arena of doubles: a block of `count`
 * vectors of length n sits vector after vector from an offset, and every call takes offsets into
 * the arena (in doubles), so on WASM nothing is copied between the calls of an iteration. Only the
 * small k × k matrices of the Rayleigh–Ritz step are read and written by the caller.
 */
import { eigHermitian } from '../linalg/hermitian-eig.ts';
import { combineInArena } from '../linalg/krylov-kernel.ts';
import { applyTheta, createThetaWork, type ThetaOperator, type ThetaWork } from './operator.ts';

/**
 * Largest Rayleigh–Ritz matrix (3 × the block) a kernel solves without touching memory outside
 * what begin() reserved; the band solver keeps larger blocks (more than 30 bands) on its
 * TypeScript LOBPCG.
 */
export const MAX_RITZ = 96;

export interface PweArena {
  /** The arena (on WASM a view of the kernel's memory, valid for the whole solve of one k-point). */
  readonly f64: Float64Array;
  /** Offset of the caller's `doubles` in f64. */
  readonly base: number;
}

/** Eigenpairs of a small real symmetric matrix: values ascending, vector j as column j of a k × k row-major matrix. */
export interface SmallEigen {
  readonly values: Float64Array;
  readonly vectors: Float64Array;
}

export interface PweBlockKernel {
  readonly id: 'wasm' | 'reference';
  /**
   * Makes `op` the operator of theta() and reserves `doubles` of arena. Earlier arenas and views
   * become invalid. op must be real (a cell with inversion symmetry) and its grid side odd.
   */
  begin(op: ThetaOperator, doubles: number): PweArena;
  /** out[i·nb + j] = a_iᵀ b_j. */
  gram(a: number, na: number, b: number, nb: number, n: number, out: number): void;
  /** out_j = [out_j +] Σ_i c[i·m + j]·s_i, i < ns, j < m; out must not overlap s. */
  combine(s: number, ns: number, c: number, m: number, n: number, out: number, add: boolean): void;
  /** out_j = ax_j − λ_j x_j and norms[j] = ‖out_j‖², j < m. */
  residual(x: number, ax: number, lambda: number, m: number, n: number, out: number, norms: number): void;
  /** out[j] = ‖v_j‖², j < m. */
  norms(v: number, m: number, n: number, out: number): void;
  /** v_j ← d ⊙ v_j, and component `fixed` zeroed when ≥ 0. */
  precondition(v: number, m: number, n: number, d: number, fixed: number): void;
  /** y = Θx for `count` real vectors (the operator of the last begin()); x and y must not overlap. */
  theta(x: number, count: number, y: number): void;
  /** All eigenpairs of the symmetric k × k matrix at `a` (lower triangle read). */
  symmetricEigen(a: Float64Array, k: number): SmallEigen;
}

/** Sorts eigenpairs ascending (ties keep their order), columns of a row-major k × k matrix. */
export function sortedEigen(values: Float64Array, vectors: Float64Array, k: number): SmallEigen {
  const order = Array.from({ length: k }, (_, i) => i).sort((a, b) => (values[a] as number) - (values[b] as number) || a - b);
  const v = new Float64Array(k);
  const x = new Float64Array(k * k);
  order.forEach((from, to) => {
    v[to] = values[from] as number;
    for (let i = 0; i < k; i++) x[i * k + to] = vectors[i * k + from] as number;
  });
  return { values: v, vectors: x };
}

/** The TypeScript reference: plain loops, and Θ by operator.ts (direct DFT) on each vector with a zero imaginary part. */
export function createReferencePweBlockKernel(): PweBlockKernel {
  let f64 = new Float64Array(0);
  let op: ThetaOperator | null = null;
  let work: ThetaWork | null = null;
  let zero = new Float64Array(0);
  let scratchRe = new Float64Array(0);
  let scratchIm = new Float64Array(0);
  return {
    id: 'reference',
    begin(next, doubles) {
      if (f64.length < doubles) f64 = new Float64Array(doubles);
      if (!work || op?.plan !== next.plan) work = createThetaWork(next.plan);
      op = next;
      if (zero.length !== next.size) {
        zero = new Float64Array(next.size);
        scratchRe = new Float64Array(next.size);
        scratchIm = new Float64Array(next.size);
      }
      return { f64, base: 0 };
    },
    gram(a, na, b, nb, n, out) {
      for (let i = 0; i < na; i++) {
        for (let j = 0; j < nb; j++) {
          let s = 0;
          for (let t = 0; t < n; t++) s += (f64[a + i * n + t] as number) * (f64[b + j * n + t] as number);
          f64[out + i * nb + j] = s;
        }
      }
    },
    combine: (s, ns, c, m, n, out, add) => combineInArena(f64, s, ns, c, m, n, out, add),
    residual(x, ax, lambda, m, n, out, norms) {
      for (let j = 0; j < m; j++) {
        const l = f64[lambda + j] as number;
        let sum = 0;
        for (let t = 0; t < n; t++) {
          const r = (f64[ax + j * n + t] as number) - l * (f64[x + j * n + t] as number);
          f64[out + j * n + t] = r;
          sum += r * r;
        }
        f64[norms + j] = sum;
      }
    },
    norms(v, m, n, out) {
      for (let j = 0; j < m; j++) {
        let sum = 0;
        for (let t = 0; t < n; t++) sum += (f64[v + j * n + t] as number) ** 2;
        f64[out + j] = sum;
      }
    },
    precondition(v, m, n, d, fixed) {
      for (let j = 0; j < m; j++) {
        for (let t = 0; t < n; t++) f64[v + j * n + t] = (f64[v + j * n + t] as number) * (f64[d + t] as number);
        if (fixed >= 0) f64[v + j * n + fixed] = 0;
      }
    },
    theta(x, count, y) {
      if (!op || !work) throw new Error('pwe block kernel: theta() before begin()');
      const n = op.size;
      for (let j = 0; j < count; j++) {
        applyTheta(op, f64.subarray(x + j * n, x + (j + 1) * n), zero, scratchRe, scratchIm, work);
        f64.set(scratchRe, y + j * n);
      }
    },
    symmetricEigen(a, k) {
      const r = eigHermitian({ rows: k, cols: k, re: a, im: new Float64Array(k * k) });
      return sortedEigen(r.valuesRe, r.vectors.re, k);
    },
  };
}
