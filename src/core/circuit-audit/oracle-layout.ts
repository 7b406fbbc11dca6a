/**
 * Flat memory layout shared by every circuit oracle backend (reference TS, WASM). One evaluation
 * reads INPUT_STRIDE doubles and writes OUTPUT_STRIDE doubles, so a batch is a pair of
 * Float64Arrays and no backend touches objects on its hot path. Inputs are in task units
 * (Ω, nF, mH, pF, V, Hz); a limit that is not enforced is packed as ±Infinity so its slack is +Infinity.
 */
export const FAMILY_CODE = { rc_lowpass: 0, rl_lowpass: 1, rlc_bandpass: 2, divider: 3 } as const;

export const CIN = {
  family: 0,
  /** R (rc, rl, rlc) or R1 (divider), Ω. */
  x0: 1,
  /** C nF (rc), L mH (rl, rlc), R2 Ω (divider). */
  x1: 2,
  /** C nF (rlc); unused (0) otherwise. */
  x2: 3,
  vinV: 4,
  target: 5,
  strayPf: 6,
  windingPf: 7,
  /** Divider load in Ω; 0 means unloaded. */
  loadOhm: 8,
  maxTargetErrorPct: 9,
  maxSourceCurrentMa: 10,
  maxPowerMw: 11,
  maxToleranceShiftPct: 12,
  minQ: 13,
} as const;
export const CIRCUIT_INPUT_STRIDE = 14;

export const COUT = {
  targetValue: 0,
  targetErrorPct: 1,
  sourceCurrentMa: 2,
  powerMw: 3,
  toleranceShiftPct: 4,
  qFactor: 5,
  bandwidthHz: 6,
  slackTargetErrorPct: 7,
  slackSourceCurrentMa: 8,
  slackPowerMw: 9,
  slackToleranceShiftPct: 10,
  slackQ: 11,
  feasible: 12,
} as const;
export const CIRCUIT_OUTPUT_STRIDE = 13;
