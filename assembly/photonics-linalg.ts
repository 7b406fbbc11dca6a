// Dense complex linear algebra as a WebAssembly kernel: matrix product, LU solve with partial
// pivoting (several right-hand sides), the general complex eigenproblem (Householder to Hessenberg,
// shifted complex QR to Schur form, eigenvectors by back-substitution), the Hermitian one
// (Householder to a real tridiagonal, implicit QL) and the Hermitian-definite B·w = λ·A·w (Cholesky
// reduction to the Hermitian one); see the sections below.
// Twin of src/core/photonics/linalg/{cmatrix,eig}.ts: the same algorithms and, for every entry, the
// same floating-point operations in the same order, so results agree with the TypeScript reference
// to rounding (the libm's hypot/sqrt may differ in the last bit). Two things differ, for the cache
// only: the reflector products walk rows instead of columns, and the Schur vectors Z are kept
// transposed so that the Givens rotations of Z touch two contiguous rows rather than two columns.
//
// Storage matches the TypeScript CMatrix: row-major, real and imaginary parts in separate arrays.
// Every pointer is a byte address in this module's memory, reserved by the caller through alloc().

import { ld, ldi, st } from './_memory';

export { alloc } from './_memory';
export { sparseFront } from './_sparse-assembly';
export { fvAssemble, fvAssemblyBandwidth } from './_fv-assembly';
export { minimumDegreeScratchInts, minimumDegreeSteps } from './_minimum-degree';
export { pweGram, pweCombine, pweResidual, pweNorms, pwePrecondition, pweThetaScratchDoubles, pweTwiddleDoubles, pweTwiddles, pweTheta, pweSymmetricEigen } from './_pwe-block';

const EPSILON: f64 = 2.220446049250313e-16;
const MIN_VALUE: f64 = 5e-324;
const MAX_ITERATIONS_PER_VALUE: i32 = 60;
const MAX_SWEEPS_PER_HERMITIAN_VALUE: i32 = 30;

/** Bumped whenever an entry point's arguments change; the JS side refuses a different build. */
export function layoutVersion(): i32 {
  return 12;
}

/** Doubles of scratch eig() needs for an n×n matrix (its Householder vector, rotations, a row sum). */
export function eigScratchDoubles(n: i32): i32 {
  return 6 * n;
}

// ---- product -------------------------------------------------------------------------------------

/** out (n×m) = a (n×k) · b (k×m); out must not alias a or b. */
export function mul(ar: usize, ai: usize, br: usize, bi: usize, or: usize, oi: usize, n: i32, k: i32, m: i32): void {
  memory.fill(or, 0, <usize>(n * m) << 3);
  memory.fill(oi, 0, <usize>(n * m) << 3);
  // i-p-j order: the innermost loop walks rows of b and out contiguously (as cmatrix.ts mul).
  for (let i = 0; i < n; i++) {
    const orow = i * m;
    for (let p = 0; p < k; p++) {
      const xr = ld(ar, i * k + p);
      const xi = ld(ai, i * k + p);
      if (xr == 0 && xi == 0) continue;
      const brow = p * m;
      for (let j = 0; j < m; j++) {
        const yr = ld(br, brow + j);
        const yi = ld(bi, brow + j);
        st(or, orow + j, ld(or, orow + j) + xr * yr - xi * yi);
        st(oi, orow + j, ld(oi, orow + j) + xr * yi + xi * yr);
      }
    }
  }
}

// ---- LU solve ------------------------------------------------------------------------------------

function swapRows(re: usize, im: usize, cols: i32, p: i32, k: i32): void {
  for (let j = 0; j < cols; j++) {
    const a = p * cols + j;
    const b = k * cols + j;
    const tr = ld(re, a);
    st(re, a, ld(re, b));
    st(re, b, tr);
    const ti = ld(im, a);
    st(im, a, ld(im, b));
    st(im, b, ti);
  }
}

/**
 * Solves a·x = b in place: a (n×n) is overwritten by its LU factors and b (n×m) by x. Returns 0, or
 * 1 when a is singular to working precision (the caller throws, as cmatrix.ts solve does).
 */
export function solve(lr: usize, li: usize, xr: usize, xi: usize, n: i32, m: i32): i32 {
  let maxAbs: f64 = 0;
  for (let i = 0; i < n * n; i++) maxAbs = Math.max(maxAbs, Math.hypot(ld(lr, i), ld(li, i)));
  const tiny = maxAbs * <f64>n * EPSILON;
  for (let k = 0; k < n; k++) {
    let p = k;
    let best: f64 = -1;
    for (let i = k; i < n; i++) {
      const v = Math.hypot(ld(lr, i * n + k), ld(li, i * n + k));
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (!(best > tiny)) return 1;
    if (p != k) {
      swapRows(lr, li, n, p, k);
      swapRows(xr, xi, m, p, k);
    }
    const pr = ld(lr, k * n + k);
    const pi = ld(li, k * n + k);
    const den = pr * pr + pi * pi;
    for (let i = k + 1; i < n; i++) {
      const ar = ld(lr, i * n + k);
      const ai = ld(li, i * n + k);
      if (ar == 0 && ai == 0) continue;
      const fr = (ar * pr + ai * pi) / den;
      const fi = (ai * pr - ar * pi) / den;
      for (let j = k + 1; j < n; j++) {
        const ur = ld(lr, k * n + j);
        const ui = ld(li, k * n + j);
        st(lr, i * n + j, ld(lr, i * n + j) - (fr * ur - fi * ui));
        st(li, i * n + j, ld(li, i * n + j) - (fr * ui + fi * ur));
      }
      for (let j = 0; j < m; j++) {
        const ur = ld(xr, k * m + j);
        const ui = ld(xi, k * m + j);
        st(xr, i * m + j, ld(xr, i * m + j) - (fr * ur - fi * ui));
        st(xi, i * m + j, ld(xi, i * m + j) - (fr * ui + fi * ur));
      }
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const pr = ld(lr, k * n + k);
    const pi = ld(li, k * n + k);
    const den = pr * pr + pi * pi;
    for (let j = 0; j < m; j++) {
      let sr = ld(xr, k * m + j);
      let si = ld(xi, k * m + j);
      for (let p = k + 1; p < n; p++) {
        const ur = ld(lr, k * n + p);
        const ui = ld(li, k * n + p);
        const yr = ld(xr, p * m + j);
        const yi = ld(xi, p * m + j);
        sr -= ur * yr - ui * yi;
        si -= ur * yi + ui * yr;
      }
      st(xr, k * m + j, (sr * pr + si * pi) / den);
      st(xi, k * m + j, (si * pr - sr * pi) / den);
    }
  }
  return 0;
}

// ---- eigenproblem --------------------------------------------------------------------------------

/**
 * Eigen-decomposition of the n×n matrix in (hr, hi), destroyed (it ends as the Schur form T, whose
 * diagonal holds the eigenvalues). Unit eigenvectors go to columns of (vr, vi); (zr, zi) is n×n
 * workspace for the Schur vectors and `work` holds eigScratchDoubles(n) doubles. Returns 0, or 1 when
 * the QR iteration did not converge.
 */
export function eig(hr: usize, hi: usize, zr: usize, zi: usize, vr: usize, vi: usize, work: usize, n: i32): i32 {
  memory.fill(zr, 0, <usize>(n * n) << 3);
  memory.fill(zi, 0, <usize>(n * n) << 3);
  for (let i = 0; i < n; i++) st(zr, i * n + i, 1);
  hessenberg(n, hr, hi, zr, zi, work);
  transposeInPlace(n, zr);
  transposeInPlace(n, zi);
  if (schur(n, hr, hi, zr, zi, work) != 0) return 1;
  triangularEigenvectors(n, hr, hi, zr, zi, vr, vi, work);
  return 0;
}

function transposeInPlace(n: i32, m: usize): void {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const t = ld(m, i * n + j);
      st(m, i * n + j, ld(m, j * n + i));
      st(m, j * n + i, t);
    }
  }
}

/** In place: H ← Pᴴ·H·P with Householder reflectors P, accumulated into Z (not yet transposed). */
function hessenberg(n: i32, hr: usize, hi: usize, zr: usize, zi: usize, work: usize): void {
  const vr = work;
  const vi = work + (<usize>n << 3);
  const sr = work + (<usize>(2 * n) << 3);
  const si = work + (<usize>(3 * n) << 3);
  for (let k = 0; k < n - 2; k++) {
    let alpha: f64 = 0;
    for (let i = k + 1; i < n; i++) {
      const a = ld(hr, i * n + k);
      const b = ld(hi, i * n + k);
      alpha += a * a + b * b;
    }
    alpha = Math.sqrt(alpha);
    if (alpha == 0) continue;
    const x0r = ld(hr, (k + 1) * n + k);
    const x0i = ld(hi, (k + 1) * n + k);
    const x0abs = Math.hypot(x0r, x0i);
    const phr = x0abs == 0 ? 1 : x0r / x0abs;
    const phi = x0abs == 0 ? 0 : x0i / x0abs;
    for (let i = k + 1; i < n; i++) {
      st(vr, i, ld(hr, i * n + k));
      st(vi, i, ld(hi, i * n + k));
    }
    st(vr, k + 1, x0r + phr * alpha);
    st(vi, k + 1, x0i + phi * alpha);
    let vv: f64 = 0;
    for (let i = k + 1; i < n; i++) {
      const a = ld(vr, i);
      const b = ld(vi, i);
      vv += a * a + b * b;
    }
    const f = 2 / vv;
    // Left: H ← (I − f v vᴴ) H on rows k+1…n−1. The column sums s_j = Σ_i conj(v_i)·h_ij are
    // accumulated row by row (same order of additions per j as the column walk, contiguous reads).
    for (let j = k; j < n; j++) {
      st(sr, j, 0);
      st(si, j, 0);
    }
    for (let i = k + 1; i < n; i++) {
      const wr = ld(vr, i);
      const wi = ld(vi, i);
      for (let j = k; j < n; j++) {
        const ar = ld(hr, i * n + j);
        const ai = ld(hi, i * n + j);
        st(sr, j, ld(sr, j) + (wr * ar + wi * ai));
        st(si, j, ld(si, j) + (wr * ai - wi * ar));
      }
    }
    for (let j = k; j < n; j++) {
      st(sr, j, ld(sr, j) * f);
      st(si, j, ld(si, j) * f);
    }
    for (let i = k + 1; i < n; i++) {
      const wr = ld(vr, i);
      const wi = ld(vi, i);
      for (let j = k; j < n; j++) {
        const tr = ld(sr, j);
        const ti = ld(si, j);
        st(hr, i * n + j, ld(hr, i * n + j) - (wr * tr - wi * ti));
        st(hi, i * n + j, ld(hi, i * n + j) - (wr * ti + wi * tr));
      }
    }
    rightReflect(n, hr, hi, vr, vi, f, k + 1);
    rightReflect(n, zr, zi, vr, vi, f, k + 1);
  }
}

function rightReflect(n: i32, mr: usize, mi: usize, vr: usize, vi: usize, f: f64, from: i32): void {
  for (let i = 0; i < n; i++) {
    let sr: f64 = 0;
    let si: f64 = 0;
    for (let j = from; j < n; j++) {
      const ar = ld(mr, i * n + j);
      const ai = ld(mi, i * n + j);
      sr += ar * ld(vr, j) - ai * ld(vi, j);
      si += ar * ld(vi, j) + ai * ld(vr, j);
    }
    sr *= f;
    si *= f;
    for (let j = from; j < n; j++) {
      subScaledConj(mr, mi, i * n + j, sr, si, ld(vr, j), ld(vi, j));
    }
  }
}

/** m_idx ← m_idx − s·conj(v). */
@inline
function subScaledConj(mr: usize, mi: usize, idx: i32, sr: f64, si: f64, wr: f64, wi: f64): void {
  st(mr, idx, ld(mr, idx) - (sr * wr + si * wi));
  st(mi, idx, ld(mi, idx) - (si * wr - sr * wi));
}

let shiftRe: f64 = 0;
let shiftIm: f64 = 0;

/** In place: the Hessenberg H becomes upper triangular T by shifted QR sweeps; Zᵀ accumulates. */
function schur(n: i32, hr: usize, hi: usize, ztr: usize, zti: usize, work: usize): i32 {
  const cs = work;
  const snr = work + (<usize>n << 3);
  const sni = work + (<usize>(2 * n) << 3);
  let hiIdx = n - 1;
  let iter = 0;
  let totalIter = 0;
  let norm: f64 = 0;
  for (let i = 0; i < n * n; i++) norm = Math.max(norm, Math.hypot(ld(hr, i), ld(hi, i)));
  const floor = norm * EPSILON;
  while (hiIdx > 0) {
    let l = hiIdx;
    while (l > 0) {
      const sub = Math.hypot(ld(hr, l * n + l - 1), ld(hi, l * n + l - 1));
      const scaleDiag = Math.hypot(ld(hr, (l - 1) * n + l - 1), ld(hi, (l - 1) * n + l - 1)) + Math.hypot(ld(hr, l * n + l), ld(hi, l * n + l));
      if (sub <= EPSILON * scaleDiag || sub <= floor) {
        st(hr, l * n + l - 1, 0);
        st(hi, l * n + l - 1, 0);
        break;
      }
      l--;
    }
    if (l == hiIdx) {
      hiIdx--;
      iter = 0;
      continue;
    }
    iter++;
    totalIter++;
    if (totalIter > MAX_ITERATIONS_PER_VALUE * n) return 1;
    let mur: f64;
    let mui: f64;
    if (iter % 11 == 10) {
      mur = ld(hr, hiIdx * n + hiIdx) + Math.abs(ld(hr, hiIdx * n + hiIdx - 1));
      mui = ld(hi, hiIdx * n + hiIdx);
    } else {
      wilkinson(n, hr, hi, hiIdx);
      mur = shiftRe;
      mui = shiftIm;
    }
    for (let i = l; i <= hiIdx; i++) {
      st(hr, i * n + i, ld(hr, i * n + i) - mur);
      st(hi, i * n + i, ld(hi, i * n + i) - mui);
    }
    for (let k = l; k < hiIdx; k++) {
      const ar = ld(hr, k * n + k);
      const ai = ld(hi, k * n + k);
      const br = ld(hr, (k + 1) * n + k);
      const bi = ld(hi, (k + 1) * n + k);
      const aAbs = Math.hypot(ar, ai);
      const r = Math.hypot(aAbs, Math.hypot(br, bi));
      let c: f64;
      let sr: f64;
      let si: f64;
      if (r == 0) {
        c = 1;
        sr = 0;
        si = 0;
      } else if (aAbs == 0) {
        c = 0;
        sr = 1;
        si = 0;
      } else {
        c = aAbs / r;
        const ur = ar / aAbs;
        const ui = ai / aAbs;
        sr = (ur * br + ui * bi) / r;
        si = (ui * br - ur * bi) / r;
      }
      st(cs, k, c);
      st(snr, k, sr);
      st(sni, k, si);
      rotateRows(n, hr, hi, k, c, sr, si, k, n - 1);
    }
    for (let k = l; k < hiIdx; k++) {
      const c = ld(cs, k);
      const sr = ld(snr, k);
      const si = ld(sni, k);
      const top = min(k + 2, hiIdx);
      rotateColumns(n, hr, hi, k, c, sr, si, top);
      // Columns k, k+1 of Z are rows k, k+1 of Zᵀ: the same update, applied along contiguous rows.
      rotateRowsConjugate(n, ztr, zti, k, c, sr, si);
    }
    for (let i = l; i <= hiIdx; i++) {
      st(hr, i * n + i, ld(hr, i * n + i) + mur);
      st(hi, i * n + i, ld(hi, i * n + i) + mui);
    }
  }
  return 0;
}

/** rows k, k+1 (columns from…to) ← G·rows, G = [[c, s], [−conj(s), c]]. */
function rotateRows(n: i32, mr: usize, mi: usize, k: i32, c: f64, sr: f64, si: f64, from: i32, to: i32): void {
  const a = k * n;
  const b = (k + 1) * n;
  for (let j = from; j <= to; j++) {
    const xr = ld(mr, a + j);
    const xi = ld(mi, a + j);
    const yr = ld(mr, b + j);
    const yi = ld(mi, b + j);
    st(mr, a + j, c * xr + (sr * yr - si * yi));
    st(mi, a + j, c * xi + (sr * yi + si * yr));
    st(mr, b + j, -(sr * xr + si * xi) + c * yr);
    st(mi, b + j, -(sr * xi - si * xr) + c * yi);
  }
}

/** columns k, k+1 of rows 0…lastRow ← [x, y]·Gᴴ = [c·x + conj(s)·y, −s·x + c·y]. */
function rotateColumns(n: i32, mr: usize, mi: usize, k: i32, c: f64, sr: f64, si: f64, lastRow: i32): void {
  for (let i = 0; i <= lastRow; i++) {
    const p = i * n + k;
    const xr = ld(mr, p);
    const xi = ld(mi, p);
    const yr = ld(mr, p + 1);
    const yi = ld(mi, p + 1);
    st(mr, p, c * xr + (sr * yr + si * yi));
    st(mi, p, c * xi + (sr * yi - si * yr));
    st(mr, p + 1, -(sr * xr - si * xi) + c * yr);
    st(mi, p + 1, -(sr * xi + si * xr) + c * yi);
  }
}

/** rotateColumns on Z expressed on Zᵀ: rows k, k+1 of Zᵀ, every column. */
function rotateRowsConjugate(n: i32, tr: usize, ti: usize, k: i32, c: f64, sr: f64, si: f64): void {
  const a = k * n;
  const b = (k + 1) * n;
  for (let i = 0; i < n; i++) {
    const xr = ld(tr, a + i);
    const xi = ld(ti, a + i);
    const yr = ld(tr, b + i);
    const yi = ld(ti, b + i);
    st(tr, a + i, c * xr + (sr * yr + si * yi));
    st(ti, a + i, c * xi + (sr * yi - si * yr));
    st(tr, b + i, -(sr * xr - si * xi) + c * yr);
    st(ti, b + i, -(sr * xi + si * xr) + c * yi);
  }
}

/** Wilkinson shift into (shiftRe, shiftIm): the eigenvalue of the trailing 2×2 block nearer its last diagonal entry. */
function wilkinson(n: i32, hr: usize, hi: usize, m: i32): void {
  const ar = ld(hr, (m - 1) * n + m - 1);
  const ai = ld(hi, (m - 1) * n + m - 1);
  const br = ld(hr, (m - 1) * n + m);
  const bi = ld(hi, (m - 1) * n + m);
  const cr = ld(hr, m * n + m - 1);
  const ci = ld(hi, m * n + m - 1);
  const dr = ld(hr, m * n + m);
  const di = ld(hi, m * n + m);
  const hr2 = (ar - dr) / 2;
  const hi2 = (ai - di) / 2;
  const qr = hr2 * hr2 - hi2 * hi2 + (br * cr - bi * ci);
  const qi = 2 * hr2 * hi2 + (br * ci + bi * cr);
  // csqrt as in eig.ts (Re ≥ 0; the sign of Im follows the input on the cut).
  let sr: f64 = 0;
  let si: f64 = 0;
  const rr = Math.hypot(qr, qi);
  if (rr != 0) {
    const t = Math.sqrt((rr + Math.abs(qr)) / 2);
    if (qr >= 0) {
      sr = t;
      si = qi / (2 * t);
    } else {
      sr = Math.abs(qi) / (2 * t);
      si = qi >= 0 ? t : -t;
    }
  }
  const mr = (ar + dr) / 2;
  const mi = (ai + di) / 2;
  const d1 = Math.hypot(mr + sr - dr, mi + si - di);
  const d2 = Math.hypot(mr - sr - dr, mi - si - di);
  if (d1 <= d2) {
    shiftRe = mr + sr;
    shiftIm = mi + si;
  } else {
    shiftRe = mr - sr;
    shiftIm = mi - si;
  }
}

/** Eigenvectors of the upper-triangular T, mapped back by Z (held as Zᵀ) and normalised, into columns of V. */
function triangularEigenvectors(n: i32, tr: usize, ti: usize, ztr: usize, zti: usize, vr: usize, vi: usize, work: usize): void {
  let norm: f64 = 0;
  for (let i = 0; i < n * n; i++) norm = Math.max(norm, Math.hypot(ld(tr, i), ld(ti, i)));
  const small = Math.max(norm, MIN_VALUE) * EPSILON;
  const xr = work;
  const xi = work + (<usize>n << 3);
  const yr = work + (<usize>(2 * n) << 3);
  const yi = work + (<usize>(3 * n) << 3);
  for (let k = n - 1; k >= 0; k--) {
    const lr = ld(tr, k * n + k);
    const li = ld(ti, k * n + k);
    memory.fill(xr, 0, <usize>n << 3);
    memory.fill(xi, 0, <usize>n << 3);
    st(xr, k, 1);
    for (let i = k - 1; i >= 0; i--) {
      let sr: f64 = 0;
      let si: f64 = 0;
      for (let j = i + 1; j <= k; j++) {
        const ar = ld(tr, i * n + j);
        const ai = ld(ti, i * n + j);
        const pr = ld(xr, j);
        const pi = ld(xi, j);
        sr += ar * pr - ai * pi;
        si += ar * pi + ai * pr;
      }
      let dr = ld(tr, i * n + i) - lr;
      const di = ld(ti, i * n + i) - li;
      if (Math.hypot(dr, di) < small) dr = small;
      const den = dr * dr + di * di;
      st(xr, i, -(sr * dr + si * di) / den);
      st(xi, i, -(si * dr - sr * di) / den);
    }
    // y = Z·x: with Zᵀ stored, Σ_j Z_ij x_j is accumulated row j of Zᵀ at a time (same order per i).
    memory.fill(yr, 0, <usize>n << 3);
    memory.fill(yi, 0, <usize>n << 3);
    for (let j = 0; j <= k; j++) {
      const pr = ld(xr, j);
      const pi = ld(xi, j);
      const row = j * n;
      for (let i = 0; i < n; i++) {
        const ar = ld(ztr, row + i);
        const ai = ld(zti, row + i);
        st(yr, i, ld(yr, i) + (ar * pr - ai * pi));
        st(yi, i, ld(yi, i) + (ar * pi + ai * pr));
      }
    }
    let vnorm: f64 = 0;
    for (let i = 0; i < n; i++) {
      const a = ld(yr, i);
      const b = ld(yi, i);
      vnorm += a * a + b * b;
    }
    vnorm = Math.sqrt(vnorm);
    for (let i = 0; i < n; i++) {
      st(vr, i * n + k, ld(yr, i) / vnorm);
      st(vi, i * n + k, ld(yi, i) / vnorm);
    }
  }
}

// ---- Hermitian eigenproblem ----------------------------------------------------------------------
// Twin of src/core/photonics/linalg/hermitian-eig.ts (same operations in the same order); the real
// QL eigenvectors z are kept transposed so each rotation touches two contiguous rows.

/** Doubles of scratch eigHermitian() needs for an n×n matrix; the eigenvalues end in its first n. */
export function hermitianScratchDoubles(n: i32): i32 {
  return 10 * n;
}

/**
 * Eigen-decomposition of the Hermitian n×n matrix in (br, bi) (lower triangle read, destroyed).
 * (ur, ui) are n×n workspace for the reflectors, zt n×n real workspace; unit eigenvectors go to the
 * columns of (vr, vi) and the (real) eigenvalues to the first n doubles of `work`. Returns 0, or 1
 * when the QL iteration did not converge.
 */
export function eigHermitian(br: usize, bi: usize, ur: usize, ui: usize, zt: usize, vr: usize, vi: usize, work: usize, n: i32): i32 {
  const nb = <usize>n << 3;
  const d = work;
  const f = work + nb;
  const eRe = work + 2 * nb;
  const eIm = work + 3 * nb;
  const dr = work + 4 * nb;
  const di = work + 5 * nb;
  const e = work + 6 * nb;
  const pr = work + 7 * nb;
  const pi = work + 8 * nb;
  memory.fill(ur, 0, <usize>(n * n) << 3);
  memory.fill(ui, 0, <usize>(n * n) << 3);
  memory.fill(work, 0, <usize>(10 * n) << 3);
  tridiagonalize(n, br, bi, ur, ui, f, d, eRe, eIm, pr, pi);
  st(dr, 0, 1);
  for (let i = 0; i + 1 < n; i++) {
    const m = Math.hypot(ld(eRe, i), ld(eIm, i));
    st(e, i, m);
    const qr = m == 0 ? 1 : ld(eRe, i) / m;
    const qi = m == 0 ? 0 : ld(eIm, i) / m;
    st(dr, i + 1, ld(dr, i) * qr - ld(di, i) * qi);
    st(di, i + 1, ld(dr, i) * qi + ld(di, i) * qr);
  }
  memory.fill(zt, 0, <usize>(n * n) << 3);
  for (let i = 0; i < n; i++) st(zt, i * n + i, 1);
  if (tql2(n, d, e, zt) != 0) return 1;
  for (let i = 0; i < n; i++) {
    const a = ld(dr, i);
    const b = ld(di, i);
    for (let j = 0; j < n; j++) {
      const z = ld(zt, j * n + i);
      st(vr, i * n + j, a * z);
      st(vi, i * n + j, b * z);
    }
  }
  applyReflectors(n, ur, ui, f, vr, vi, pr, pi);
  normaliseColumns(n, vr, vi, pr);
  return 0;
}

function tridiagonalize(n: i32, br: usize, bi: usize, ur: usize, ui: usize, f: usize, d: usize, eRe: usize, eIm: usize, pr: usize, pi: usize): void {
  for (let k = 0; k < n - 2; k++) {
    let alpha: f64 = 0;
    for (let i = k + 1; i < n; i++) {
      const a = ld(br, i * n + k);
      const b = ld(bi, i * n + k);
      alpha += a * a + b * b;
    }
    alpha = Math.sqrt(alpha);
    const x0r = ld(br, (k + 1) * n + k);
    const x0i = ld(bi, (k + 1) * n + k);
    const x0abs = Math.hypot(x0r, x0i);
    if (alpha == 0 || alpha == x0abs) {
      st(f, k, 0);
      continue;
    }
    const phr = x0abs == 0 ? 1 : x0r / x0abs;
    const phi = x0abs == 0 ? 0 : x0i / x0abs;
    const row = k * n;
    for (let i = k + 1; i < n; i++) {
      st(ur, row + i, ld(br, i * n + k));
      st(ui, row + i, ld(bi, i * n + k));
    }
    st(ur, row + k + 1, x0r + phr * alpha);
    st(ui, row + k + 1, x0i + phi * alpha);
    let vv: f64 = 0;
    for (let i = k + 1; i < n; i++) {
      const a = ld(ur, row + i);
      const b = ld(ui, row + i);
      vv += a * a + b * b;
    }
    const fk = 2 / vv;
    st(f, k, fk);
    st(br, (k + 1) * n + k, -phr * alpha);
    st(bi, (k + 1) * n + k, -phi * alpha);
    for (let i = k + 2; i < n; i++) {
      st(br, i * n + k, 0);
      st(bi, i * n + k, 0);
    }
    for (let i = k + 1; i < n; i++) {
      st(pr, i, 0);
      st(pi, i, 0);
    }
    for (let i = k + 1; i < n; i++) {
      const vr = ld(ur, row + i);
      const vi = ld(ui, row + i);
      let sr = ld(pr, i);
      let si = ld(pi, i);
      for (let j = k + 1; j < i; j++) {
        const mr = ld(br, i * n + j);
        const mi = ld(bi, i * n + j);
        const wr = ld(ur, row + j);
        const wi = ld(ui, row + j);
        sr += mr * wr - mi * wi;
        si += mr * wi + mi * wr;
        st(pr, j, ld(pr, j) + (mr * vr + mi * vi));
        st(pi, j, ld(pi, j) + (mr * vi - mi * vr));
      }
      const diag = ld(br, i * n + i);
      st(pr, i, sr + diag * vr);
      st(pi, i, si + diag * vi);
    }
    for (let i = k + 1; i < n; i++) {
      st(pr, i, fk * ld(pr, i));
      st(pi, i, fk * ld(pi, i));
    }
    let kk: f64 = 0;
    for (let i = k + 1; i < n; i++) kk += ld(ur, row + i) * ld(pr, i) + ld(ui, row + i) * ld(pi, i);
    kk *= fk / 2;
    for (let i = k + 1; i < n; i++) {
      st(pr, i, ld(pr, i) - kk * ld(ur, row + i));
      st(pi, i, ld(pi, i) - kk * ld(ui, row + i));
    }
    for (let i = k + 1; i < n; i++) {
      const vr = ld(ur, row + i);
      const vi = ld(ui, row + i);
      const qr = ld(pr, i);
      const qi = ld(pi, i);
      for (let j = k + 1; j <= i; j++) {
        const wr = ld(ur, row + j);
        const wi = ld(ui, row + j);
        const sr = ld(pr, j);
        const si = ld(pi, j);
        st(br, i * n + j, ld(br, i * n + j) - (vr * sr + vi * si + (qr * wr + qi * wi)));
        st(bi, i * n + j, ld(bi, i * n + j) - (vi * sr - vr * si + (qi * wr - qr * wi)));
      }
    }
  }
  for (let i = 0; i < n; i++) st(d, i, ld(br, i * n + i));
  for (let i = 0; i + 1 < n; i++) {
    st(eRe, i, ld(br, (i + 1) * n + i));
    st(eIm, i, ld(bi, (i + 1) * n + i));
  }
}

function tql2(n: i32, d: usize, e: usize, zt: usize): i32 {
  let f: f64 = 0;
  let tst1: f64 = 0;
  let sweeps = 0;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(ld(d, l)) + Math.abs(ld(e, l)));
    let m = l;
    while (m < n - 1 && Math.abs(ld(e, m)) > EPSILON * tst1) m++;
    if (m > l) {
      do {
        if (++sweeps > MAX_SWEEPS_PER_HERMITIAN_VALUE * n) return 1;
        let g = ld(d, l);
        let p = (ld(d, l + 1) - g) / (2 * ld(e, l));
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        st(d, l, ld(e, l) / (p + r));
        st(d, l + 1, ld(e, l) * (p + r));
        const dl1 = ld(d, l + 1);
        let h = g - ld(d, l);
        for (let i = l + 2; i < n; i++) st(d, i, ld(d, i) - h);
        f += h;
        p = ld(d, m);
        let c: f64 = 1;
        let c2 = c;
        let c3 = c;
        const el1 = ld(e, l + 1);
        let s: f64 = 0;
        let s2: f64 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * ld(e, i);
          h = c * p;
          r = Math.hypot(p, ld(e, i));
          st(e, i + 1, s * r);
          s = ld(e, i) / r;
          c = p / r;
          p = c * ld(d, i) - s * g;
          st(d, i + 1, h + s * (c * g + s * ld(d, i)));
          // Columns i, i+1 of z are rows i, i+1 of zᵀ.
          const a = i * n;
          const b = (i + 1) * n;
          for (let k = 0; k < n; k++) {
            const zi = ld(zt, a + k);
            const zi1 = ld(zt, b + k);
            st(zt, b + k, s * zi + c * zi1);
            st(zt, a + k, c * zi - s * zi1);
          }
        }
        p = (-s * s2 * c3 * el1 * ld(e, l)) / dl1;
        st(e, l, s * p);
        st(d, l, c * p);
      } while (Math.abs(ld(e, l)) > EPSILON * tst1);
    }
    st(d, l, ld(d, l) + f);
    st(e, l, 0);
  }
  return 0;
}

function applyReflectors(n: i32, ur: usize, ui: usize, f: usize, yr: usize, yi: usize, sr: usize, si: usize): void {
  for (let k = n - 3; k >= 0; k--) {
    const fk = ld(f, k);
    if (fk == 0) continue;
    const row = k * n;
    memory.fill(sr, 0, <usize>n << 3);
    memory.fill(si, 0, <usize>n << 3);
    for (let i = k + 1; i < n; i++) {
      const vr = ld(ur, row + i);
      const vi = ld(ui, row + i);
      for (let j = 0; j < n; j++) {
        const a = ld(yr, i * n + j);
        const b = ld(yi, i * n + j);
        st(sr, j, ld(sr, j) + (vr * a + vi * b));
        st(si, j, ld(si, j) + (vr * b - vi * a));
      }
    }
    for (let i = k + 1; i < n; i++) {
      const vr = fk * ld(ur, row + i);
      const vi = fk * ld(ui, row + i);
      for (let j = 0; j < n; j++) {
        const a = ld(sr, j);
        const b = ld(si, j);
        st(yr, i * n + j, ld(yr, i * n + j) - (vr * a - vi * b));
        st(yi, i * n + j, ld(yi, i * n + j) - (vr * b + vi * a));
      }
    }
  }
}

function normaliseColumns(n: i32, yr: usize, yi: usize, norms: usize): void {
  memory.fill(norms, 0, <usize>n << 3);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = ld(yr, i * n + j);
      const b = ld(yi, i * n + j);
      st(norms, j, ld(norms, j) + a * a + b * b);
    }
  }
  for (let j = 0; j < n; j++) st(norms, j, 1 / Math.sqrt(ld(norms, j)));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      st(yr, i * n + j, ld(yr, i * n + j) * ld(norms, j));
      st(yi, i * n + j, ld(yi, i * n + j) * ld(norms, j));
    }
  }
}

// ---- Hermitian-definite generalized eigenproblem -------------------------------------------------
// Twin of src/core/photonics/linalg/generalized-hermitian-eig.ts: B·w = λ·A·w through A = L·Lᴴ,
// C = L⁻¹·B·L⁻ᴴ and w = L⁻ᴴ·y (same operations in the same order).

/**
 * (br, bi) holds B, (ar, ai) holds A (lower triangles read; both destroyed: A ends as L). The other
 * arguments are those of eigHermitian; the A-orthonormal eigenvectors go to the columns of (vr, vi),
 * the eigenvalues to the first n doubles of `work`. Returns 0, 1 when the QL iteration did not
 * converge, or 2 when A is not positive definite.
 */
export function eigHermitianDefinite(br: usize, bi: usize, ar: usize, ai: usize, ur: usize, ui: usize, zt: usize, vr: usize, vi: usize, work: usize, n: i32): i32 {
  if (!cholesky(n, ar, ai)) return 2;
  forwardSubstitute(n, ar, ai, br, bi);
  adjointInPlace(n, br, bi);
  forwardSubstitute(n, ar, ai, br, bi);
  if (eigHermitian(br, bi, ur, ui, zt, vr, vi, work, n) != 0) return 1;
  backSubstituteAdjoint(n, ar, ai, vr, vi);
  return 0;
}

function cholesky(n: i32, lr: usize, li: usize): bool {
  for (let j = 0; j < n; j++) {
    let s = ld(lr, j * n + j);
    for (let k = 0; k < j; k++) {
      const a = ld(lr, j * n + k);
      const b = ld(li, j * n + k);
      s -= a * a + b * b;
    }
    if (!(s > 0)) return false;
    const d = Math.sqrt(s);
    st(lr, j * n + j, d);
    st(li, j * n + j, 0);
    for (let i = j + 1; i < n; i++) {
      let tr = ld(lr, i * n + j);
      let ti = ld(li, i * n + j);
      for (let k = 0; k < j; k++) {
        const ar = ld(lr, i * n + k);
        const ai = ld(li, i * n + k);
        const br = ld(lr, j * n + k);
        const bi = ld(li, j * n + k);
        tr -= ar * br + ai * bi;
        ti -= ai * br - ar * bi;
      }
      st(lr, i * n + j, tr / d);
      st(li, i * n + j, ti / d);
    }
  }
  return true;
}

function forwardSubstitute(n: i32, lr: usize, li: usize, xr: usize, xi: usize): void {
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < i; k++) {
      const ar = ld(lr, i * n + k);
      const ai = ld(li, i * n + k);
      for (let j = 0; j < n; j++) {
        const yr = ld(xr, k * n + j);
        const yi = ld(xi, k * n + j);
        st(xr, i * n + j, ld(xr, i * n + j) - (ar * yr - ai * yi));
        st(xi, i * n + j, ld(xi, i * n + j) - (ar * yi + ai * yr));
      }
    }
    const d = ld(lr, i * n + i);
    for (let j = 0; j < n; j++) {
      st(xr, i * n + j, ld(xr, i * n + j) / d);
      st(xi, i * n + j, ld(xi, i * n + j) / d);
    }
  }
}

function backSubstituteAdjoint(n: i32, lr: usize, li: usize, yr: usize, yi: usize): void {
  for (let i = n - 1; i >= 0; i--) {
    for (let k = i + 1; k < n; k++) {
      const ar = ld(lr, k * n + i);
      const ai = -ld(li, k * n + i);
      for (let j = 0; j < n; j++) {
        const wr = ld(yr, k * n + j);
        const wi = ld(yi, k * n + j);
        st(yr, i * n + j, ld(yr, i * n + j) - (ar * wr - ai * wi));
        st(yi, i * n + j, ld(yi, i * n + j) - (ar * wi + ai * wr));
      }
    }
    const d = ld(lr, i * n + i);
    for (let j = 0; j < n; j++) {
      st(yr, i * n + j, ld(yr, i * n + j) / d);
      st(yi, i * n + j, ld(yi, i * n + j) / d);
    }
  }
}

function adjointInPlace(n: i32, re: usize, im: usize): void {
  for (let i = 0; i < n; i++) {
    st(im, i * n + i, -ld(im, i * n + i));
    for (let j = i + 1; j < n; j++) {
      const a = i * n + j;
      const b = j * n + i;
      const tr = ld(re, a);
      const ti = ld(im, a);
      st(re, a, ld(re, b));
      st(im, a, -ld(im, b));
      st(re, b, tr);
      st(im, b, -ti);
    }
  }
}

// ---- real banded LU (the mode solvers' shift-and-invert step) -----------------------------------
// Twin of src/core/photonics/fdmode/banded-lu.ts: Gaussian elimination without pivoting in a band
// stored row by row (row i keeps columns i − bw … i + bw at offset j − i + bw, 2·bw + 1 wide).
// Every row update a[i][j] −= f·a[k][j] is the same IEEE multiply and subtract as the reference,
// two lanes at a time (f64x2 has no fused multiply-add), so the factors agree bit for bit. The
// solve's sums stay scalar: a two-lane dot product would change their order and their rounding.

/** Factorises the band at `a` in place; returns 0, or k + 1 when pivot k is zero or not finite. */
export function bandedFactor(a: usize, n: i32, bw: i32): i32 {
  const w = 2 * bw + 1;
  for (let k = 0; k < n; k++) {
    const rowK = k * w - k + bw;
    const pivot = ld(a, rowK + k);
    if (pivot == 0 || !isFinite(pivot)) return k + 1;
    const last = min(n - 1, k + bw);
    for (let i = k + 1; i <= last; i++) {
      const rowI = i * w - i + bw;
      const f = ld(a, rowI + k) / pivot;
      if (f == 0) continue;
      st(a, rowI + k, f);
      const fv = f64x2.splat(f);
      let j = k + 1;
      for (; j < last; j += 2) {
        const pi = a + (<usize>(rowI + j) << 3);
        const pk = a + (<usize>(rowK + j) << 3);
        v128.store(pi, f64x2.sub(v128.load(pi), f64x2.mul(fv, v128.load(pk))));
      }
      if (j == last) st(a, rowI + j, ld(a, rowI + j) - f * ld(a, rowK + j));
    }
  }
  return 0;
}

/** Solves (LU)·x = b in place at `x` (b on entry) with the factors of bandedFactor. */
export function bandedSolve(lu: usize, x: usize, n: i32, bw: i32): void {
  const w = 2 * bw + 1;
  for (let i = 0; i < n; i++) {
    const row = i * w - i + bw;
    let s = ld(x, i);
    for (let j = max(0, i - bw); j < i; j++) s -= ld(lu, row + j) * ld(x, j);
    st(x, i, s);
  }
  for (let i = n - 1; i >= 0; i--) {
    const row = i * w - i + bw;
    let s = ld(x, i);
    const hi = min(n - 1, i + bw);
    for (let j = i + 1; j <= hi; j++) s -= ld(lu, row + j) * ld(x, j);
    st(x, i, s / ld(lu, row + i));
  }
}

/**
 * bandedSolve for two right-hand sides at once (x and y, each n long): the band is read once for
 * both, which halves the memory traffic of a solve too large for the cache. Each vector sees the
 * very operations of bandedSolve, in the same order, so its result is bit-identical to a lone solve.
 */
export function bandedSolvePair(lu: usize, x: usize, y: usize, n: i32, bw: i32): void {
  const w = 2 * bw + 1;
  for (let i = 0; i < n; i++) {
    const row = i * w - i + bw;
    let s = ld(x, i);
    let t = ld(y, i);
    for (let j = max(0, i - bw); j < i; j++) {
      const l = ld(lu, row + j);
      s -= l * ld(x, j);
      t -= l * ld(y, j);
    }
    st(x, i, s);
    st(y, i, t);
  }
  for (let i = n - 1; i >= 0; i--) {
    const row = i * w - i + bw;
    let s = ld(x, i);
    let t = ld(y, i);
    const hi = min(n - 1, i + bw);
    for (let j = i + 1; j <= hi; j++) {
      const u = ld(lu, row + j);
      s -= u * ld(x, j);
      t -= u * ld(y, j);
    }
    const d = ld(lu, row + i);
    st(x, i, s / d);
    st(y, i, t / d);
  }
}

// ---- complex symmetric banded LDLᵀ (FDFD) -------------------------------------------------------
// Twin of src/core/photonics/fdfd/symmetric-banded.ts symmetricBandedEliminate: the upper band,
// row r holding columns r … r + bw at offset c − r, as interleaved (re, im) pairs. One complex
// entry is one v128: the update a −= f·v is computed as (f_re·v) + (−1, +1)·(f_im·swap(v)), which
// rounds each lane exactly as the reference's fr·vr − fi·vi and fr·vi + fi·vr (x + (−y) is x − y
// in IEEE arithmetic), so the factors are bit-identical.

/** The first `pivots` elimination steps in place; returns 0, or k + 1 when pivot k is zero or not finite. */
export function symmetricEliminate(a: usize, n: i32, bw: i32, pivots: i32): i32 {
  const w = bw + 1;
  const signs = f64x2(-1.0, 1.0);
  for (let k = 0; k < pivots; k++) {
    const kk = 2 * k * w;
    const pr = ld(a, kk);
    const pi = ld(a, kk + 1);
    const p2 = pr * pr + pi * pi;
    if (!(p2 > 0) || !isFinite(p2)) return k + 1;
    const invR = pr / p2;
    const invI = -pi / p2;
    const last = min(n - 1, k + bw);
    for (let i = k + 1; i <= last; i++) {
      const ki = kk + 2 * (i - k);
      const ur = ld(a, ki);
      const ui = ld(a, ki + 1);
      if (ur == 0 && ui == 0) continue;
      const fr = ur * invR - ui * invI;
      const fi = ur * invI + ui * invR;
      const frv = f64x2.splat(fr);
      const fiv = f64x2.splat(fi);
      const rowI = 2 * i * w - 2 * i;
      for (let j = i; j <= last; j++) {
        const pv = a + (<usize>(kk + 2 * (j - k)) << 3);
        const pij = a + (<usize>(rowI + 2 * j) << 3);
        const v = v128.load(pv);
        const swapped = v128.shuffle<f64>(v, v, 1, 0);
        const t = f64x2.add(f64x2.mul(frv, v), f64x2.mul(signs, f64x2.mul(fiv, swapped)));
        v128.store(pij, f64x2.sub(v128.load(pij), t));
      }
    }
  }
  return 0;
}

// ---- sparse multifrontal LU (the full-vectorial mode solver's shift-and-invert step) ------------
// The factorisation is _sparse-assembly.ts sparseFront; here the solve, twin of
// src/core/photonics/linalg/multifrontal.ts solveFlat. Its sums are four-chain dot products
// whose chains the reference keeps (dot4), bit-identical; with two right-hand sides each factor
// row is fetched from memory once for both.


/**
 * Σ a[j]·w[j] over j < n for two right-hand sides at once, w holding them interleaved (index j at
 * w + 16·j: lane 0 the first, lane 1 the second): each lane in four chains (j mod 4; a
 * pair left over to the first two, a single one to the first), added as (c0 + c1) + (c2 + c3), so
 * each lane is the reference's dot4 bit for bit. Why interleaved: a factor entry is splatted once
 * and multiplies both right-hand sides in one f64x2, with no horizontal sums and no per-lane tails
 * (issue 20: most rows of the strip's factor are a few entries long, where a dot product per right-hand side
 * spent more on set-up and horizontal sums than on its loads).
 */
@inline
function dotInterleaved(a: usize, w: usize, n: i32): v128 {
  let c0 = f64x2.splat(0);
  let c1 = f64x2.splat(0);
  let c2 = f64x2.splat(0);
  let c3 = f64x2.splat(0);
  let j = 0;
  for (; j + 3 < n; j += 4) {
    const o = a + (<usize>j << 3);
    const q = w + (<usize>j << 4);
    c0 = f64x2.add(c0, f64x2.mul(v128.load64_splat(o), v128.load(q)));
    c1 = f64x2.add(c1, f64x2.mul(v128.load64_splat(o + 8), v128.load(q + 16)));
    c2 = f64x2.add(c2, f64x2.mul(v128.load64_splat(o + 16), v128.load(q + 32)));
    c3 = f64x2.add(c3, f64x2.mul(v128.load64_splat(o + 24), v128.load(q + 48)));
  }
  if (j + 1 < n) {
    const o = a + (<usize>j << 3);
    const q = w + (<usize>j << 4);
    c0 = f64x2.add(c0, f64x2.mul(v128.load64_splat(o), v128.load(q)));
    c1 = f64x2.add(c1, f64x2.mul(v128.load64_splat(o + 8), v128.load(q + 16)));
    j += 2;
  }
  if (j < n) c0 = f64x2.add(c0, f64x2.mul(v128.load64_splat(a + (<usize>j << 3)), v128.load(w + (<usize>j << 4))));
  return f64x2.add(f64x2.add(c0, c1), f64x2.add(c2, c3));
}

/** (x[g], y[g]) as one f64x2. */
@inline
function gatherPair(x: usize, y: usize, g: i32): v128 {
  return f64x2.replace_lane(v128.load64_splat(x + (<usize>g << 3)), 1, ld(y, g));
}

/**
 * Forward then backward substitution over the `nf` fronts of a flat factor (meta: [p, q, index
 * offset, store offset] per front as i32; index: i32 variable numbers; store: f64), in place on x
 * and y together; w is scratch of twice the largest front's size (the two right-hand sides of the
 * front's variables, interleaved). Every sum is the reference's dot4 (see dotInterleaved). One
 * right-hand side: pass y = x (both lanes then compute the same numbers and store them alike).
 */
export function sparseSolve(store: usize, index: usize, meta: usize, nf: i32, x: usize, y: usize, w: usize): void {
  for (let t = 0; t < nf; t++) {
    const p = ldi(meta, 4 * t);
    const q = ldi(meta, 4 * t + 1);
    const ix = ldi(meta, 4 * t + 2);
    const at = ldi(meta, 4 * t + 3);
    const m = p + q;
    for (let k = 0; k < p; k++) {
      const g = ldi(index, ix + k);
      const v = f64x2.sub(gatherPair(x, y, g), dotInterleaved(store + (<usize>(at + k * m) << 3), w, k));
      v128.store(w + (<usize>k << 4), v);
      st(x, g, f64x2.extract_lane(v, 0));
      st(y, g, f64x2.extract_lane(v, 1));
    }
    const lower = at + p * m;
    for (let r = 0; r < q; r++) {
      const b = ldi(index, ix + p + r);
      const v = f64x2.sub(gatherPair(x, y, b), dotInterleaved(store + (<usize>(lower + r * p) << 3), w, p));
      st(x, b, f64x2.extract_lane(v, 0));
      st(y, b, f64x2.extract_lane(v, 1));
    }
  }
  for (let t = nf - 1; t >= 0; t--) {
    const p = ldi(meta, 4 * t);
    const q = ldi(meta, 4 * t + 1);
    const ix = ldi(meta, 4 * t + 2);
    const at = ldi(meta, 4 * t + 3);
    const m = p + q;
    for (let k = 0; k < m; k++) v128.store(w + (<usize>k << 4), gatherPair(x, y, ldi(index, ix + k)));
    for (let k = p - 1; k >= 0; k--) {
      const rowAt = at + k * m;
      const s = dotInterleaved(store + (<usize>(rowAt + k + 1) << 3), w + (<usize>(k + 1) << 4), m - k - 1);
      const wk = w + (<usize>k << 4);
      v128.store(wk, f64x2.div(f64x2.sub(v128.load(wk), s), f64x2.splat(ld(store, rowAt + k))));
    }
    for (let k = 0; k < p; k++) {
      const g = ldi(index, ix + k);
      const v = v128.load(w + (<usize>k << 4));
      st(x, g, f64x2.extract_lane(v, 0));
      st(y, g, f64x2.extract_lane(v, 1));
    }
  }
}

/**
 * y = A·x for a CSR matrix (rowStart, cols: i32; values: f64), each row's sum in stored order from
 * 0 — the mode solver's sparseMultiply (src/core/photonics/fdmode/fullvectorial-operator.ts), so
 * both backends give the same bits. Issue 20: the Krylov basis's images A·v were the JavaScript
 * loop's, a few per cent of the 10 nm strip's time at ~2 ns per entry.
 */
export function csrMultiply(rowStart: usize, cols: usize, values: usize, n: i32, x: usize, y: usize): void {
  let e = ldi(rowStart, 0);
  for (let r = 0; r < n; r++) {
    const end = ldi(rowStart, r + 1);
    let s: f64 = 0;
    for (; e < end; e++) s += ld(values, e) * ld(x, ldi(cols, e));
    st(y, r, s);
  }
}

/**
 * csrMultiply on two vectors at once (y1 = A·x1, y2 = A·x2): each row's two sums in stored order
 * from 0, so each is csrMultiply's bit for bit, with the matrix read once for both (issue 20: the
 * Krylov basis's images were two fifths of the matrix traffic of the 20 nm strip's iteration).
 */
export function csrMultiplyTwo(rowStart: usize, cols: usize, values: usize, n: i32, x1: usize, x2: usize, y1: usize, y2: usize): void {
  let e = ldi(rowStart, 0);
  for (let r = 0; r < n; r++) {
    const end = ldi(rowStart, r + 1);
    let s1: f64 = 0;
    let s2: f64 = 0;
    for (; e < end; e++) {
      const v = ld(values, e);
      const c = ldi(cols, e);
      s1 += v * ld(x1, c);
      s2 += v * ld(x2, c);
    }
    st(y1, r, s1);
    st(y2, r, s2);
  }
}

