/**
 * Inverse of a real symmetric positive-definite matrix by Cholesky factorisation (A = L·Lᵀ), then
 * L⁻¹ by forward substitution and A⁻¹ = L⁻ᵀ·L⁻¹. Half the work of LU and no pivoting, and a
 * non-positive pivot proves the matrix was not positive definite (e.g. a permittivity ≤ 0).
 */
export function spdInverse(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let diag = a[j * n + j] as number;
    for (let k = 0; k < j; k++) diag -= (l[j * n + k] as number) ** 2;
    if (!(diag > 0)) throw new Error('spdInverse: the matrix is not positive definite');
    const ljj = Math.sqrt(diag);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j] as number;
      for (let k = 0; k < j; k++) s -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = s / ljj;
    }
  }
  // M = L⁻¹ (lower triangular), row by row: every inner loop walks a row, so memory is read in
  // order (a column-by-column version was ten times slower at n = 841 from cache misses alone).
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const rowI = i * n;
    for (let k = 0; k < i; k++) {
      const lik = l[rowI + k] as number;
      if (lik === 0) continue;
      const rowK = k * n;
      for (let c = 0; c <= k; c++) m[rowI + c] = (m[rowI + c] as number) - lik * (m[rowK + c] as number);
    }
    m[rowI + i] = (m[rowI + i] as number) + 1;
    const lii = l[rowI + i] as number;
    for (let c = 0; c <= i; c++) m[rowI + c] = (m[rowI + c] as number) / lii;
  }
  // A⁻¹ = Mᵀ·M, accumulated one row of M at a time into the lower triangle, then mirrored.
  const inv = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const rowK = k * n;
    for (let i = 0; i <= k; i++) {
      const mki = m[rowK + i] as number;
      if (mki === 0) continue;
      const rowI = i * n;
      for (let j = 0; j <= i; j++) inv[rowI + j] = (inv[rowI + j] as number) + mki * (m[rowK + j] as number);
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) inv[j * n + i] = inv[i * n + j] as number;
  return inv;
}
