/**
 * Helpers shared by the circuit P2 and P3 metrics: which steps are oracle-evaluated designs, the
 * transitions between them, per-variable edit sizes (App. F.2 eq. A-30) and the objective ratio.
 */
import type { CircuitBounds, CircuitDesign, CircuitState, CircuitStep, ObjectiveSense } from './rows.ts';

/** A step the oracle evaluated: protocol-valid and carrying a state. */
export function evaluatedState(step: CircuitStep): CircuitState | null {
  return step.protocol_valid && step.state !== null ? step.state : null;
}

/** States of the evaluated steps, in order (invalid turns are skipped, not treated as states). */
export function evaluatedStates(steps: readonly CircuitStep[]): CircuitState[] {
  const out: CircuitState[] = [];
  for (const s of steps) {
    const st = evaluatedState(s);
    if (st !== null) out.push(st);
  }
  return out;
}

export interface Transition {
  from: CircuitState;
  to: CircuitState;
}

/** Consecutive pairs of a state sequence. */
export function transitionsOf(states: readonly CircuitState[]): Transition[] {
  const out: Transition[] = [];
  for (let i = 1; i < states.length; i++) out.push({ from: states[i - 1] as CircuitState, to: states[i] as CircuitState });
  return out;
}

/**
 * Size of one variable's move as a fraction of its allowed range: |log(x1/x0)| / log(max/min)
 * when the values and bounds are positive (component values span decades, so a log scale is
 * the natural one), |x1 − x0| / (max − min) otherwise.
 */
export function variableEditSize(x0: number, x1: number, bounds: readonly [number, number] | undefined): number {
  if (bounds === undefined) return 0;
  const [lo, hi] = bounds;
  if (x0 > 0 && x1 > 0 && lo > 0 && hi > lo) return Math.abs(Math.log(x1 / x0)) / Math.log(hi / lo);
  if (hi > lo) return Math.abs(x1 - x0) / (hi - lo);
  return 0;
}

/** Mean edit size over the task's design variables (the keys of its bounds). */
export function editDelta(from: CircuitDesign, to: CircuitDesign, bounds: CircuitBounds): number {
  const names = Object.keys(bounds);
  if (names.length === 0) return 0;
  let s = 0;
  for (const d of names) s += variableEditSize(from[d] ?? 0, to[d] ?? 0, bounds[d]);
  return s / names.length;
}

/** True when some variable moved by more than `tol` of its old value (of its range when it was 0). */
export function designChanged(from: CircuitDesign, to: CircuitDesign, bounds: CircuitBounds, tol: number): boolean {
  for (const d of Object.keys(bounds)) {
    const x0 = from[d] ?? 0;
    const delta = Math.abs((to[d] ?? 0) - x0);
    if (x0 !== 0) {
      if (delta / Math.abs(x0) > tol) return true;
    } else {
      const [lo, hi] = bounds[d] ?? [0, 1];
      if (delta / (hi > lo ? hi - lo : 1) > tol) return true;
    }
  }
  return false;
}

/**
 * Objective score relative to the best-known feasible design (the circuit analogue of P/P_BKF):
 * obj/obj_BKF for an objective to maximise, obj_BKF/obj for one to minimise, so 1 means "as good as
 * the BKF" either way. A non-positive value where a ratio is undefined scores 0.
 */
export function objectiveRatio(state: CircuitState, bkf: number, sense: ObjectiveSense): number {
  const obj = state.result.objective;
  if (sense === 'maximize') return bkf > 0 ? obj / bkf : 0;
  return obj > 0 ? bkf / obj : 0;
}

/** An episode with a turn that never parsed (after the harness's retries). */
export function hadParseFailure(row: { status: string; parse_failures: number }): boolean {
  return row.parse_failures > 0 || row.status === 'parse_failure';
}
