/**
 * The Hermitian-definite generalized eigenproblem B·w = λ·A·w (B Hermitian, A Hermitian positive
 * definite), which is what RCWA's lossless TM layers pose: Li's rule gives [[1/ε]]⁻¹·(Kx·[[ε]]⁻¹·Kx − I),
 * and [[1/ε]] is the Toeplitz matrix of a positive function, hence positive definite. The standard
 * reduction (Golub & Van Loan, Matrix Computations, 4th ed., §8.7.2): A = L·Lᴴ by Cholesky,
 * C = L⁻¹·B·L⁻ᴴ is Hermitian, C·y = λ·y by ./hermitian-eig.ts, and w = L⁻ᴴ·y. The eigenvectors come
 * out A-orthonormal (Wᴴ·A·W = I), so W⁻¹ = Wᴴ·A needs no solve. Only lower triangles are read.
 */
import { type CMatrix } from './cmatrix.ts';
import type { EigenResult } from './eig.ts';
import { eigHermitian } from './hermitian-eig.ts';

export function eigHermitianDefinite(b: CMatrix, a: CMatrix): EigenResult {
  const n = b.rows;
  if (b.cols !== n || a.rows !== n || a.cols !== n) throw new Error(`eig: ${b.rows}×${b.cols} and ${a.rows}×${a.cols} are not square of one size`);
  const lr = a.re.slice();
  const li = a.im.slice();
  if (!cholesky(n, lr, li)) throw new Error('eig: the metric matrix is not positive definite');
  const xr = b.re.slice();
  const xi = b.im.slice();
  // X = L⁻¹·B; then C = L⁻¹·Xᴴ, because Xᴴ = B·L⁻ᴴ for a Hermitian B.
  forwardSubstitute(n, lr, li, xr, xi);
  adjointInPlace(n, xr, xi);
  forwardSubstitute(n, lr, li, xr, xi);
  const { valuesRe, valuesIm, vectors } = eigHermitian({ rows: n, cols: n, re: xr, im: xi });
  backSubstituteAdjoint(n, lr, li, vectors.re, vectors.im);
  return { valuesRe, valuesIm, vectors };
}

/** In place on the lower triangle: A = L·Lᴴ with a real positive diagonal; false if A is not positive definite. */
function cholesky(n: number, lr: Float64Array, li: Float64Array): boolean {
  for (let j = 0; j < n; j++) {
    let s = lr[j * n + j] as number;
    for (let k = 0; k < j; k++) s -= (lr[j * n + k] as number) ** 2 + (li[j * n + k] as number) ** 2;
    if (!(s > 0)) return false;
    const d = Math.sqrt(s);
    lr[j * n + j] = d;
    li[j * n + j] = 0;
    for (let i = j + 1; i < n; i++) {
      let tr = lr[i * n + j] as number;
      let ti = li[i * n + j] as number;
      for (let k = 0; k < j; k++) {
        // − L_ik·conj(L_jk)
        const ar = lr[i * n + k] as number;
        const ai = li[i * n + k] as number;
        const br = lr[j * n + k] as number;
        const bi = li[j * n + k] as number;
        tr -= ar * br + ai * bi;
        ti -= ai * br - ar * bi;
      }
      lr[i * n + j] = tr / d;
      li[i * n + j] = ti / d;
    }
  }
  return true;
}

/** X ← L⁻¹·X for the lower-triangular L (n×n) and X (n×n), row by row. */
function forwardSubstitute(n: number, lr: Float64Array, li: Float64Array, xr: Float64Array, xi: Float64Array): void {
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) {
      const ar = lr[i * n + k] as number;
      const ai = li[i * n + k] as number;
      for (let j = 0; j < n; j++) {
        const yr = xr[k * n + j] as number;
        const yi = xi[k * n + j] as number;
        xr[i * n + j] = (xr[i * n + j] as number) - (ar * yr - ai * yi);
        xi[i * n + j] = (xi[i * n + j] as number) - (ar * yi + ai * yr);
      }
    }
    const d = lr[i * n + i] as number;
    for (let j = 0; j < n; j++) {
      xr[i * n + j] = (xr[i * n + j] as number) / d;
      xi[i * n + j] = (xi[i * n + j] as number) / d;
    }
  }
}

/** Y ← L⁻ᴴ·Y: back substitution with the upper-triangular Lᴴ, (Lᴴ)_ik = conj(L_ki). */
function backSubstituteAdjoint(n: number, lr: Float64Array, li: Float64Array, yr: Float64Array, yi: Float64Array): void {
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) {
      const ar = lr[k * n + i] as number;
      const ai = -(li[k * n + i] as number);
      for (let j = 0; j < n; j++) {
        const wr = yr[k * n + j] as number;
        const wi = yi[k * n + j] as number;
        yr[i * n + j] = (yr[i * n + j] as number) - (ar * wr - ai * wi);
        yi[i * n + j] = (yi[i * n + j] as number) - (ar * wi + ai * wr);
      }
    }
    const d = lr[i * n + i] as number;
    for (let j = 0; j < n; j++) {
      yr[i * n + j] = (yr[i * n + j] as number) / d;
      yi[i * n + j] = (yi[i * n + j] as number) / d;
    }
  }
}

function adjointInPlace(n: number, re: Float64Array, im: Float64Array): void {
  for (let i = 0; i < n; i++) {
    im[i * n + i] = -(im[i * n + i] as number);
    for (let j = i + 1; j < n; j++) {
      const a = i * n + j;
      const b = j * n + i;
      const tr = re[a] as number;
      const ti = im[a] as number;
      re[a] = re[b] as number;
      im[a] = -(im[b] as number);
      re[b] = tr;
      im[b] = -ti;
    }
  }
}
