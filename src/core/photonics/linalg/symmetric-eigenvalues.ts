/**
 * All eigenvalues of a real symmetric matrix, ascending: Householder reduction to tridiagonal form,
 * then the implicit QL iteration with Wilkinson-type shifts (Golub & Van Loan §8.3; the classic
 * tred2/tql1 pair of EISPACK, eigenvalues only). Band structures need the lowest few eigenvalues
 * of a dense symmetric operator per k-point and no vectors, which is exactly this.
 */

/** `a` is n×n row-major and symmetric; it is not modified. */
export function symmetricEigenvalues(a: Float64Array, n: number): Float64Array {
  if (a.length !== n * n) throw new Error(`symmetricEigenvalues: expected ${n * n} entries, got ${a.length}`);
  const m = a.slice();
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  tridiagonalize(m, n, d, e);
  tridiagonalQl(d, e);
  return d.sort();
}

/** Householder: m ← Hᵀ m H step by step; leaves the diagonal in d and the subdiagonal in e (e[i] couples i and i+1). */
function tridiagonalize(m: Float64Array, n: number, d: Float64Array, e: Float64Array): void {
  const v = new Float64Array(n);
  const p = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    let norm = 0;
    for (let i = k + 1; i < n; i++) norm += (m[i * n + k] as number) ** 2;
    norm = Math.sqrt(norm);
    const x0 = m[(k + 1) * n + k] as number;
    if (norm === 0 || norm === Math.abs(x0)) {
      // Already in tridiagonal shape in this column.
      continue;
    }
    const alpha = x0 > 0 ? -norm : norm;
    v.fill(0, 0, k + 1);
    for (let i = k + 1; i < n; i++) v[i] = m[i * n + k] as number;
    v[k + 1] = x0 - alpha;
    let vv = 0;
    for (let i = k + 1; i < n; i++) vv += (v[i] as number) ** 2;
    const beta = 2 / vv;
    // Only the lower triangle of the trailing block is read and written (it stays symmetric), which
    // halves the work; both passes below walk rows, so memory is read contiguously.
    // p = β·M·v over rows k…n−1 (M's column k holds the reflected vector; v is zero at k).
    p.fill(0, k, n);
    for (let j = k; j < n; j++) {
      const row = j * n;
      const vj = v[j] as number;
      let s = 0;
      for (let i = k + 1; i <= j; i++) s += (m[row + i] as number) * (v[i] as number);
      // Entries above the diagonal, m[i][j] for i < j, are m[j][i] here.
      if (vj !== 0) for (let i = k; i < j; i++) p[i] = (p[i] as number) + (m[row + i] as number) * vj;
      p[j] = (p[j] as number) + s;
    }
    for (let i = k; i < n; i++) p[i] = beta * (p[i] as number);
    let vp = 0;
    for (let i = k + 1; i < n; i++) vp += (v[i] as number) * (p[i] as number);
    const kk = (beta * vp) / 2;
    // q = p − K·v; M ← M − v·qᵀ − q·vᵀ on the lower triangle of the trailing block.
    for (let i = k; i < n; i++) p[i] = (p[i] as number) - kk * (v[i] as number);
    for (let i = k; i < n; i++) {
      const vi = v[i] as number;
      const qi = p[i] as number;
      const row = i * n;
      for (let j = k; j <= i; j++) m[row + j] = (m[row + j] as number) - vi * (p[j] as number) - qi * (v[j] as number);
    }
  }
  for (let i = 0; i < n; i++) {
    d[i] = m[i * n + i] as number;
    e[i] = i + 1 < n ? (m[(i + 1) * n + i] as number) : 0;
  }
}

const MAX_QL_ITERATIONS = 60;

/** Implicit QL on the tridiagonal (d, e); eigenvalues overwrite d. */
function tridiagonalQl(d: Float64Array, e: Float64Array): void {
  const n = d.length;
  for (let l = 0; l < n; l++) {
    let iter = 0;
    for (;;) {
      let m = l;
      for (; m < n - 1; m++) {
        const dd = Math.abs(d[m] as number) + Math.abs(d[m + 1] as number);
        if (Math.abs(e[m] as number) <= Number.EPSILON * dd) break;
      }
      if (m === l) break;
      if (++iter > MAX_QL_ITERATIONS) throw new Error('symmetricEigenvalues: the QL iteration did not converge');
      let g = ((d[l + 1] as number) - (d[l] as number)) / (2 * (e[l] as number));
      let r = Math.hypot(g, 1);
      g = (d[m] as number) - (d[l] as number) + (e[l] as number) / (g + (g >= 0 ? r : -r));
      let s = 1;
      let c = 1;
      let p = 0;
      let i = m - 1;
      let underflow = false;
      for (; i >= l; i--) {
        const f = s * (e[i] as number);
        const b = c * (e[i] as number);
        r = Math.hypot(f, g);
        e[i + 1] = r;
        if (r === 0) {
          d[i + 1] = (d[i + 1] as number) - p;
          e[m] = 0;
          underflow = true;
          break;
        }
        s = f / r;
        c = g / r;
        g = (d[i + 1] as number) - p;
        r = ((d[i] as number) - g) * s + 2 * c * b;
        p = s * r;
        d[i + 1] = g + p;
        g = c * r - b;
      }
      if (underflow) continue;
      d[l] = (d[l] as number) - p;
      e[l] = g;
      e[m] = 0;
    }
  }
}
