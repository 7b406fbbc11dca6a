// Mie scattering by homogeneous and coated spheres as a WebAssembly kernel.
// Twin of src/core/photonics/mie/{log-derivative,series,sphere,coated}.ts: the same IEEE-754
// operations in the same order (complex division as a·b̄/|b|², as in mie/quotient.ts), so the
// outputs agree with the TypeScript reference to the last bits; the only differences come from the
// libm (sin, cos, exp, expm1, cbrt), which V8 and AssemblyScript implement separately.
// Layout (strides, offsets) is src/core/photonics/mie/layout.ts; the algorithm is documented there.

import { cdivConj, cmul, IM, RE } from './_complex';
import { ld, st } from './_memory';

export { alloc } from './_memory';

const SPHERE_INPUT_STRIDE: i32 = 3;
const COATED_INPUT_STRIDE: i32 = 6;
const OUTPUT_STRIDE: i32 = 4;
const MAX_SIZE_PARAMETER: f64 = 1e5;
const LENTZ_TOLERANCE_SQ: f64 = 1e-32;
const TINY: f64 = 1e-150;
const MIN_SIZE_PARAMETER: f64 = 1e-12;

export function sphereInputStride(): i32 {
  return SPHERE_INPUT_STRIDE;
}

export function coatedInputStride(): i32 {
  return COATED_INPUT_STRIDE;
}

export function outputStride(): i32 {
  return OUTPUT_STRIDE;
}

// ---- scratch memory for the log-derivative tables ----------------------------------------------

let scratch: usize = 0;
let scratchDoubles: i32 = 0;

function ensureScratch(doubles: i32): void {
  if (doubles <= scratchDoubles) return;
  if (scratch != 0) heap.free(scratch);
  scratch = heap.alloc(<usize>doubles << 3);
  scratchDoubles = doubles;
}

// ---- logarithmic derivatives -------------------------------------------------------------------

function lentzTermLimit(absZ: f64): f64 {
  return Math.ceil(2 * absZ) + 10000;
}

/** D_n(z) by the modified-Lentz continued fraction; result in (RE, IM), NaN if not converged. */
function lentzLogDerivative(n: i32, zr: f64, zi: f64): void {
  cdivConj(1, 0, zr, zi);
  const invR = RE;
  const invI = IM;
  const nu = <f64>n + 0.5;
  let fr = invR * (2 * nu);
  let fi = invI * (2 * nu);
  if (fr == 0 && fi == 0) {
    fr = TINY;
    fi = 0;
  }
  let cr = fr;
  let ci = fi;
  let dr: f64 = 0;
  let di: f64 = 0;
  const limit = lentzTermLimit(Math.sqrt(zr * zr + zi * zi));
  for (let j: f64 = 1; j <= limit; j++) {
    const s = 2 * (nu + j);
    const br = invR * s;
    const bi = invI * s;
    dr = br - dr;
    di = bi - di;
    if (dr == 0 && di == 0) {
      dr = TINY;
      di = 0;
    }
    cdivConj(1, 0, dr, di);
    dr = RE;
    di = IM;
    cdivConj(1, 0, cr, ci);
    cr = br - RE;
    ci = bi - IM;
    if (cr == 0 && ci == 0) {
      cr = TINY;
      ci = 0;
    }
    cmul(cr, ci, dr, di);
    const deltaR = RE;
    const deltaI = IM;
    cmul(fr, fi, deltaR, deltaI);
    fr = RE;
    fi = IM;
    const er = deltaR - 1;
    const ei = deltaI - 0;
    if (er * er + ei * ei < LENTZ_TOLERANCE_SQ) {
      RE = fr - invR * <f64>n;
      IM = fi - invI * <f64>n;
      return;
    }
  }
  RE = NaN;
  IM = NaN;
}

function lentzLogDerivativeReal(n: i32, x: f64): f64 {
  const xInv = 1 / x;
  const nu = <f64>n + 0.5;
  let f = xInv * (2 * nu);
  if (f == 0) f = TINY;
  let c = f;
  let d: f64 = 0;
  const limit = lentzTermLimit(x);
  for (let j: f64 = 1; j <= limit; j++) {
    const b = xInv * (2 * (nu + j));
    d = b - d;
    if (d == 0) d = TINY;
    d = 1 / d;
    c = b - 1 / c;
    if (c == 0) c = TINY;
    const delta = c * d;
    f *= delta;
    const e = delta - 1;
    if (e * e < LENTZ_TOLERANCE_SQ) return f - xInv * <f64>n;
  }
  return NaN;
}

/** Where the downward recurrence starts (recurrenceStart in log-derivative.ts). */
function recurrenceStart(absZ: f64, nMax: i32): i32 {
  return absZ > <f64>nMax ? <i32>Math.floor(absZ) + 16 : nMax;
}

/** Dₙ(z) and Rₙ = ψₙ/ψₙ₋₁ into `out`, 4 doubles per order (logDerivatives in log-derivative.ts). */
function logDerivatives(zr: f64, zi: f64, nMax: i32, out: usize): void {
  cdivConj(1, 0, zr, zi);
  const invR = RE;
  const invI = IM;
  const start = recurrenceStart(Math.sqrt(zr * zr + zi * zi), nMax);
  lentzLogDerivative(start, zr, zi);
  let dr = RE;
  let di = IM;
  for (let n = start; n > nMax; n--) {
    const nzr = invR * <f64>n;
    const nzi = invI * <f64>n;
    cdivConj(1, 0, dr + nzr, di + nzi);
    dr = nzr - RE;
    di = nzi - IM;
  }
  st(out, 4 * nMax, dr);
  st(out, 4 * nMax + 1, di);
  st(out, 2, 0);
  st(out, 3, 0);
  for (let n = nMax; n >= 1; n--) {
    const nzr = invR * <f64>n;
    const nzi = invI * <f64>n;
    cdivConj(1, 0, dr + nzr, di + nzi);
    const rr = RE;
    const ri = IM;
    dr = nzr - rr;
    di = nzi - ri;
    st(out, 4 * n + 2, rr);
    st(out, 4 * n + 3, ri);
    st(out, 4 * n - 4, dr);
    st(out, 4 * n - 3, di);
  }
}

/** tₙ = ψₙ₋₁/ψₙ at real x for n = 1 … N into `out` (riccatiInverseRatiosReal in log-derivative.ts). */
function riccatiInverseRatiosReal(x: f64, nMax: i32, out: usize): void {
  const xInv = 1 / x;
  const start = recurrenceStart(x, nMax);
  let d = lentzLogDerivativeReal(start, x);
  for (let n = start; n > nMax; n--) {
    const nx = xInv * <f64>n;
    d = nx - 1 / (d + nx);
  }
  st(out, 0, 0);
  for (let n = nMax; n >= 1; n--) {
    const nx = xInv * <f64>n;
    const t = d + nx;
    st(out, n, t);
    d = nx - 1 / t;
  }
}

// ---- series sums -------------------------------------------------------------------------------

let sumExt: f64 = 0;
let sumSca: f64 = 0;
let sumAsym: f64 = 0;
let sumBackRe: f64 = 0;
let sumBackIm: f64 = 0;
let prevARe: f64 = 0;
let prevAIm: f64 = 0;
let prevBRe: f64 = 0;
let prevBIm: f64 = 0;

function seriesReset(): void {
  sumExt = 0;
  sumSca = 0;
  sumAsym = 0;
  sumBackRe = 0;
  sumBackIm = 0;
  prevARe = 0;
  prevAIm = 0;
  prevBRe = 0;
  prevBIm = 0;
}

function seriesAdd(ni: i32, ar: f64, ai: f64, br: f64, bi: f64): void {
  const n = <f64>ni;
  const w = 2 * n + 1;
  sumExt += w * (ar + br);
  sumSca += w * (ar * ar + ai * ai + (br * br + bi * bi));
  if (ni > 1) {
    const k = ((n - 1) * (n + 1)) / n;
    sumAsym += k * (prevARe * ar + prevAIm * ai + (prevBRe * br + prevBIm * bi));
  }
  sumAsym += (w / (n * (n + 1))) * (ar * br + ai * bi);
  const s = (ni & 1) == 0 ? w : -w;
  sumBackRe += s * (ar - br);
  sumBackIm += s * (ai - bi);
  prevARe = ar;
  prevAIm = ai;
  prevBRe = br;
  prevBIm = bi;
}

function seriesFinish(x: f64, out: usize): void {
  const x2 = x * x;
  st(out, 0, (2 * sumExt) / x2);
  st(out, 1, (2 * sumSca) / x2);
  st(out, 2, (sumBackRe * sumBackRe + sumBackIm * sumBackIm) / x2);
  st(out, 3, sumSca > 0 ? (2 * sumAsym) / sumSca : 0);
}

function writeNaN(out: usize): void {
  for (let k = 0; k < OUTPUT_STRIDE; k++) st(out, k, NaN);
}

function termCount(x: f64): i32 {
  return <i32>Math.floor(x + 4 * Math.cbrt(x) + 2);
}

/** aₙ or bₙ = (d ψ − ψ₋₁)/(d ξ − ξ₋₁), ξ = ψ − iχ; result in (RE, IM). */
@inline
function coefficient(dr: f64, di: f64, psi: f64, chi: f64, psiPrev: f64, chiPrev: f64): void {
  cdivConj(dr * psi - psiPrev, di * psi, dr * psi + di * chi - psiPrev, di * psi - dr * chi + chiPrev);
}

// ---- homogeneous sphere ------------------------------------------------------------------------

function sphere(mr: f64, mi: f64, x: f64, out: usize): void {
  const nMax = termCount(x);
  ensureScratch(5 * (nMax + 1));
  const dz = scratch;
  const tX = scratch + (<usize>(4 * (nMax + 1)) << 3);
  logDerivatives(mr * x, mi * x, nMax, dz);
  riccatiInverseRatiosReal(x, nMax, tX);
  const xInv = 1 / x;
  cdivConj(1, 0, mr, mi);
  const mInvR = RE;
  const mInvI = IM;
  seriesReset();
  let psiPrev = Math.sin(x);
  let chiPrev = Math.cos(x);
  let chiPrev2 = -psiPrev;
  for (let n = 1; n <= nMax; n++) {
    const chi = xInv * <f64>(2 * n - 1) * chiPrev - chiPrev2;
    const psi = 1 / (ld(tX, n) * chi - chiPrev); // Casoratian (walkRiccatiBessel in sphere.ts)
    const dnr = ld(dz, 4 * n);
    const dni = ld(dz, 4 * n + 1);
    const nx = xInv * <f64>n;
    cmul(dnr, dni, mInvR, mInvI);
    coefficient(RE + nx, IM + 0.0, psi, chi, psiPrev, chiPrev);
    const ar = RE;
    const ai = IM;
    cmul(mr, mi, dnr, dni);
    coefficient(RE + nx, IM + 0.0, psi, chi, psiPrev, chiPrev);
    seriesAdd(n, ar, ai, RE, IM);
    chiPrev2 = chiPrev;
    psiPrev = psi;
    chiPrev = chi;
  }
  seriesFinish(x, out);
}

// ---- coated sphere -----------------------------------------------------------------------------

let S_RE: f64 = 0;
let S_IM: f64 = 0;

/** S(z) with sin z = e^{|Im z|} S(z), into (S_RE, S_IM). */
function scaledSin(zr: f64, zi: f64): void {
  const t = Math.abs(zi);
  const e = Math.exp(-2 * t);
  const oneMinusE = -Math.expm1(-2 * t);
  S_RE = Math.sin(zr) * (1 + e) * 0.5;
  S_IM = Math.cos(zr) * (zi < 0 ? -oneMinusE : oneMinusE) * 0.5;
}

/** ψ₀(z)ξ₀(z) = −i sin z e^{iz} into (RE, IM). */
function riccatiProduct0(zr: f64, zi: f64): void {
  scaledSin(zr, zi);
  cmul(S_IM, -S_RE, Math.cos(zr), Math.sin(zr));
  const s = Math.exp(Math.abs(zi) - zi);
  RE = RE * s;
  IM = IM * s;
}

/** [ψ₀(u)/ξ₀(u)] / [ψ₀(v)/ξ₀(v)] = e^{i(v − u)} sin u / sin v into (RE, IM). */
function riccatiRatio0(ur: f64, ui: f64, vr: f64, vi: f64): void {
  const wr = vr - ur;
  const wi = vi - ui;
  const pr = Math.cos(wr);
  const pi = Math.sin(wr);
  scaledSin(ur, ui);
  const sur = S_RE;
  const sui = S_IM;
  scaledSin(vr, vi);
  cdivConj(sur, sui, S_RE, S_IM);
  cmul(pr, pi, RE, IM);
  const s = Math.exp(Math.abs(ui) - Math.abs(vi) - wi);
  RE = RE * s;
  IM = IM * s;
}

/** C(z) with cos z = e^{|Im z|} C(z), into (C_RE, C_IM) (scaledCos in coated.ts). */
let C_RE: f64 = 0;
let C_IM: f64 = 0;
function scaledCos(zr: f64, zi: f64): void {
  const t = Math.abs(zi);
  const e = Math.exp(-2 * t);
  const oneMinusE = -Math.expm1(-2 * t);
  C_RE = Math.cos(zr) * (1 + e) * 0.5;
  C_IM = -Math.sin(zr) * (zi < 0 ? -oneMinusE : oneMinusE) * 0.5;
}

/** ψ̃₁ = S(z)/z − C(z) into (P1_RE, P1_IM) and 1 + i/z into (F1_RE, F1_IM) (coated.ts). */
let P1_RE: f64 = 0;
let P1_IM: f64 = 0;
let F1_RE: f64 = 0;
let F1_IM: f64 = 0;
function order1(zr: f64, zi: f64): void {
  scaledSin(zr, zi);
  cdivConj(S_RE, S_IM, zr, zi);
  const qr = RE;
  const qi = IM;
  scaledCos(zr, zi);
  P1_RE = qr - C_RE;
  P1_IM = qi - C_IM;
  cdivConj(1, 0, zr, zi);
  F1_RE = 1 - IM;
  F1_IM = RE;
}

/** ψ₁(z) ξ₁(z) into (RE, IM) (riccatiProduct1 in coated.ts). */
function riccatiProduct1(zr: f64, zi: f64): void {
  order1(zr, zi);
  cmul(P1_RE, P1_IM, F1_RE, F1_IM);
  cmul(RE, IM, Math.cos(zr), Math.sin(zr));
  const s = -Math.exp(Math.abs(zi) - zi);
  RE = RE * s;
  IM = IM * s;
}

/** H = (D_out − Q′ G_out)/(1 − Q′), Q′ = q (D_core − F)/(G_core − F); into (RE, IM). */
function shellLogDerivative(
  fr: f64, fi: f64, dcr: f64, dci: f64, gcr: f64, gci: f64,
  dor: f64, doi: f64, gor: f64, goi: f64, qr: f64, qi: f64,
): void {
  cdivConj(dcr - fr, dci - fi, gcr - fr, gci - fi);
  cmul(qr, qi, RE, IM);
  const qqr = RE;
  const qqi = IM;
  cmul(qqr, qqi, gor, goi);
  cdivConj(dor - RE, doi - IM, 1 - qqr, 0.0 - qqi);
}

function coated(m1r: f64, m1i: f64, m2r: f64, m2i: f64, x: f64, y: f64, out: usize): void {
  if (x <= 0) {
    sphere(m2r, m2i, y, out);
    return;
  }
  if (x >= y) {
    sphere(m1r, m1i, y, out);
    return;
  }
  const nMax = termCount(y);
  const len = nMax + 1;
  ensureScratch(13 * len);
  const d1 = scratch;
  const d2 = scratch + (<usize>(4 * len) << 3);
  const d3 = scratch + (<usize>(8 * len) << 3);
  const tY = scratch + (<usize>(12 * len) << 3);
  const x1r = m1r * x;
  const x1i = m1i * x;
  const x2r = m2r * x;
  const x2i = m2i * x;
  const y2r = m2r * y;
  const y2i = m2i * y;
  logDerivatives(x1r, x1i, nMax, d1);
  logDerivatives(x2r, x2i, nMax, d2);
  logDerivatives(y2r, y2i, nMax, d3);
  riccatiInverseRatiosReal(y, nMax, tY);
  cdivConj(1, 0, x2r, x2i);
  const x2InvR = RE;
  const x2InvI = IM;
  cdivConj(1, 0, y2r, y2i);
  const y2InvR = RE;
  const y2InvI = IM;
  cdivConj(m2r, m2i, m1r, m1i);
  const m21r = RE;
  const m21i = IM;
  cdivConj(m1r, m1i, m2r, m2i);
  const m12r = RE;
  const m12i = IM;
  cdivConj(1, 0, m2r, m2i);
  const m2InvR = RE;
  const m2InvI = IM;
  const yInv = 1 / y;

  let gxr: f64 = 0;
  let gxi: f64 = 1;
  let gyr: f64 = 0;
  let gyi: f64 = 1;
  riccatiProduct0(x2r, x2i);
  let pxr = RE;
  let pxi = IM;
  riccatiProduct0(y2r, y2i);
  let pyr = RE;
  let pyi = IM;
  riccatiRatio0(x2r, x2i, y2r, y2i);
  let qr = RE;
  let qi = IM;

  seriesReset();
  let psiPrev = Math.sin(y);
  let chiPrev = Math.cos(y);
  let chiPrev2 = -psiPrev;
  for (let n = 1; n <= nMax; n++) {
    const chi = yInv * <f64>(2 * n - 1) * chiPrev - chiPrev2;
    const psi = 1 / (ld(tY, n) * chi - chiPrev);

    const nx2r = x2InvR * <f64>n;
    const nx2i = x2InvI * <f64>n;
    const ny2r = y2InvR * <f64>n;
    const ny2i = y2InvI * <f64>n;
    const d1r = ld(d1, 4 * n);
    const d1i = ld(d1, 4 * n + 1);
    const d2r = ld(d2, 4 * n);
    const d2i = ld(d2, 4 * n + 1);
    const d3r = ld(d3, 4 * n);
    const d3i = ld(d3, 4 * n + 1);
    const uxr = ld(d2, 4 * n + 2);
    const uxi = ld(d2, 4 * n + 3);
    const uyr = ld(d3, 4 * n + 2);
    const uyi = ld(d3, 4 * n + 3);
    const vxr = nx2r - gxr;
    const vxi = nx2i - gxi;
    const vyr = ny2r - gyr;
    const vyi = ny2i - gyi;
    if (n == 1 && y2r * y2r + y2i * y2i >= 1) {
      // order 1 from its closed form (coated.ts): ψ₀ = sin z ≈ 0 where m₂x or m₂y is a multiple of π
      order1(y2r, y2i);
      cdivConj(F1_RE, F1_IM, P1_RE, P1_IM);
      cmul(RE, IM, Math.cos(y2r), Math.sin(y2r));
      const outR = -RE;
      const outI = -IM;
      const outE = -Math.abs(y2i) - y2i;
      const innerLarge = x2r * x2r + x2i * x2i >= 1;
      let inR: f64 = 0;
      let inI: f64 = 0;
      if (innerLarge) {
        order1(x2r, x2i);
        cdivConj(P1_RE, P1_IM, F1_RE, F1_IM);
        cmul(RE, IM, Math.cos(x2r), -Math.sin(x2r));
        inR = -RE;
        inI = -IM;
      } else {
        scaledSin(x2r, x2i);
        cmul(-S_IM, S_RE, Math.cos(x2r), -Math.sin(x2r));
        const ar = RE;
        const ai = IM;
        cdivConj(uxr, uxi, vxr, vxi);
        cmul(ar, ai, RE, IM);
        inR = RE;
        inI = IM;
      }
      const inE = Math.abs(x2i) + x2i;
      if (innerLarge) {
        riccatiProduct1(x2r, x2i);
        pxr = RE;
        pxi = IM;
      } else {
        cmul(pxr, pxi, uxr, uxi);
        cmul(RE, IM, vxr, vxi);
        pxr = RE;
        pxi = IM;
      }
      riccatiProduct1(y2r, y2i);
      pyr = RE;
      pyi = IM;
      cmul(inR, inI, outR, outI);
      const s = Math.exp(inE + outE);
      qr = RE * s;
      qi = IM * s;
    } else {
      cmul(pxr, pxi, uxr, uxi);
      cmul(RE, IM, vxr, vxi);
      pxr = RE;
      pxi = IM;
      cmul(pyr, pyi, uyr, uyi);
      cmul(RE, IM, vyr, vyi);
      pyr = RE;
      pyi = IM;
      cmul(uxr, uxi, vyr, vyi);
      const numR = RE;
      const numI = IM;
      cmul(vxr, vxi, uyr, uyi);
      cdivConj(numR, numI, RE, IM);
      cmul(qr, qi, RE, IM);
      qr = RE;
      qi = IM;
    }
    cdivConj(0, 1, pxr, pxi);
    gxr = d2r + RE;
    gxi = d2i + IM;
    cdivConj(0, 1, pyr, pyi);
    gyr = d3r + RE;
    gyi = d3i + IM;

    cmul(m21r, m21i, d1r, d1i);
    shellLogDerivative(RE, IM, d2r, d2i, gxr, gxi, d3r, d3i, gyr, gyi, qr, qi);
    const har = RE;
    const hai = IM;
    cmul(m12r, m12i, d1r, d1i);
    shellLogDerivative(RE, IM, d2r, d2i, gxr, gxi, d3r, d3i, gyr, gyi, qr, qi);
    const hbr = RE;
    const hbi = IM;

    const ny = yInv * <f64>n;
    cmul(har, hai, m2InvR, m2InvI);
    coefficient(RE + ny, IM + 0.0, psi, chi, psiPrev, chiPrev);
    const ar = RE;
    const ai = IM;
    cmul(m2r, m2i, hbr, hbi);
    coefficient(RE + ny, IM + 0.0, psi, chi, psiPrev, chiPrev);
    seriesAdd(n, ar, ai, RE, IM);
    chiPrev2 = chiPrev;
    psiPrev = psi;
    chiPrev = chi;
  }
  seriesFinish(y, out);
}

// ---- batch entry points ------------------------------------------------------------------------

@inline
function validSize(x: f64): bool {
  return x >= MIN_SIZE_PARAMETER && x <= MAX_SIZE_PARAMETER;
}

/** `count` packed [m.re, m.im, x] from `inPtr` into [Qext, Qsca, Qback, g] at `outPtr`. */
export function spheres(inPtr: usize, outPtr: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const inp = inPtr + (<usize>(i * SPHERE_INPUT_STRIDE) << 3);
    const out = outPtr + (<usize>(i * OUTPUT_STRIDE) << 3);
    const x = ld(inp, 2);
    if (validSize(x)) sphere(ld(inp, 0), ld(inp, 1), x, out);
    else writeNaN(out);
  }
}

/** `count` packed [m1.re, m1.im, m2.re, m2.im, x, y] from `inPtr` into `outPtr`. */
export function coatedSpheres(inPtr: usize, outPtr: usize, count: i32): void {
  for (let i = 0; i < count; i++) {
    const inp = inPtr + (<usize>(i * COATED_INPUT_STRIDE) << 3);
    const out = outPtr + (<usize>(i * OUTPUT_STRIDE) << 3);
    const x = ld(inp, 4);
    const y = ld(inp, 5);
    if (validSize(y) && x >= 0 && x <= y) coated(ld(inp, 0), ld(inp, 1), ld(inp, 2), ld(inp, 3), x, y, out);
    else writeNaN(out);
  }
}
