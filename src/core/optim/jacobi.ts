/**
 * Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations. For CMA-ES in 6-D
 * this is exact to machine precision in a handful of sweeps and needs no linear-algebra library.
 */

export interface Eigen {
  /** Eigenvalues, in the order of the columns of `vectors`. */
  values: number[];
  /** Row-major n×n matrix whose columns are the unit eigenvectors. */
  vectors: number[][];
}

const MAX_SWEEPS = 100;

export function jacobiEigen(matrix: readonly (readonly number[])[]): Eigen {
  const n = matrix.length;
  const a = matrix.map((row) => row.slice());
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  const at = (m: number[][], i: number, j: number): number => (m[i] as number[])[j] as number;
  const set = (m: number[][], i: number, j: number, x: number): void => {
    (m[i] as number[])[j] = x;
  };

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let off = 0;
    let scale = 0;
    for (let i = 0; i < n; i++) {
      scale += at(a, i, i) * at(a, i, i);
      for (let j = i + 1; j < n; j++) off += at(a, i, j) * at(a, i, j);
    }
    if (off <= 1e-30 * Math.max(scale, 1e-300)) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = at(a, p, q);
        if (apq === 0) continue;
        const app = at(a, p, p);
        const aqq = at(a, q, q);
        // Rotation angle that zeroes a[p][q] (Numerical Recipes' stable form).
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = at(a, k, p);
          const akq = at(a, k, q);
          set(a, k, p, c * akp - s * akq);
          set(a, k, q, s * akp + c * akq);
        }
        for (let k = 0; k < n; k++) {
          const apk = at(a, p, k);
          const aqk = at(a, q, k);
          set(a, p, k, c * apk - s * aqk);
          set(a, q, k, s * apk + c * aqk);
        }
        for (let k = 0; k < n; k++) {
          const vkp = at(v, k, p);
          const vkq = at(v, k, q);
          set(v, k, p, c * vkp - s * vkq);
          set(v, k, q, s * vkp + c * vkq);
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i] as number), vectors: v };
}
