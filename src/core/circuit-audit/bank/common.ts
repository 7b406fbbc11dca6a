/**
 * Pieces every circuit bank builder shares: the generator version, rounding as a spec sheet quotes
 * numbers, constraint lists, and evaluating a design into the EvaluatedCircuitDesign the tasks store.
 */
import {
  CIRCUIT_CONSTRAINT_NAMES,
  FAMILY_VARIABLES,
  circuitLimitsFromList,
  evaluateCircuit,
  type CircuitContext,
  type CircuitConstraintList,
  type CircuitConstraintName,
  type CircuitDesign,
  type CircuitFamily,
  type CircuitLimits,
  type CircuitResult,
} from '../oracle.ts';
import type { CircuitBounds, EvaluatedCircuitDesign } from '../task-schema.ts';
import { circuitTotalViolation, circuitViolations } from '../violation.ts';

export const CIRCUIT_GENERATOR_VERSION = 'circuit-bank/1.0.0';
export const CIRCUIT_ORACLE_ID = 'circuit-closed-form (RC/RL low-pass, series RLC band-pass, loaded divider; reference backend)';

/** Textbook source of each family's formulas (full citations in data/circuit/README.md). */
export const FORMULA_REFERENCE: Readonly<Record<CircuitFamily, string>> = {
  rc_lowpass: 'Horowitz & Hill, The Art of Electronics, 3rd ed. (2015), §1.7 (RC low-pass, f3dB = 1/(2πRC))',
  rl_lowpass: 'Hayt, Kemmerly & Durbin, Engineering Circuit Analysis, 8th ed. (2012), §16.6 (first-order RL filter, fc = R/(2πL))',
  rlc_bandpass: 'Nilsson & Riedel, Electric Circuits, 10th ed. (2015), §14.4 (series RLC band-pass: ω0 = 1/√(LC), Q = (1/R)√(L/C), β = ω0/Q)',
  divider: 'Horowitz & Hill, The Art of Electronics, 3rd ed. (2015), §1.2.3 (voltage divider, Thévenin equivalent under load)',
};

/** A task's fixed physics: family, context and limits. */
export interface CircuitSpace {
  family: CircuitFamily;
  context: CircuitContext;
  limits: CircuitLimits;
  bounds: CircuitBounds;
}

/** Rounds to `digits` significant figures. */
export function sig(v: number, digits = 3): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  return Number(v.toPrecision(digits));
}

/** Rounds every variable of a design to `digits` significant figures (designs are quoted like a parts list). */
export function roundDesign(design: CircuitDesign, digits = 4): CircuitDesign {
  return Object.fromEntries(Object.entries(design).map(([k, v]) => [k, sig(v, digits)]));
}

/** The limits as the {name, limit} list tasks store, in CIRCUIT_CONSTRAINT_NAMES order. */
export function constraintList(limits: CircuitLimits): CircuitConstraintList {
  const list: CircuitConstraintList = [];
  for (const name of CIRCUIT_CONSTRAINT_NAMES) {
    const limit = limits[name];
    if (limit !== undefined) list.push({ name, limit });
  }
  return list;
}

/** Design from a value array in FAMILY_VARIABLES order. */
export function designOf(family: CircuitFamily, values: readonly number[]): CircuitDesign {
  const d: CircuitDesign = {};
  FAMILY_VARIABLES[family].forEach((k, i) => {
    d[k] = values[i] as number;
  });
  return d;
}

export function evaluateIn(space: CircuitSpace, design: CircuitDesign): CircuitResult {
  return evaluateCircuit({ family: space.family, design, context: space.context, constraints: space.limits });
}

export function evaluated(space: CircuitSpace, design: CircuitDesign): EvaluatedCircuitDesign {
  const result = evaluateIn(space, design);
  return { design, result, violations: circuitViolations(result, space.limits), total_violation: circuitTotalViolation(result, space.limits) };
}

export function inBounds(bounds: CircuitBounds, design: CircuitDesign): boolean {
  return Object.entries(design).every(([k, v]) => {
    const b = bounds[k];
    return b !== undefined && v >= b[0] && v <= b[1];
  });
}

/** Smallest relative slack (slack / limit) over the enforced constraints: ≥ 0 exactly when feasible. */
export function relativeMargin(result: CircuitResult, limits: CircuitLimits): number {
  let m = Infinity;
  for (const name of CIRCUIT_CONSTRAINT_NAMES) {
    const limit = limits[name];
    const slack = result.slacks[name];
    if (limit === undefined || slack === null) continue;
    m = Math.min(m, slack / (limit > 0 ? limit : 1));
  }
  return m;
}

/** Relative slack of one constraint (slack / limit); +Infinity when it is not enforced. */
export function relativeSlack(result: CircuitResult, limits: CircuitLimits, name: CircuitConstraintName): number {
  const limit = limits[name];
  const slack = result.slacks[name];
  if (limit === undefined || slack === null) return Infinity;
  return slack / (limit > 0 ? limit : 1);
}

/** Human text for a constraint, used in feedback and rationales. */
export const CONSTRAINT_TEXT: Readonly<Record<CircuitConstraintName, string>> = {
  max_target_error_pct: 'target error',
  max_source_current_ma: 'source current',
  max_power_mw: 'power',
  max_tolerance_shift_pct: 'tolerance shift',
  min_q: 'quality factor',
};

/** One-line description of each family's topology, as briefs and prompts state it. */
export const FAMILY_TEXT: Readonly<Record<CircuitFamily, string>> = {
  rc_lowpass: 'RC low-pass filter: resistor R in series from the source, capacitor C from the output to ground, output taken across C.',
  rl_lowpass: 'RL low-pass filter: inductor L in series from the source, resistor R from the output to ground, output taken across R.',
  rlc_bandpass: 'Series RLC band-pass filter: R, L and C in series with the source, output taken across R.',
  divider: 'Resistive voltage divider: R1 from the source to the output, R2 from the output to ground, a resistive load across R2.',
};

/** The parasitic (or load) context field that drives each family's tolerance constraint. */
export const TOLERANCE_FIELD: Readonly<Record<CircuitFamily, 'stray_pf' | 'winding_pf' | 'load_ohm'>> = {
  rc_lowpass: 'stray_pf',
  rl_lowpass: 'winding_pf',
  rlc_bandpass: 'stray_pf',
  divider: 'load_ohm',
};

/** The space of a stored task (its family, context, limits and bounds). */
export function spaceOfTask(task: { family: CircuitFamily; context: CircuitContext; constraints: CircuitConstraintList; variable_bounds: CircuitBounds }): CircuitSpace {
  return { family: task.family, context: task.context, limits: circuitLimitsFromList(task.constraints), bounds: task.variable_bounds };
}
