// VEHBench analytical oracle (paper Appendix B) as a WebAssembly kernel.
// Twin of src/core/veh/oracle-reference.ts: the same IEEE-754 operations in the same
// order, so outputs are bit-identical to the reference (checked by the parity suite).
// Memory layout (strides and offsets) is src/core/veh/oracle-layout.ts.

import { ld, st } from './_memory';

export { alloc } from './_memory';

const INPUT_STRIDE: i32 = 19;
const OUTPUT_STRIDE: i32 = 16;
const STANDARD_GRAVITY: f64 = 9.80665;
const EPSILON_0: f64 = 8.854187817e-12;
const MODAL_MASS_FACTOR: f64 = 0.2357;
const ROOT_SLOPE_FACTOR: f64 = 1.3765;
const TWO_PI: f64 = 6.283185307179586;

export function inputStride(): i32 {
  return INPUT_STRIDE;
}

export function outputStride(): i32 {
  return OUTPUT_STRIDE;
}

function evaluateOne(inp: usize, out: usize): void {
  const L = ld(inp, 0) * 1e-3;
  const b = ld(inp, 1) * 1e-3;
  const hs = ld(inp, 2) * 1e-6;
  const hp = ld(inp, 3) * 1e-6;
  const mt = ld(inp, 4) * 1e-3;
  const R = ld(inp, 5);
  const fe = ld(inp, 6);
  const a = ld(inp, 7) * STANDARD_GRAVITY;
  const d31 = ld(inp, 8);
  const epsR = ld(inp, 9);
  const Ep = ld(inp, 10);
  const rhoP = ld(inp, 11);
  const Es = ld(inp, 12);
  const rhoS = ld(inp, 13);
  const zeta = ld(inp, 14);

  const As = b * hs;
  const Ap = b * hp;
  const ys = hs / 2;
  const yp = hs + hp / 2;
  const ybar = (Es * As * ys + Ep * Ap * yp) / (Es * As + Ep * Ap);
  const dys = ys - ybar;
  const dyp = yp - ybar;
  const Is = (b * hs * hs * hs) / 12 + As * dys * dys;
  const Ip = (b * hp * hp * hp) / 12 + Ap * dyp * dyp;
  const EI = Es * Is + Ep * Ip;

  const mb = (rhoS * hs + rhoP * hp) * b * L;
  const meff = MODAL_MASS_FACTOR * mb + mt;
  const wr = Math.sqrt((3 * EI) / (meff * L * L * L));
  const fr = wr / TWO_PI;
  const eta = (100 * Math.abs(fr - fe)) / fe;

  const e31 = d31 * Ep;
  const theta = (-e31 * b * dyp * ROOT_SLOPE_FACTOR) / L;
  const Cp = (EPSILON_0 * epsR * b * L) / hp;

  const w = TWO_PI * fe;
  const x = w * R * Cp;
  const q = 1 + x * x;
  const reD = meff * (wr * wr - w * w) + (theta * theta * w * x * R) / q;
  const imD = 2 * zeta * meff * wr * w + (theta * theta * w * R) / q;
  const absD = Math.sqrt(reD * reD + imD * imD);
  const W = (meff * a) / absD;

  const absZe = R / Math.sqrt(q);
  const V = Math.abs(theta) * w * absZe * W;
  const P = (V * V) / (2 * R);
  const PuW = P * 1e6;
  const Wmm = W * 1e3;

  const sigmaMpa = ((Es * ybar * 3 * W) / (L * L)) * 1e-6;
  const sStress = ld(inp, 15) - sigmaMpa;
  const sDisp = ld(inp, 16) - Wmm;
  const sFreq = ld(inp, 17) - eta;
  const sPower = PuW - ld(inp, 18);

  st(out, 0, fr);
  st(out, 1, PuW);
  st(out, 2, sigmaMpa);
  st(out, 3, Wmm);
  st(out, 4, eta);
  st(out, 5, sStress);
  st(out, 6, sDisp);
  st(out, 7, sFreq);
  st(out, 8, sPower);
  st(out, 9, sStress >= 0 && sDisp >= 0 && sFreq >= 0 && sPower >= 0 ? 1.0 : 0.0);
  st(out, 10, meff);
  st(out, 11, EI);
  st(out, 12, theta);
  st(out, 13, Cp);
  st(out, 14, ybar);
  st(out, 15, V);
}

/** Evaluates `count` packed designs from `inPtr` into `outPtr` (pointers from alloc). */
export function evaluateBatch(inPtr: usize, outPtr: usize, count: i32): void {
  for (let i: i32 = 0; i < count; i++) {
    evaluateOne(inPtr + (<usize>(i * INPUT_STRIDE) << 3), outPtr + (<usize>(i * OUTPUT_STRIDE) << 3));
  }
}
