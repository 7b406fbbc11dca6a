/**
 * Eigenvalues and eigenvectors of a complex Hermitian matrix, the cheap special case of ./eig.ts that
 * RCWA meets in every lossless layer under TE (Kx² − [[ε]] with real ε is Hermitian):
 * 1. Householder reduction to a Hermitian tridiagonal T = Qᴴ·A·Q with the symmetric rank-2 update
 *    (Golub & Van Loan, Matrix Computations, 4th ed., §8.3.1);
 * 2. a diagonal unitary D that makes the tridiagonal real, so T = D·T_r·Dᴴ with T_r real symmetric;
 * 3. the implicit QL iteration with shifts on T_r, rotating real eigenvectors (EISPACK's tql2, as in
 *    JAMA's EigenvalueDecomposition);
 * 4. eigenvectors Q·D·z, with Q applied as its reflectors.
 * About a quarter of the floating-point work of the general Schur path, and the eigenvalues come out
 * exactly real. Only the lower triangle of A is read (an A Hermitian up to rounding is fine).
 */
import { zeros, type CMatrix } from './cmatrix.ts';
import type { EigenResult } from './eig.ts';

const MAX_SWEEPS_PER_VALUE = 30;

export function eigHermitian(a: CMatrix): EigenResult {
  const n = a.rows;
  if (a.cols !== n) throw new Error(`eig: ${a.rows}×${a.cols} is not square`);
  const br = a.re.slice();
  const bi = a.im.slice();
  // Reflector k acts on rows/columns k+1…n−1: v in row k of (ur, ui), its factor 2/‖v‖² in f[k].
  const ur = new Float64Array(n * n);
  const ui = new Float64Array(n * n);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const eRe = new Float64Array(n);
  const eIm = new Float64Array(n);
  tridiagonalize(n, br, bi, ur, ui, f, d, eRe, eIm);
  // D: δ₀ = 1, δ_{i+1} = δ_i·e_i/|e_i|, so that conj(δ_{i+1})·e_i·δ_i = |e_i|.
  const dr = new Float64Array(n);
  const di = new Float64Array(n);
  const e = new Float64Array(n);
  dr[0] = 1;
  for (let i = 0; i + 1 < n; i++) {
    const m = Math.hypot(eRe[i] as number, eIm[i] as number);
    e[i] = m;
    const pr = m === 0 ? 1 : (eRe[i] as number) / m;
    const pi = m === 0 ? 0 : (eIm[i] as number) / m;
    dr[i + 1] = (dr[i] as number) * pr - (di[i] as number) * pi;
    di[i + 1] = (dr[i] as number) * pi + (di[i] as number) * pr;
  }
  const z = new Float64Array(n * n);
  for (let i = 0; i < n; i++) z[i * n + i] = 1;
  tql2(n, d, e, z);
  // Y = D·z, then Y ← H₀·H₁·…·Y (last reflector first).
  const vectors = zeros(n);
  const { re: yr, im: yi } = vectors;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      yr[i * n + j] = (dr[i] as number) * (z[i * n + j] as number);
      yi[i * n + j] = (di[i] as number) * (z[i * n + j] as number);
    }
  }
  applyReflectors(n, ur, ui, f, yr, yi);
  normaliseColumns(n, yr, yi);
  return { valuesRe: d, valuesIm: new Float64Array(n), vectors };
}

/**
 * In place on the lower triangle and the trailing blocks: B ← H·B·H per step. Leaves the real diagonal
 * in d and the complex subdiagonal T[i+1][i] in (eRe, eIm).
 */
function tridiagonalize(
  n: number,
  br: Float64Array,
  bi: Float64Array,
  ur: Float64Array,
  ui: Float64Array,
  f: Float64Array,
  d: Float64Array,
  eRe: Float64Array,
  eIm: Float64Array,
): void {
  const pr = new Float64Array(n);
  const pi = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    let alpha = 0;
    for (let i = k + 1; i < n; i++) alpha += (br[i * n + k] as number) ** 2 + (bi[i * n + k] as number) ** 2;
    alpha = Math.sqrt(alpha);
    const x0r = br[(k + 1) * n + k] as number;
    const x0i = bi[(k + 1) * n + k] as number;
    const x0abs = Math.hypot(x0r, x0i);
    if (alpha === 0 || alpha === x0abs) {
      // Nothing below the subdiagonal to annihilate: no reflector (f = 0).
      f[k] = 0;
      continue;
    }
    const phr = x0abs === 0 ? 1 : x0r / x0abs;
    const phi = x0abs === 0 ? 0 : x0i / x0abs;
    const row = k * n;
    for (let i = k + 1; i < n; i++) {
      ur[row + i] = br[i * n + k] as number;
      ui[row + i] = bi[i * n + k] as number;
    }
    ur[row + k + 1] = x0r + phr * alpha;
    ui[row + k + 1] = x0i + phi * alpha;
    let vv = 0;
    for (let i = k + 1; i < n; i++) vv += (ur[row + i] as number) ** 2 + (ui[row + i] as number) ** 2;
    const fk = 2 / vv;
    f[k] = fk;
    // H·x = −e^{iφ}·α·e₁: the new subdiagonal entry; the rest of the column is zero.
    br[(k + 1) * n + k] = -phr * alpha;
    bi[(k + 1) * n + k] = -phi * alpha;
    for (let i = k + 2; i < n; i++) {
      br[i * n + k] = 0;
      bi[i * n + k] = 0;
    }
    // p = f·B·v on the trailing block, reading only its lower triangle, one row at a time (as a
    // symmetric matrix-vector product: row i adds B_ij·v_j to p_i and conj(B_ij)·v_i to p_j).
    for (let i = k + 1; i < n; i++) {
      pr[i] = 0;
      pi[i] = 0;
    }
    for (let i = k + 1; i < n; i++) {
      const vr = ur[row + i] as number;
      const vi = ui[row + i] as number;
      let sr = pr[i] as number;
      let si = pi[i] as number;
      for (let j = k + 1; j < i; j++) {
        const mr = br[i * n + j] as number;
        const mi = bi[i * n + j] as number;
        const wr = ur[row + j] as number;
        const wi = ui[row + j] as number;
        sr += mr * wr - mi * wi;
        si += mr * wi + mi * wr;
        pr[j] = (pr[j] as number) + (mr * vr + mi * vi);
        pi[j] = (pi[j] as number) + (mr * vi - mi * vr);
      }
      const diag = br[i * n + i] as number;
      pr[i] = sr + diag * vr;
      pi[i] = si + diag * vi;
    }
    for (let i = k + 1; i < n; i++) {
      pr[i] = fk * (pr[i] as number);
      pi[i] = fk * (pi[i] as number);
    }
    // K = (f/2)·vᴴ·p (real for Hermitian B), q = p − K·v.
    let kk = 0;
    for (let i = k + 1; i < n; i++) kk += (ur[row + i] as number) * (pr[i] as number) + (ui[row + i] as number) * (pi[i] as number);
    kk *= fk / 2;
    for (let i = k + 1; i < n; i++) {
      pr[i] = (pr[i] as number) - kk * (ur[row + i] as number);
      pi[i] = (pi[i] as number) - kk * (ui[row + i] as number);
    }
    // B ← B − v·qᴴ − q·vᴴ on the lower triangle.
    for (let i = k + 1; i < n; i++) {
      const vr = ur[row + i] as number;
      const vi = ui[row + i] as number;
      const qr = pr[i] as number;
      const qi = pi[i] as number;
      for (let j = k + 1; j <= i; j++) {
        const wr = ur[row + j] as number;
        const wi = ui[row + j] as number;
        const sr = pr[j] as number;
        const si = pi[j] as number;
        // v_i·conj(q_j) + q_i·conj(v_j)
        br[i * n + j] = (br[i * n + j] as number) - (vr * sr + vi * si + (qr * wr + qi * wi));
        bi[i * n + j] = (bi[i * n + j] as number) - (vi * sr - vr * si + (qi * wr - qr * wi));
      }
    }
  }
  for (let i = 0; i < n; i++) d[i] = br[i * n + i] as number;
  for (let i = 0; i + 1 < n; i++) {
    eRe[i] = br[(i + 1) * n + i] as number;
    eIm[i] = bi[(i + 1) * n + i] as number;
  }
}

/**
 * Implicit QL on the real symmetric tridiagonal (diagonal d, subdiagonal e[i] between i and i+1,
 * e[n−1] = 0), rotating the columns of z (row-major n×n). d ends as the eigenvalues, unsorted.
 */
function tql2(n: number, d: Float64Array, e: Float64Array, z: Float64Array): void {
  let f = 0;
  let tst1 = 0;
  const eps = Number.EPSILON;
  let sweeps = 0;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l] as number) + Math.abs(e[l] as number));
    let m = l;
    while (m < n - 1 && Math.abs(e[m] as number) > eps * tst1) m++;
    if (m > l) {
      do {
        if (++sweeps > MAX_SWEEPS_PER_VALUE * n) throw new Error('eig: the QL iteration did not converge');
        let g = d[l] as number;
        let p = ((d[l + 1] as number) - g) / (2 * (e[l] as number));
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = (e[l] as number) / (p + r);
        d[l + 1] = (e[l] as number) * (p + r);
        const dl1 = d[l + 1] as number;
        let h = g - (d[l] as number);
        for (let i = l + 2; i < n; i++) d[i] = (d[i] as number) - h;
        f += h;
        p = d[m] as number;
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1] as number;
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * (e[i] as number);
          h = c * p;
          r = Math.hypot(p, e[i] as number);
          e[i + 1] = s * r;
          s = (e[i] as number) / r;
          c = p / r;
          p = c * (d[i] as number) - s * g;
          d[i + 1] = h + s * (c * g + s * (d[i] as number));
          for (let k = 0; k < n; k++) {
            const zi = z[k * n + i] as number;
            const zi1 = z[k * n + i + 1] as number;
            z[k * n + i + 1] = s * zi + c * zi1;
            z[k * n + i] = c * zi - s * zi1;
          }
        }
        p = (-s * s2 * c3 * el1 * (e[l] as number)) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l] as number) > eps * tst1);
    }
    d[l] = (d[l] as number) + f;
    e[l] = 0;
  }
}

/** Y ← H_k·Y for k = n−3 … 0, H_k = I − f_k·v·vᴴ on rows k+1…n−1 (column sums accumulated row by row). */
function applyReflectors(n: number, ur: Float64Array, ui: Float64Array, f: Float64Array, yr: Float64Array, yi: Float64Array): void {
  const sr = new Float64Array(n);
  const si = new Float64Array(n);
  for (let k = n - 3; k >= 0; k--) {
    const fk = f[k] as number;
    if (fk === 0) continue;
    const row = k * n;
    sr.fill(0);
    si.fill(0);
    for (let i = k + 1; i < n; i++) {
      const vr = ur[row + i] as number;
      const vi = ui[row + i] as number;
      for (let j = 0; j < n; j++) {
        const a = yr[i * n + j] as number;
        const b = yi[i * n + j] as number;
        // conj(v_i)·Y_ij
        sr[j] = (sr[j] as number) + (vr * a + vi * b);
        si[j] = (si[j] as number) + (vr * b - vi * a);
      }
    }
    for (let i = k + 1; i < n; i++) {
      const vr = fk * (ur[row + i] as number);
      const vi = fk * (ui[row + i] as number);
      for (let j = 0; j < n; j++) {
        const a = sr[j] as number;
        const b = si[j] as number;
        yr[i * n + j] = (yr[i * n + j] as number) - (vr * a - vi * b);
        yi[i * n + j] = (yi[i * n + j] as number) - (vr * b + vi * a);
      }
    }
  }
}

function normaliseColumns(n: number, yr: Float64Array, yi: Float64Array): void {
  const norms = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) norms[j] = (norms[j] as number) + (yr[i * n + j] as number) ** 2 + (yi[i * n + j] as number) ** 2;
  }
  for (let j = 0; j < n; j++) norms[j] = 1 / Math.sqrt(norms[j] as number);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      yr[i * n + j] = (yr[i * n + j] as number) * (norms[j] as number);
      yi[i * n + j] = (yi[i * n + j] as number) * (norms[j] as number);
    }
  }
}
