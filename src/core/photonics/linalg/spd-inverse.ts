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
  // M = L⁻¹ (lower triangular), column by column.
  const m = new Float64Array(n * n);
  for (let c = 0; c < n; c++) {
    m[c * n + c] = 1 / (l[c * n + c] as number);
    for (let i = c + 1; i < n; i++) {
      let s = 0;
      for (let k = c; k < i; k++) s -= (l[i * n + k] as number) * (m[k * n + c] as number);
      m[i * n + c] = s / (l[i * n + i] as number);
    }
  }
  // A⁻¹ = Mᵀ·M: entry (i, j) = Σ_k≥max(i,j) M[k][i]·M[k][j].
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += (m[k * n + i] as number) * (m[k * n + j] as number);
      inv[i * n + j] = s;
      inv[j * n + i] = s;
    }
  }
  return inv;
}
