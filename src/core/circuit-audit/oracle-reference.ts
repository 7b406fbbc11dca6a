/**
 * Reference TypeScript implementation of the closed-form circuit oracle. assembly/circuit-oracle.ts
 * is a line-by-line twin: both use only + - * / and sqrt (all correctly rounded in IEEE-754) in the
 * same order, so the parity suite can demand bit-identical outputs.
 *
 * Formulas (textbook references in data/circuit/README.md):
 *  rc_lowpass   fc = 1/(2πRC); I = Vin/R; P = Vin²/R; stray shift = Cs/(C+Cs)
 *  rl_lowpass   fc = R/(2πL); I = Vin/R; P = Vin²/R; winding shift = (2πfc)²·L·Cw
 *  rlc_bandpass f0 = 1/(2π√(LC)); Q = √(L/C)/R; BW = f0/Q; I = Vin/R; P = Vin²/R; stray shift = 1 − √(C/(C+Cs))
 *  divider      Vout = Vin·R2/(R1+R2); I = Vin/(R1+R2); P = Vin²/(R1+R2); loading shift = 1 − Vloaded/Vout
 */
import { CIN, COUT } from './oracle-layout.ts';

/** 2π as a double (equal to 2 * Math.PI). */
export const TWO_PI = 6.283185307179586;

/** Evaluates one packed request from `input` at `i`, writing CIRCUIT_OUTPUT_STRIDE values to `out` at `o`. */
export function evaluateCircuitInto(input: ArrayLike<number>, i: number, out: Float64Array, o: number): void {
  const family = input[i + CIN.family] as number;
  const x0 = input[i + CIN.x0] as number;
  const x1 = input[i + CIN.x1] as number;
  const x2 = input[i + CIN.x2] as number;
  const vin = input[i + CIN.vinV] as number;
  const target = input[i + CIN.target] as number;
  const cs = (input[i + CIN.strayPf] as number) * 1e-12;
  const cw = (input[i + CIN.windingPf] as number) * 1e-12;
  const load = input[i + CIN.loadOhm] as number;

  let value: number;
  let current: number;
  let power: number;
  let shift = 0;
  let q = 0;
  let bw = 0;
  if (family === 0) {
    const c = x1 * 1e-9;
    value = 1 / (TWO_PI * x0 * c);
    current = vin / x0;
    power = (vin * vin) / x0;
    shift = cs / (c + cs);
    bw = value;
  } else if (family === 1) {
    const l = x1 * 1e-3;
    value = x0 / (TWO_PI * l);
    current = vin / x0;
    power = (vin * vin) / x0;
    const w = TWO_PI * value;
    shift = w * w * l * cw;
    bw = value;
  } else if (family === 2) {
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

  const sTarget = (input[i + CIN.maxTargetErrorPct] as number) - err;
  const sCurrent = (input[i + CIN.maxSourceCurrentMa] as number) - currentMa;
  const sPower = (input[i + CIN.maxPowerMw] as number) - powerMw;
  const sShift = (input[i + CIN.maxToleranceShiftPct] as number) - shiftPct;
  const sQ = q - (input[i + CIN.minQ] as number);

  out[o + COUT.targetValue] = value;
  out[o + COUT.targetErrorPct] = err;
  out[o + COUT.sourceCurrentMa] = currentMa;
  out[o + COUT.powerMw] = powerMw;
  out[o + COUT.toleranceShiftPct] = shiftPct;
  out[o + COUT.qFactor] = q;
  out[o + COUT.bandwidthHz] = bw;
  out[o + COUT.slackTargetErrorPct] = sTarget;
  out[o + COUT.slackSourceCurrentMa] = sCurrent;
  out[o + COUT.slackPowerMw] = sPower;
  out[o + COUT.slackToleranceShiftPct] = sShift;
  out[o + COUT.slackQ] = sQ;
  out[o + COUT.feasible] = sTarget >= 0 && sCurrent >= 0 && sPower >= 0 && sShift >= 0 && sQ >= 0 ? 1 : 0;
}

/** Evaluates `count` packed requests. */
export function evaluateCircuitBatch(input: Float64Array, count: number, out: Float64Array, inStride: number, outStride: number): void {
  for (let k = 0; k < count; k++) evaluateCircuitInto(input, k * inStride, out, k * outStride);
}
