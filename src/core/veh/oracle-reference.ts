/**
 * Reference TypeScript implementation of the VEHBench analytical oracle (paper Appendix B,
 * equations A-1..A-22). assembly/veh-oracle.ts is a line-by-line twin: both perform the same
 * IEEE-754 operations in the same order (only + - * / and sqrt, all correctly rounded), so the
 * parity suite can demand bit-identical outputs.
 */
import { IN, INPUT_STRIDE, OUT, OUTPUT_STRIDE } from './oracle-layout.ts';

/** Standard gravity (m/s²), as used by the paper to convert g to m/s². */
export const STANDARD_GRAVITY = 9.80665;
/** Vacuum permittivity (F/m) with the digits the paper quotes. */
export const EPSILON_0 = 8.854187817e-12;
/** First-mode clamped-free effective-mass factor α_φ. */
export const MODAL_MASS_FACTOR = 0.2357;
/** Root-slope factor γ₁ for full coverage and a tip-normalised first mode. */
export const ROOT_SLOPE_FACTOR = 1.3765;
const TWO_PI = 6.283185307179586;

/** Evaluates one design from `input` at `inOffset`, writing OUTPUT_STRIDE values to `out` at `outOffset`. */
export function evaluateInto(input: ArrayLike<number>, inOffset: number, out: Float64Array, outOffset: number): void {
  const at = (k: number): number => input[inOffset + k] as number;
  // task units to SI.
  const L = at(IN.beamLengthMm) * 1e-3;
  const b = at(IN.beamWidthMm) * 1e-3;
  const hs = at(IN.substrateThicknessUm) * 1e-6;
  const hp = at(IN.piezoThicknessUm) * 1e-6;
  const mt = at(IN.tipMassG) * 1e-3;
  const R = at(IN.loadResistanceOhm);
  const fe = at(IN.frequencyHz);
  const a = at(IN.accelerationG) * STANDARD_GRAVITY;
  const d31 = at(IN.d31);
  const epsR = at(IN.eps33Rel);
  const Ep = at(IN.piezoModulusPa);
  const rhoP = at(IN.piezoDensity);
  const Es = at(IN.substrateModulusPa);
  const rhoS = at(IN.substrateDensity);
  const zeta = at(IN.dampingRatio);

  // A-3..A-6: composite section about the modulus-weighted neutral axis.
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

  // A-7..A-10: effective mass and first-mode resonance.
  const mb = (rhoS * hs + rhoP * hp) * b * L;
  const meff = MODAL_MASS_FACTOR * mb + mt;
  const wr = Math.sqrt((3 * EI) / (meff * L * L * L));
  const fr = wr / TWO_PI;
  const eta = (100 * Math.abs(fr - fe)) / fe;

  // A-11..A-13: coupling and capacitance.
  const e31 = d31 * Ep;
  const theta = (-e31 * b * dyp * ROOT_SLOPE_FACTOR) / L;
  const Cp = (EPSILON_0 * epsR * b * L) / hp;

  // A-14..A-16: Ze = R/(1 + jωRCp); D = meff(ωr²−ω²) + j2ζ meff ωr ω + θ² jω Ze.
  const w = TWO_PI * fe;
  const x = w * R * Cp;
  const q = 1 + x * x;
  const reD = meff * (wr * wr - w * w) + (theta * theta * w * x * R) / q;
  const imD = 2 * zeta * meff * wr * w + (theta * theta * w * R) / q;
  const absD = Math.sqrt(reD * reD + imD * imD);
  const W = (meff * a) / absD;

  // A-17..A-19: load voltage (peak) and average power.
  const absZe = R / Math.sqrt(q);
  const V = Math.abs(theta) * w * absZe * W;
  const P = (V * V) / (2 * R);
  const PuW = P * 1e6;
  const Wmm = W * 1e3;

  // A-20..A-22: root stress on the substrate's bottom face, slacks and feasibility.
  const sigmaMpa = (Es * ybar * 3 * W) / (L * L) * 1e-6;
  const sStress = at(IN.maxStressMpa) - sigmaMpa;
  const sDisp = at(IN.maxDispMm) - Wmm;
  const sFreq = at(IN.maxFreqErrorPct) - eta;
  const sPower = PuW - at(IN.minPowerUw);

  out[outOffset + OUT.resonantFreqHz] = fr;
  out[outOffset + OUT.loadPowerUw] = PuW;
  out[outOffset + OUT.tipStressMpa] = sigmaMpa;
  out[outOffset + OUT.tipDispMm] = Wmm;
  out[outOffset + OUT.freqErrorPct] = eta;
  out[outOffset + OUT.slackStressMpa] = sStress;
  out[outOffset + OUT.slackDispMm] = sDisp;
  out[outOffset + OUT.slackFreqPct] = sFreq;
  out[outOffset + OUT.slackPowerUw] = sPower;
  out[outOffset + OUT.feasible] = sStress >= 0 && sDisp >= 0 && sFreq >= 0 && sPower >= 0 ? 1 : 0;
  out[outOffset + OUT.effectiveMassKg] = meff;
  out[outOffset + OUT.bendingStiffnessNm2] = EI;
  out[outOffset + OUT.couplingCoefficient] = theta;
  out[outOffset + OUT.internalCapacitanceF] = Cp;
  out[outOffset + OUT.neutralAxisM] = ybar;
  out[outOffset + OUT.loadVoltageV] = V;
}

/** Evaluates `count` packed designs. */
export function evaluateBatch(input: Float64Array, count: number, out: Float64Array): void {
  for (let i = 0; i < count; i++) evaluateInto(input, i * INPUT_STRIDE, out, i * OUTPUT_STRIDE);
}
