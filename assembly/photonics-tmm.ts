// Thin-film transfer-matrix kernel (coherent, incoherent and mixed stacks) in AssemblyScript.
// Twin of src/core/photonics/tmm/reference.ts and reference-group.ts: the same steps in the same
// order on raw (re, im) f64 pairs, checked against it by the parity suite (wasm-kernel.test.ts).
// Layouts: inputs and outputs follow src/core/photonics/tmm/kernel.ts and layout.ts; the scratch
// region (scratchDoubles(m) doubles, supplied by the caller) is private to this file.

import { cdivSmith, csqrt, IM, RE } from './_complex';
import { ld, st } from './_memory';

export { alloc } from './_memory';

const POINT_HEADER: i32 = 6;
const LAYOUT_VERSION: i32 = 1;
const SMALL_DELTA2: f64 = 1e-4;
const TWO_PI: f64 = 6.283185307179586;

// Scratch blocks, each M = m + 2 doubles (or pairs) long, at these multiples of M.
const S_Q: i32 = 0; // q per medium (pairs): 2M
const S_MAT: i32 = 2; // per layer: diag re/im, upper re/im, lower re/im, fluxScale, logScale: 8M
const S_ATT: i32 = 10; // incoherent attenuation per medium
const S_INC: i32 = 11; // indices of the incoherent media (incident, incoherent layers, exit)
const S_RF: i32 = 12;
const S_TF: i32 = 13;
const S_RB: i32 = 14;
const S_TB: i32 = 15;
const S_RHO: i32 = 16;
const S_FWD: i32 = 17;
const S_BWD: i32 = 18;
const S_FF: i32 = 19; // flux per plane, light from the left
const S_FB: i32 = 20; // flux per plane, light from the right
const S_NET: i32 = 21;
const S_BLOCKS: i32 = 22;

export function pointHeader(): i32 {
  return POINT_HEADER;
}

export function layoutVersion(): i32 {
  return LAYOUT_VERSION;
}

/** Doubles of scratch one solve needs for a stack of m layers. */
export function scratchDoubles(m: i32): i32 {
  return S_BLOCKS * (m + 2);
}

/** Scaled characteristic matrix of layer i (reference-group.ts layerMatrix). */
function layerMatrix(scr: usize, M: i32, i: i32, nr: f64, ni: f64, qr: f64, qi: f64, k0d: f64, p: bool): void {
  const dr = qr * k0d;
  const di = qi * k0d;
  const b = Math.abs(di);
  // e = e^{−2|b|} − 1 and the flux scale e^{−2|b|}, each from its accurate side (see reference-group.ts).
  let e: f64;
  let fluxScale: f64;
  if (b == 0) {
    e = 0; // lossless and propagating: no scaling (the common dielectric layer)
    fluxScale = 1;
  } else if (b < 0.5) {
    e = Math.expm1(-2 * b);
    fluxScale = 1 + e;
  } else {
    fluxScale = Math.exp(-2 * b);
    e = fluxScale - 1;
  }
  const ch = 1 + e / 2;
  const sh = di >= 0 ? -e / 2 : e / 2;
  // One argument reduction for both (musl sincos; same values as separate sin and cos).
  NativeMath.sincos(dr);
  const ca = NativeMath.sincos_cos;
  const sa = NativeMath.sincos_sin;
  const cosR = ca * ch;
  const cosI = -sa * sh;
  const sinR = sa * ch;
  const sinI = ca * sh;
  const d2 = dr * dr + di * di;
  let soqR: f64;
  let soqI: f64;
  if (d2 < SMALL_DELTA2) {
    // sin δ / δ = 1 − δ²/6 + δ⁴/120, times k₀d e^{−|Im δ|}
    const s2r = dr * dr - di * di;
    const s2i = dr * di + di * dr;
    const ur = -1.0 / 6 + s2r * (1.0 / 120);
    const ui = s2i * (1.0 / 120);
    const sr = 1 + (s2r * ur - s2i * ui);
    const si = 0 + (s2r * ui + s2i * ur);
    const f = k0d * Math.exp(-b);
    soqR = sr * f;
    soqI = si * f;
  } else {
    cdivSmith(sinR, sinI, qr, qi);
    soqR = RE;
    soqI = IM;
  }
  const qsR = qr * sinR - qi * sinI;
  const qsI = qr * sinI + qi * sinR;
  let upR: f64, upI: f64, loR: f64, loI: f64;
  if (p) {
    const n2r = nr * nr - ni * ni;
    const n2i = nr * ni + ni * nr;
    cdivSmith(qsR, qsI, n2r, n2i);
    upR = RE;
    upI = IM;
    loR = n2r * soqR - n2i * soqI;
    loI = n2r * soqI + n2i * soqR;
  } else {
    upR = soqR;
    upI = soqI;
    loR = qsR;
    loI = qsI;
  }
  // multiply by −i: (x + iy)(−i) = y − ix
  const base = S_MAT * M + 8 * i;
  st(scr, base, cosR);
  st(scr, base + 1, cosI);
  st(scr, base + 2, upI);
  st(scr, base + 3, -upR);
  st(scr, base + 4, loI);
  st(scr, base + 5, -loR);
  st(scr, base + 6, fluxScale);
  st(scr, base + 7, b);
}

// Results of solveGroup.
let gR: f64 = 0;
let gT: f64 = 0;
let gRre: f64 = 0;
let gRim: f64 = 0;
let gTre: f64 = 0;
let gTim: f64 = 0;

/** Admittance of medium i into (RE, IM): q (s) or N²/q (p). */
@inline
function admittance(idx: usize, scr: usize, M: i32, i: i32, p: bool): void {
  const qr = ld(scr, S_Q * M + 2 * i);
  const qi = ld(scr, S_Q * M + 2 * i + 1);
  if (p) {
    const nr = ld(idx, 2 * i);
    const ni = ld(idx, 2 * i + 1);
    cdivSmith(nr * nr - ni * ni, nr * ni + ni * nr, qr, qi);
  } else {
    RE = qr;
    IM = qi;
  }
}

/** reference-group.ts solveGroup: the coherent group between media a < b, lit from a (fromLeft) or b. */
function solveGroup(idx: usize, scr: usize, M: i32, a: i32, b: i32, p: bool, fromLeft: bool, fluxBlock: i32): void {
  const src = fromLeft ? a : b;
  const dst = fromLeft ? b : a;
  const flux = fluxBlock * M;
  admittance(idx, scr, M, src, p);
  const etaR = RE;
  const etaI = IM;
  if (!(etaR > 0) || !isFinite(etaI)) {
    for (let pl = a; pl < b; pl++) st(scr, flux + pl, 0);
    gR = 0;
    gT = 0;
    gRre = NaN;
    gRim = NaN;
    gTre = NaN;
    gTim = NaN;
    return;
  }
  const tqr = ld(scr, S_Q * M + 2 * dst);
  const tqi = ld(scr, S_Q * M + 2 * dst + 1);
  const tnr = ld(idx, 2 * dst);
  const tni = ld(idx, 2 * dst + 1);
  let Er: f64, Ei: f64, Hr: f64, Hi: f64;
  if (p) {
    Er = tqr;
    Ei = tqi;
    Hr = tnr * tnr - tni * tni;
    Hi = tnr * tni + tni * tnr;
  } else {
    Er = 1;
    Ei = 0;
    Hr = tqr;
    Hi = tqi;
  }
  let logScale: f64 = 0;
  const step: i32 = fromLeft ? -1 : 1;
  let plane: i32 = fromLeft ? b - 1 : a;
  st(scr, flux + plane, Er * Hr + Ei * Hi);
  for (let layer: i32 = fromLeft ? b - 1 : a + 1; fromLeft ? layer > a : layer < b; layer += step) {
    const base = S_MAT * M + 8 * layer;
    const dR = ld(scr, base);
    const dI = ld(scr, base + 1);
    const uR = ld(scr, base + 2);
    const uI = ld(scr, base + 3);
    const lR = ld(scr, base + 4);
    const lI = ld(scr, base + 5);
    const E1r = dR * Er - dI * Ei + (uR * Hr - uI * Hi);
    const E1i = dR * Ei + dI * Er + (uR * Hi + uI * Hr);
    const H1r = lR * Er - lI * Ei + (dR * Hr - dI * Hi);
    const H1i = lR * Ei + lI * Er + (dR * Hi + dI * Hr);
    Er = E1r;
    Ei = E1i;
    Hr = H1r;
    Hi = H1i;
    logScale += ld(scr, base + 7);
    plane += step;
    st(scr, flux + plane, Er * Hr + Ei * Hi);
  }
  const eEr = etaR * Er - etaI * Ei;
  const eEi = etaR * Ei + etaI * Er;
  const denR = eEr + Hr;
  const denI = eEi + Hi;
  cdivSmith(eEr - Hr, eEi - Hi, denR, denI);
  const rtR = RE;
  const rtI = IM;
  const den2 = denR * denR + denI * denI;
  const norm = (4 * (etaR * etaR + etaI * etaI)) / (etaR * den2);
  let shrink: f64 = 1;
  let pl: i32 = fromLeft ? a : b - 1;
  let layer: i32 = fromLeft ? a + 1 : b - 1;
  while (true) {
    st(scr, flux + pl, norm * ld(scr, flux + pl) * shrink);
    if (fromLeft ? pl >= b - 1 : pl <= a) break;
    shrink *= ld(scr, S_MAT * M + 8 * layer + 6);
    pl -= step;
    layer -= step;
  }
  const amp = Math.exp(-logScale);
  if (p) {
    const snr = ld(idx, 2 * src);
    const sni = ld(idx, 2 * src + 1);
    const pr = snr * tnr - sni * tni;
    const pi = snr * tni + sni * tnr;
    cdivSmith(pr * 2, pi * 2, denR, denI);
    gTre = RE * amp;
    gTim = IM * amp;
    gRre = -rtR;
    gRim = -rtI;
  } else {
    cdivSmith(etaR * 2, etaI * 2, denR, denI);
    gTre = RE * amp;
    gTim = IM * amp;
    gRre = rtR;
    gRim = rtI;
  }
  gR = rtR * rtR + rtI * rtI;
  gT = ld(scr, flux + (fromLeft ? b - 1 : a));
}

/** reference.ts solveTmmPoint for one wavelength (indices at idx) and angle, into out. */
function solvePoint(idx: usize, thick: usize, coh: usize, lambda: f64, angle: f64, m: i32, p: bool, out: usize, scr: usize): void {
  const M = m + 2;
  const n0 = ld(idx, 0);
  const beta = n0 * Math.sin(angle);
  const k0 = TWO_PI / lambda;
  st(scr, S_Q * M, n0 * Math.cos(angle));
  st(scr, S_Q * M + 1, 0);
  for (let i: i32 = 1; i < M; i++) {
    const nr = ld(idx, 2 * i);
    const ni = ld(idx, 2 * i + 1);
    csqrt(nr * nr - ni * ni - beta * beta, nr * ni + ni * nr);
    st(scr, S_Q * M + 2 * i, RE);
    st(scr, S_Q * M + 2 * i + 1, IM);
  }
  let K: i32 = 0; // incoherent media so far
  st(scr, S_INC * M, 0);
  K = 1;
  for (let i: i32 = 1; i <= m; i++) {
    const d = ld(thick, i - 1);
    const qr = ld(scr, S_Q * M + 2 * i);
    const qi = ld(scr, S_Q * M + 2 * i + 1);
    st(scr, S_ATT * M + i, 1);
    if (ld(coh, i - 1) != 0) {
      layerMatrix(scr, M, i, ld(idx, 2 * i), ld(idx, 2 * i + 1), qr, qi, k0 * d, p);
    } else {
      st(scr, S_INC * M + K, <f64>i);
      K++;
      admittance(idx, scr, M, i, p);
      st(scr, S_ATT * M + i, RE > 0 ? Math.exp(-2 * k0 * d * qi) : 0);
    }
  }
  st(scr, S_INC * M + K, <f64>(m + 1));
  const groups = K;

  let single = false;
  for (let g: i32 = 0; g < groups; g++) {
    const a = <i32>ld(scr, S_INC * M + g);
    const b = <i32>ld(scr, S_INC * M + g + 1);
    solveGroup(idx, scr, M, a, b, p, true, S_FF);
    st(scr, S_RF * M + g, gR);
    st(scr, S_TF * M + g, gT);
    if (groups == 1) single = true;
    if (g == groups - 1) {
      // No light returns from the exit medium: this group's backward fluxes are zero (scratch holds old values).
      for (let pl = a; pl < b; pl++) st(scr, S_FB * M + pl, 0);
    } else {
      const fRre = gRre;
      const fRim = gRim;
      const fTre = gTre;
      const fTim = gTim;
      solveGroup(idx, scr, M, a, b, p, false, S_FB);
      st(scr, S_RB * M + g, gR);
      st(scr, S_TB * M + g, gT);
      gRre = fRre;
      gRim = fRim;
      gTre = fTre;
      gTim = fTim;
    }
  }

  st(scr, S_RHO * M + groups - 1, ld(scr, S_RF * M + groups - 1));
  for (let g: i32 = groups - 2; g >= 0; g--) {
    const att = ld(scr, S_ATT * M + <i32>ld(scr, S_INC * M + g + 1));
    const loop = att * att * ld(scr, S_RHO * M + g + 1);
    const fR = ld(scr, S_RF * M + g);
    const fT = ld(scr, S_TF * M + g);
    const bR = ld(scr, S_RB * M + g);
    const bT = ld(scr, S_TB * M + g);
    const through = fT * bT * loop;
    st(scr, S_RHO * M + g, fR + (through > 0 ? through / (1 - bR * loop) : 0));
  }
  st(scr, S_FWD * M, 1);
  st(scr, S_BWD * M + groups - 1, 0);
  for (let g: i32 = 0; g < groups - 1; g++) {
    const att = ld(scr, S_ATT * M + <i32>ld(scr, S_INC * M + g + 1));
    const rhoNext = ld(scr, S_RHO * M + g + 1);
    const loop = att * att * rhoNext;
    const fT = ld(scr, S_TF * M + g);
    const bR = ld(scr, S_RB * M + g);
    const into = fT * ld(scr, S_FWD * M + g);
    const entering = into > 0 ? into / (1 - bR * loop) : 0;
    const fwdNext = att * entering;
    st(scr, S_FWD * M + g + 1, fwdNext);
    st(scr, S_BWD * M + g, att * rhoNext * fwdNext);
  }

  for (let g: i32 = 0; g < groups; g++) {
    const fw = ld(scr, S_FWD * M + g);
    const bw = ld(scr, S_BWD * M + g);
    const end = <i32>ld(scr, S_INC * M + g + 1);
    for (let pl = <i32>ld(scr, S_INC * M + g); pl < end; pl++) {
      st(scr, S_NET * M + pl, fw * ld(scr, S_FF * M + pl) - bw * ld(scr, S_FB * M + pl));
    }
  }
  for (let j: i32 = 1; j <= m; j++) st(out, POINT_HEADER + j - 1, ld(scr, S_NET * M + j - 1) - ld(scr, S_NET * M + j));
  st(out, 0, ld(scr, S_RHO * M));
  st(out, 1, ld(scr, S_NET * M + m));
  st(out, 2, single ? gRre : NaN);
  st(out, 3, single ? gRim : NaN);
  st(out, 4, single ? gTre : NaN);
  st(out, 5, single ? gTim : NaN);
}

/**
 * Solves W wavelengths × A angles for one stack and polarization (pol 0 = s, 1 = p).
 * indices: [W][m+2][re, im]; thicknesses, coherent (1.0/0.0): [m]; angles in radians: [A];
 * out: [W][A][POINT_HEADER + m]; scratch: scratchDoubles(m) doubles.
 */
export function solve(
  wavelengths: usize,
  indices: usize,
  thicknesses: usize,
  coherent: usize,
  angles: usize,
  m: i32,
  W: i32,
  A: i32,
  pol: i32,
  out: usize,
  scratch: usize,
): void {
  const stride = POINT_HEADER + m;
  const p = pol == 1;
  for (let w: i32 = 0; w < W; w++) {
    const idx = indices + (<usize>(w * (m + 2) * 2) << 3);
    const lambda = ld(wavelengths, w);
    for (let a: i32 = 0; a < A; a++) {
      solvePoint(idx, thicknesses, coherent, lambda, ld(angles, a), m, p, out + (<usize>((w * A + a) * stride) << 3), scratch);
    }
  }
}
