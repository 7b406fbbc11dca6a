// Closed-form circuit oracle (RC/RL low-pass, series RLC band-pass, loaded divider) as a
// WebAssembly kernel. Twin of src/core/circuit/oracle-reference.ts: the same IEEE-754 operations
// (+ - * / sqrt) in the same order, so outputs are bit-identical to the reference (checked by
// src/core/kernels/circuit-parity.test.ts). Layout: src/core/circuit/oracle-layout.ts.

import { ld, st } from './_memory';

export { alloc } from './_memory';

const INPUT_STRIDE: i32 = 14;
const OUTPUT_STRIDE: i32 = 13;
const TWO_PI: f64 = 6.283185307179586;

export function inputStride(): i32 {
  return INPUT_STRIDE;
}

export function outputStride(): i32 {
  return OUTPUT_STRIDE;
}

function evaluateOne(inp: usize, out: usize): void {
  const family = ld(inp, 0);
  const x0 = ld(inp, 1);
  const x1 = ld(inp, 2);
  const x2 = ld(inp, 3);
  const vin = ld(inp, 4);
  const target = ld(inp, 5);
  const cs = ld(inp, 6) * 1e-12;
  const cw = ld(inp, 7) * 1e-12;
  const load = ld(inp, 8);

  let value: f64 = 0;
  let current: f64 = 0;
  let power: f64 = 0;
  let shift: f64 = 0;
  let q: f64 = 0;
  let bw: f64 = 0;
  if (family == 0.0) {
    const c = x1 * 1e-9;
    value = 1 / (TWO_PI * x0 * c);
    current = vin / x0;
    power = (vin * vin) / x0;
    shift = cs / (c + cs);
    bw = value;
  } else if (family == 1.0) {
    const l = x1 * 1e-3;
    value = x0 / (TWO_PI * l);
    current = vin / x0;
    power = (vin * vin) / x0;
    const w = TWO_PI * value;
    shift = w * w * l * cw;
    bw = value;
  } else if (family == 2.0) {
    const l = x1 * 1e-3;
    const c = x2 * 1e-9;
    value = 1 / (TWO_PI * Math.sqrt(l * c));
    q = Math.sqrt(l / c) / x0;
    bw = value / q;
    current = vin / x0;
    power = (vin * vin) / x0;
    shift = 1 - Math.sqrt(c / (c + cs));
  } else {
    const sum = x0 + x1;
    value = (vin * x1) / sum;
    current = vin / sum;
    power = (vin * vin) / sum;
    if (load > 0) {
      const rp = (x1 * load) / (x1 + load);
      const loaded = (vin * rp) / (x0 + rp);
      shift = (value - loaded) / value;
    }
  }
  const diff = value - target;
  const err = ((diff < 0 ? -diff : diff) / target) * 100;
  const currentMa = current * 1000;
  const powerMw = power * 1000;
  const shiftPct = shift * 100;

  const sTarget = ld(inp, 9) - err;
  const sCurrent = ld(inp, 10) - currentMa;
  const sPower = ld(inp, 11) - powerMw;
  const sShift = ld(inp, 12) - shiftPct;
  const sQ = q - ld(inp, 13);

  st(out, 0, value);
  st(out, 1, err);
  st(out, 2, currentMa);
  st(out, 3, powerMw);
  st(out, 4, shiftPct);
  st(out, 5, q);
  st(out, 6, bw);
  st(out, 7, sTarget);
  st(out, 8, sCurrent);
  st(out, 9, sPower);
  st(out, 10, sShift);
  st(out, 11, sQ);
  st(out, 12, sTarget >= 0 && sCurrent >= 0 && sPower >= 0 && sShift >= 0 && sQ >= 0 ? 1.0 : 0.0);
}

/** Evaluates `count` packed requests from `inPtr` into `outPtr` (pointers from alloc). */
export function evaluateBatch(inPtr: usize, outPtr: usize, count: i32): void {
  for (let i: i32 = 0; i < count; i++) {
    evaluateOne(inPtr + (<usize>(i * INPUT_STRIDE) << 3), outPtr + (<usize>(i * OUTPUT_STRIDE) << 3));
  }
}
