/**
 * Flat memory layout shared by every VEH oracle backend (reference TS, WASM, worker).
 * One evaluation reads INPUT_STRIDE doubles and writes OUTPUT_STRIDE doubles, so a batch
 * is a pair of Float64Arrays and no backend needs objects on its hot path.
 * Inputs are in task units (mm, µm, g, Ω, Hz, g) plus resolved material constants in SI.
 */
export const IN = {
  beamLengthMm: 0,
  beamWidthMm: 1,
  substrateThicknessUm: 2,
  piezoThicknessUm: 3,
  tipMassG: 4,
  loadResistanceOhm: 5,
  frequencyHz: 6,
  accelerationG: 7,
  d31: 8,
  eps33Rel: 9,
  piezoModulusPa: 10,
  piezoDensity: 11,
  substrateModulusPa: 12,
  substrateDensity: 13,
  dampingRatio: 14,
  maxStressMpa: 15,
  maxDispMm: 16,
  maxFreqErrorPct: 17,
  minPowerUw: 18,
} as const;
export const INPUT_STRIDE = 19;

export const OUT = {
  resonantFreqHz: 0,
  loadPowerUw: 1,
  tipStressMpa: 2,
  tipDispMm: 3,
  freqErrorPct: 4,
  slackStressMpa: 5,
  slackDispMm: 6,
  slackFreqPct: 7,
  slackPowerUw: 8,
  feasible: 9,
  effectiveMassKg: 10,
  bendingStiffnessNm2: 11,
  couplingCoefficient: 12,
  internalCapacitanceF: 13,
  neutralAxisM: 14,
  loadVoltageV: 15,
} as const;
export const OUTPUT_STRIDE = 16;
