/**
 * Helpers shared by the P2 and P3 trajectory metrics: which steps count as oracle-evaluated designs,
 * the transitions between consecutive evaluated designs, and per-variable edit sizes.
 */
import { DESIGN_VARIABLES, type VehDesign } from '../oracle.ts';
import type { DesignState, TrajectoryStep } from '../rows.ts';
import type { VariableBounds } from '../task-schema.ts';

/** A step the oracle evaluated: protocol-valid and carrying a state. */
export function evaluatedState(step: TrajectoryStep): DesignState | null {
  return step.protocol_valid && step.state !== null ? step.state : null;
}

/** States of the evaluated steps, in order (invalid turns are skipped, not treated as states). */
export function evaluatedStates(steps: readonly TrajectoryStep[]): DesignState[] {
  const out: DesignState[] = [];
  for (const s of steps) {
    const st = evaluatedState(s);
    if (st !== null) out.push(st);
  }
  return out;
}

export interface Transition {
  from: DesignState;
  to: DesignState;
}

/** Consecutive pairs of a state sequence. */
export function transitionsOf(states: readonly DesignState[]): Transition[] {
  const out: Transition[] = [];
  for (let i = 1; i < states.length; i++) out.push({ from: states[i - 1] as DesignState, to: states[i] as DesignState });
  return out;
}

/**
 * Size of the move of one variable as a fraction of its allowed range: on a log scale,
 * |log(x1/x0)| / log(max/min) (eq. A-30), when both values and the lower bound are positive; on a
 * linear scale, |x1 − x0| / (max − min), when a log is undefined (tip_mass_g may be 0).
 */
export function variableEditSize(x0: number, x1: number, bounds: readonly [number, number]): number {
  const [lo, hi] = bounds;
  if (x0 > 0 && x1 > 0 && lo > 0 && hi > lo) return Math.abs(Math.log(x1 / x0)) / Math.log(hi / lo);
  if (hi > lo) return Math.abs(x1 - x0) / (hi - lo);
  return 0;
}

/** Mean log edit delta of one transition: (1/|D|) Σ_d variableEditSize over the six design variables. */
export function editDelta(from: VehDesign, to: VehDesign, bounds: VariableBounds): number {
  let s = 0;
  for (const d of DESIGN_VARIABLES) s += variableEditSize(from[d], to[d], bounds[d]);
  return s / DESIGN_VARIABLES.length;
}

/**
 * True when some variable moved by more than `tol` relative to its old value (by more than `tol` of
 * its range when the old value is 0, where a relative change is undefined).
 */
export function designChanged(from: VehDesign, to: VehDesign, bounds: VariableBounds, tol: number): boolean {
  for (const d of DESIGN_VARIABLES) {
    const x0 = from[d];
    const delta = Math.abs(to[d] - x0);
    if (x0 !== 0) {
      if (delta / Math.abs(x0) > tol) return true;
    } else {
      const [lo, hi] = bounds[d];
      if (delta / (hi > lo ? hi - lo : 1) > tol) return true;
    }
  }
  return false;
}

/** Normalised objective P / P_BKF (the paper's power ratio). */
export function powerRatio(state: DesignState, bkfPowerUw: number): number {
  return state.result.load_power_uw / bkfPowerUw;
}

/** A P2/P3 episode with at least one turn that never parsed (after the harness's retries). */
export function hadParseFailure(row: { status: string; parse_failures: number }): boolean {
  return row.parse_failures > 0 || row.status === 'parse_failure';
}
