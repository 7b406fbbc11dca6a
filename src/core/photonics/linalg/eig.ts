/**
 * Eigenvalues and eigenvectors of a general complex matrix: Householder reduction to Hessenberg
 * form, single-shift complex QR iterations with Wilkinson shifts to the Schur form T = Zᴴ·A·Z, then
 * eigenvectors of the triangular T by back-substitution, mapped back through Z (the textbook path:
 * Golub & Van Loan, Matrix Computations, 4th ed., §7.4–7.6). RCWA with Li's factorisation needs the
 * general (non-Hermitian) case; a lossless TE layer would be Hermitian, but one solver serves both.
 */
import { zeros, type CMatrix } from './cmatrix.ts';

export interface EigenResult {
  /** Eigenvalues (re, im). */
  valuesRe: Float64Array;
  valuesIm: Float64Array;
  /** Column k is the unit eigenvector of eigenvalue k. */
  vectors: CMatrix;
}

const MAX_ITERATIONS_PER_VALUE = 60;

export function eig(a: CMatrix): EigenResult {
  const n = a.rows;
  if (a.cols !== n) throw new Error(`eig: ${a.rows}×${a.cols} is not square`);
  const hr = a.re.slice();
  const hi = a.im.slice();
  const zr = new Float64Array(n * n);
  const zi = new Float64Array(n * n);
  for (let i = 0; i < n; i++) zr[i * n + i] = 1;
  hessenberg(n, hr, hi, zr, zi);
  schur(n, hr, hi, zr, zi);
  const valuesRe = new Float64Array(n);
  const valuesIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    valuesRe[k] = hr[k * n + k] as number;
    valuesIm[k] = hi[k * n + k] as number;
  }
  return { valuesRe, valuesIm, vectors: triangularEigenvectors(n, hr, hi, zr, zi) };
}

/** In place: H ← Pᴴ·H·P with Householder reflectors P, accumulated into Z. */
function hessenberg(n: number, hr: Float64Array, hi: Float64Array, zr: Float64Array, zi: Float64Array): void {
  const vr = new Float64Array(n);
  const vi = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    let alpha = 0;
    for (let i = k + 1; i < n; i++) alpha += (hr[i * n + k] as number) ** 2 + (hi[i * n + k] as number) ** 2;
    alpha = Math.sqrt(alpha);
    if (alpha === 0) continue;
    const x0r = hr[(k + 1) * n + k] as number;
    const x0i = hi[(k + 1) * n + k] as number;
    const x0abs = Math.hypot(x0r, x0i);
    // v = x + e^{iφ}·‖x‖·e1 with φ = arg(x0): no cancellation in v0.
    const phr = x0abs === 0 ? 1 : x0r / x0abs;
    const phi = x0abs === 0 ? 0 : x0i / x0abs;
    let vv = 0;
    for (let i = k + 1; i < n; i++) {
      vr[i] = hr[i * n + k] as number;
      vi[i] = hi[i * n + k] as number;
    }
    vr[k + 1] = x0r + phr * alpha;
    vi[k + 1] = x0i + phi * alpha;
    for (let i = k + 1; i < n; i++) vv += (vr[i] as number) ** 2 + (vi[i] as number) ** 2;
    const f = 2 / vv;
    // Left: H ← (I − f v vᴴ) H on rows k+1…n−1.
    for (let j = k; j < n; j++) {
      let sr = 0;
      let si = 0;
      for (let i = k + 1; i < n; i++) {
        const ar = hr[i * n + j] as number;
        const ai = hi[i * n + j] as number;
        sr += (vr[i] as number) * ar + (vi[i] as number) * ai;
        si += (vr[i] as number) * ai - (vi[i] as number) * ar;
      }
      sr *= f;
      si *= f;
      for (let i = k + 1; i < n; i++) {
        hr[i * n + j] = (hr[i * n + j] as number) - ((vr[i] as number) * sr - (vi[i] as number) * si);
        hi[i * n + j] = (hi[i * n + j] as number) - ((vr[i] as number) * si + (vi[i] as number) * sr);
      }
    }
    // Right: H ← H (I − f v vᴴ) on columns k+1…n−1, and the same for Z.
    rightReflect(n, hr, hi, vr, vi, f, k + 1);
    rightReflect(n, zr, zi, vr, vi, f, k + 1);
  }
}

function rightReflect(n: number, mr: Float64Array, mi: Float64Array, vr: Float64Array, vi: Float64Array, f: number, from: number): void {
  for (let i = 0; i < n; i++) {
    let sr = 0;
    let si = 0;
    for (let j = from; j < n; j++) {
      const ar = mr[i * n + j] as number;
      const ai = mi[i * n + j] as number;
      sr += ar * (vr[j] as number) - ai * (vi[j] as number);
      si += ar * (vi[j] as number) + ai * (vr[j] as number);
    }
    sr *= f;
    si *= f;
    for (let j = from; j < n; j++) {
      // s·conj(v_j)
      mr[i * n + j] = (mr[i * n + j] as number) - (sr * (vr[j] as number) + si * (vi[j] as number));
      mi[i * n + j] = (mi[i * n + j] as number) - (si * (vr[j] as number) - sr * (vi[j] as number));
    }
  }
}

/** In place: the Hessenberg H becomes upper triangular T by shifted QR sweeps; Z accumulates. */
function schur(n: number, hr: Float64Array, hi: Float64Array, zr: Float64Array, zi: Float64Array): void {
  const eps = Number.EPSILON;
  const cs = new Float64Array(n);
  const snr = new Float64Array(n);
  const sni = new Float64Array(n);
  let hiIdx = n - 1;
  let iter = 0;
  let totalIter = 0;
  let norm = 0;
  for (let i = 0; i < n * n; i++) norm = Math.max(norm, Math.hypot(hr[i] as number, hi[i] as number));
  const floor = norm * eps;
  while (hiIdx > 0) {
    let l = hiIdx;
    while (l > 0) {
      const sub = Math.hypot(hr[l * n + l - 1] as number, hi[l * n + l - 1] as number);
      const scaleDiag = Math.hypot(hr[(l - 1) * n + l - 1] as number, hi[(l - 1) * n + l - 1] as number) + Math.hypot(hr[l * n + l] as number, hi[l * n + l] as number);
      if (sub <= eps * scaleDiag || sub <= floor) {
        hr[l * n + l - 1] = 0;
        hi[l * n + l - 1] = 0;
        break;
      }
      l--;
    }
    if (l === hiIdx) {
      hiIdx--;
      iter = 0;
      continue;
    }
    iter++;
    totalIter++;
    if (totalIter > MAX_ITERATIONS_PER_VALUE * n) throw new Error('eig: the QR iteration did not converge');
    // Wilkinson shift: the eigenvalue of the trailing 2×2 block nearer its last diagonal entry.
    let mur: number;
    let mui: number;
    if (iter % 11 === 10) {
      // Exceptional shift, to break a cycle.
      mur = (hr[hiIdx * n + hiIdx] as number) + Math.abs(hr[hiIdx * n + hiIdx - 1] as number);
      mui = hi[hiIdx * n + hiIdx] as number;
    } else {
      [mur, mui] = wilkinson(n, hr, hi, hiIdx);
    }
    for (let i = l; i <= hiIdx; i++) {
      hr[i * n + i] = (hr[i * n + i] as number) - mur;
      hi[i * n + i] = (hi[i * n + i] as number) - mui;
    }
    // H − μI = QR: Givens rotations from the left, zeroing the subdiagonal.
    for (let k = l; k < hiIdx; k++) {
      const ar = hr[k * n + k] as number;
      const ai = hi[k * n + k] as number;
      const br = hr[(k + 1) * n + k] as number;
      const bi = hi[(k + 1) * n + k] as number;
      const aAbs = Math.hypot(ar, ai);
      const r = Math.hypot(aAbs, Math.hypot(br, bi));
      let c: number;
      let sr: number;
      let si: number;
      if (r === 0) {
        c = 1;
        sr = 0;
        si = 0;
      } else if (aAbs === 0) {
        c = 0;
        sr = 1;
        si = 0;
      } else {
        c = aAbs / r;
        // s = (a/|a|)·conj(b)/r
        const ur = ar / aAbs;
        const ui = ai / aAbs;
        sr = (ur * br + ui * bi) / r;
        si = (ui * br - ur * bi) / r;
      }
      cs[k] = c;
      snr[k] = sr;
      sni[k] = si;
      // rows k, k+1 ← G·rows, G = [[c, s], [−conj(s), c]]
      for (let j = k; j < n; j++) {
        const xr = hr[k * n + j] as number;
        const xi = hi[k * n + j] as number;
        const yr = hr[(k + 1) * n + j] as number;
        const yi = hi[(k + 1) * n + j] as number;
        hr[k * n + j] = c * xr + (sr * yr - si * yi);
        hi[k * n + j] = c * xi + (sr * yi + si * yr);
        hr[(k + 1) * n + j] = -(sr * xr + si * xi) + c * yr;
        hi[(k + 1) * n + j] = -(sr * xi - si * xr) + c * yi;
      }
    }
    // RQ + μI: the same rotations from the right (Gᴴ), and into Z.
    for (let k = l; k < hiIdx; k++) {
      const c = cs[k] as number;
      const sr = snr[k] as number;
      const si = sni[k] as number;
      const top = Math.min(k + 2, hiIdx);
      rotateColumns(n, hr, hi, k, c, sr, si, top);
      rotateColumns(n, zr, zi, k, c, sr, si, n - 1);
    }
    for (let i = l; i <= hiIdx; i++) {
      hr[i * n + i] = (hr[i * n + i] as number) + mur;
      hi[i * n + i] = (hi[i * n + i] as number) + mui;
    }
  }
}

/** columns k, k+1 of rows 0…lastRow ← [x, y]·Gᴴ = [c·x + conj(s)·y, −s·x + c·y]. */
function rotateColumns(n: number, mr: Float64Array, mi: Float64Array, k: number, c: number, sr: number, si: number, lastRow: number): void {
  for (let i = 0; i <= lastRow; i++) {
    const xr = mr[i * n + k] as number;
    const xi = mi[i * n + k] as number;
    const yr = mr[i * n + k + 1] as number;
    const yi = mi[i * n + k + 1] as number;
    mr[i * n + k] = c * xr + (sr * yr + si * yi);
    mi[i * n + k] = c * xi + (sr * yi - si * yr);
    mr[i * n + k + 1] = -(sr * xr - si * xi) + c * yr;
    mi[i * n + k + 1] = -(sr * xi + si * xr) + c * yi;
  }
}

function wilkinson(n: number, hr: Float64Array, hi: Float64Array, m: number): [number, number] {
  const ar = hr[(m - 1) * n + m - 1] as number;
  const ai = hi[(m - 1) * n + m - 1] as number;
  const br = hr[(m - 1) * n + m] as number;
  const bi = hi[(m - 1) * n + m] as number;
  const cr = hr[m * n + m - 1] as number;
  const ci = hi[m * n + m - 1] as number;
  const dr = hr[m * n + m] as number;
  const di = hi[m * n + m] as number;
  // λ = (a+d)/2 ± sqrt(((a−d)/2)² + b·c)
  const hr2 = (ar - dr) / 2;
  const hi2 = (ai - di) / 2;
  const qr = hr2 * hr2 - hi2 * hi2 + (br * cr - bi * ci);
  const qi = 2 * hr2 * hi2 + (br * ci + bi * cr);
  const [sr, si] = csqrt(qr, qi);
  const mr = (ar + dr) / 2;
  const mi = (ai + di) / 2;
  const d1 = Math.hypot(mr + sr - dr, mi + si - di);
  const d2 = Math.hypot(mr - sr - dr, mi - si - di);
  return d1 <= d2 ? [mr + sr, mi + si] : [mr - sr, mi - si];
}

export function csqrt(re: number, im: number): [number, number] {
  const r = Math.hypot(re, im);
  if (r === 0) return [0, 0];
  const sr = Math.sqrt((r + Math.abs(re)) / 2);
  if (re >= 0) return [sr, im / (2 * sr)];
  return [Math.abs(im) / (2 * sr), im >= 0 ? sr : -sr];
}

/** Eigenvectors of the upper-triangular T (in hr/hi), mapped back by Z and normalised. */
function triangularEigenvectors(n: number, tr: Float64Array, ti: Float64Array, zr: Float64Array, zi: Float64Array): CMatrix {
  let norm = 0;
  for (let i = 0; i < n * n; i++) norm = Math.max(norm, Math.hypot(tr[i] as number, ti[i] as number));
  const small = Math.max(norm, Number.MIN_VALUE) * Number.EPSILON;
  const out = zeros(n);
  const xr = new Float64Array(n);
  const xi = new Float64Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const lr = tr[k * n + k] as number;
    const li = ti[k * n + k] as number;
    xr.fill(0);
    xi.fill(0);
    xr[k] = 1;
    for (let i = k - 1; i >= 0; i--) {
      let sr = 0;
      let si = 0;
      for (let j = i + 1; j <= k; j++) {
        const ar = tr[i * n + j] as number;
        const ai = ti[i * n + j] as number;
        sr += ar * (xr[j] as number) - ai * (xi[j] as number);
        si += ar * (xi[j] as number) + ai * (xr[j] as number);
      }
      let dr = (tr[i * n + i] as number) - lr;
      const di = (ti[i * n + i] as number) - li;
      // A repeated eigenvalue: perturb the divisor rather than divide by zero.
      if (Math.hypot(dr, di) < small) dr = small;
      const den = dr * dr + di * di;
      xr[i] = -(sr * dr + si * di) / den;
      xi[i] = -(si * dr - sr * di) / den;
    }
    let vnorm = 0;
    for (let i = 0; i < n; i++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j <= k; j++) {
        const ar = zr[i * n + j] as number;
        const ai = zi[i * n + j] as number;
        sr += ar * (xr[j] as number) - ai * (xi[j] as number);
        si += ar * (xi[j] as number) + ai * (xr[j] as number);
      }
      out.re[i * n + k] = sr;
      out.im[i * n + k] = si;
      vnorm += sr * sr + si * si;
    }
    vnorm = Math.sqrt(vnorm);
    for (let i = 0; i < n; i++) {
      out.re[i * n + k] = (out.re[i * n + k] as number) / vnorm;
      out.im[i * n + k] = (out.im[i * n + k] as number) / vnorm;
    }
  }
  return out;
}
