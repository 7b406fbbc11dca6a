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
/** 2π as a double (equal to 2 * Math.PI). */
export const TWO_PI = 6.283185307179586;

/** Evaluates one design from `input` at `inOffset`, writing OUTPUT_STRIDE values to `out` at `outOffset`. */
export function evaluateInto(input: ArrayLike<number>, inOffset: number, out: Float64Array, outOffset: number): void {
  // Direct indexing, not a helper closure: a closure per call made this hot loop ~4x slower under tsx.
  const i = inOffset;
  // task units to SI.
  const L = (input[i + IN.beamLengthMm] as number) * 1e-3;
  const b = (input[i + IN.beamWidthMm] as number) * 1e-3;
  const hs = (input[i + IN.substrateThicknessUm] as number) * 1e-6;
  const hp = (input[i + IN.piezoThicknessUm] as number) * 1e-6;
  const mt = (input[i + IN.tipMassG] as number) * 1e-3;
  const R = input[i + IN.loadResistanceOhm] as number;
  const fe = input[i + IN.frequencyHz] as number;
  const a = (input[i + IN.accelerationG] as number) * STANDARD_GRAVITY;
  const d31 = input[i + IN.d31] as number;
  const epsR = input[i + IN.eps33Rel] as number;
  const Ep = input[i + IN.piezoModulusPa] as number;
  const rhoP = input[i + IN.piezoDensity] as number;
  const Es = input[i + IN.substrateModulusPa] as number;
  const rhoS = input[i + IN.substrateDensity] as number;
  const zeta = input[i + IN.dampingRatio] as number;

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
  const sStress = (input[i + IN.maxStressMpa] as number) - sigmaMpa;
  const sDisp = (input[i + IN.maxDispMm] as number) - Wmm;
  const sFreq = (input[i + IN.maxFreqErrorPct] as number) - eta;
  const sPower = PuW - (input[i + IN.minPowerUw] as number);

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
