/**
 * Circuit P2 verifier-guided design-search metrics (paper App. R, Table 41; definitions of App. F.2).
 * Each row is reduced once to a summary of counts; every metric is a sum or mean over summaries.
 *
 * Transitions: x_0 is the task's initial design, then each oracle-evaluated step; transitions are
 * consecutive pairs of that sequence (an invalid turn is skipped, not a break). V(x) = total_violation.
 * - Directed update (F.2): over every (violated constraint of x_t, transition x_t → x_{t+1}), the
 *   fraction that moves the constraint's oracle metric strictly in the direction the feedback asks.
 * - Over-edit (F.2: "over-edit rates threshold" the mean log edit delta A-30): the fraction of
 *   transitions whose mean edit size exceeds OVER_EDIT_THRESHOLD of the variables' log ranges. The
 *   paper does not print its threshold; a quarter of the range per variable is our choice (N.8's
 *   escape edit R 5 kΩ→20 kΩ, C 100 nF→7.96 nF measures ≈ 0.33 in its ranges: a wholesale rewrite).
 */
import type { MetricTable } from '../../veh/rows.ts';
import { bootstrapMetric, countOf, meanDefined, pooledRatio, proportionMetric, sumOf, type MetricOptions } from '../../suite/metric-value.ts';
import type { CircuitP2Row, Violation } from './rows.ts';
import { editDelta, evaluatedState, evaluatedStates, hadParseFailure, objectiveRatio, transitionsOf, type Transition } from './trajectory.ts';

export const OVER_EDIT_THRESHOLD = 0.25;
/** Tolerance of "V(x_{t+1}) ≤ V(x_t) − 10⁻⁶" (F.2). */
export const VIOLATION_REDUCTION_EPS = 1e-6;

export interface CircuitP2Summary {
  firstStepFeasible: boolean;
  finalFeasible: boolean;
  /** Objective of the final design relative to the BKF (trajectory.ts objectiveRatio). */
  finalRatio: number;
  queries: number;
  transitions: number;
  violationReduced: number;
  violatedUpdates: number;
  directedUpdates: number;
  overEdits: number;
  editDeltaSum: number;
  invalidSteps: number;
  steps: number;
  parseFailure: boolean;
}

/** Whether the move changed the violated constraint's metric the way the feedback asks; null if unmeasured. */
export function directedMove(v: Violation, t: Transition): boolean | null {
  const a = t.from.result.metrics[v.metric];
  const b = t.to.result.metrics[v.metric];
  if (a === undefined || b === undefined) return null;
  return v.direction === 'decrease' ? b < a : b > a;
}

export function summariseCircuitP2(row: CircuitP2Row): CircuitP2Summary {
  const first = row.steps[0];
  const firstState = first ? evaluatedState(first) : null;
  const evaluated = evaluatedStates(row.steps);
  const transitions = transitionsOf([row.initial, ...evaluated]);
  const s: CircuitP2Summary = {
    firstStepFeasible: firstState !== null && firstState.result.feasible,
    // An LLM budget stop never counts as a feasible closure.
    finalFeasible: row.final.result.feasible && row.budget_stop === undefined,
    finalRatio: objectiveRatio(row.final, row.bkf_objective, row.objective_sense),
    queries: evaluated.length,
    transitions: transitions.length,
    violationReduced: 0,
    violatedUpdates: 0,
    directedUpdates: 0,
    overEdits: 0,
    editDeltaSum: 0,
    invalidSteps: countOf(row.steps, (st) => !st.protocol_valid),
    steps: row.steps.length,
    parseFailure: hadParseFailure(row),
  };
  for (const t of transitions) {
    if (t.to.result.total_violation <= t.from.result.total_violation - VIOLATION_REDUCTION_EPS) s.violationReduced++;
    for (const v of t.from.result.violations) {
      const moved = directedMove(v, t);
      if (moved === null) continue;
      s.violatedUpdates++;
      if (moved) s.directedUpdates++;
    }
    const delta = editDelta(t.from.design, t.to.design, row.variable_bounds);
    s.editDeltaSum += delta;
    if (delta > OVER_EDIT_THRESHOLD) s.overEdits++;
  }
  return s;
}

type S = readonly CircuitP2Summary[];

/** P2b (A-28, circuit form): mean of F_i · obj_i/obj_BKF; an infeasible final contributes 0. */
export const p2b = (s: S): number | null => meanDefined(s, (r) => (r.finalFeasible ? r.finalRatio : 0));
/** CondObj: mean objective ratio over feasible finals only. */
export const condObjective = (s: S): number | null => meanDefined(s, (r) => (r.finalFeasible ? r.finalRatio : null));
export const directedUpdateRate = (s: S): number | null => pooledRatio(s, (r) => r.directedUpdates, (r) => r.violatedUpdates);
export const overEditRate = (s: S): number | null => pooledRatio(s, (r) => r.overEdits, (r) => r.transitions);
export const violationReduction = (s: S): number | null => pooledRatio(s, (r) => r.violationReduced, (r) => r.transitions);
export const meanLogEditDelta = (s: S): number | null => pooledRatio(s, (r) => r.editDeltaSum, (r) => r.transitions);
export const meanQueries = (s: S): number | null => meanDefined(s, (r) => r.queries);
export const protocolInvalidRate = (s: S): number | null => pooledRatio(s, (r) => r.invalidSteps, (r) => r.steps);

/** Table 41's columns, headline (P2b) first. */
export function circuitP2Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const boot = (name: string, stat: (x: S) => number | null, denom: number) => bootstrapMetric(`circuit.P2.${name}`, s, stat, denom, opts);
  const feasibleFinals = countOf(s, (r) => r.finalFeasible);
  const transitions = sumOf(s, (r) => r.transitions);
  return {
    p2b: boot('p2b', p2b, n),
    final_feasible_rate: proportionMetric(feasibleFinals, n),
    directed_update_rate: boot('directed_update_rate', directedUpdateRate, sumOf(s, (r) => r.violatedUpdates)),
    over_edit_rate: boot('over_edit_rate', overEditRate, transitions),
    p2a: proportionMetric(countOf(s, (r) => r.firstStepFeasible), n),
    cond_objective: boot('cond_objective', condObjective, feasibleFinals),
    violation_reduction: boot('violation_reduction', violationReduction, transitions),
    mean_log_edit_delta: boot('mean_log_edit_delta', meanLogEditDelta, transitions),
    queries: boot('queries', meanQueries, n),
    protocol_invalid_rate: boot('protocol_invalid_rate', protocolInvalidRate, sumOf(s, (r) => r.steps)),
    parse_failure_rate: proportionMetric(countOf(s, (r) => r.parseFailure), n),
  };
}
