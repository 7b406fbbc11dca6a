/**
 * The indicators behind the five response-control profile dimensions (App. F.5, Table 15), each
 * computed from a unit's task rows and oriented so that higher is better. An indicator is null when
 * its denominator is empty in that unit's log (e.g. no P2 rows); the profile then averages the rest.
 *
 * Table 15 names the indicators but not every threshold; where one is needed it is stated here.
 */
import type { P1Action } from '../task-schema.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../rows.ts';
import { INFEASIBLE, PROPOSE, REQUEST, p1MacroF1, recall } from '../metrics/p1.ts';
import { aucOf, destructiveEditRate, directedUpdateRate, feasibilityPreservation, improvementRate, protocolInvalidRate, summariseP2, violationReduction, VIOLATION_REDUCTION_EPS } from '../metrics/p2.ts';
import { escapeRate, successRate, summariseP3 } from '../metrics/p3.ts';
import { bars, dominanceError, exactRate, meanTau, policyPairAccuracy, summariseP4 } from '../metrics/p4.ts';
import { editDelta, evaluatedStates, transitionsOf } from '../metrics/trajectory.ts';
import { splitByProbe } from './analysis-run.ts';
import { matchTasks } from './paired-delta.ts';

export const PROFILE_DIMENSIONS = ['action_discipline', 'edit_style', 'feedback_conditioning', 'state_reset_effort', 'policy_execution'] as const;
export type ProfileDimension = (typeof PROFILE_DIMENSIONS)[number];

export const DIMENSION_LABEL: Readonly<Record<ProfileDimension, string>> = {
  action_discipline: 'Action discipline',
  edit_style: 'Edit style',
  feedback_conditioning: 'Feedback conditioning',
  state_reset_effort: 'State-reset effort',
  policy_execution: 'Policy execution',
};

/**
 * A P2 move is "bounded and local" when its mean log edit delta (eq. A-30) is at most 0.05: a move of
 * one variable over less than 30 % of its log range, or smaller moves of several. The paper thresholds
 * this quantity without publishing the value; 0.05 is this implementation's choice.
 */
export const BOUNDED_EDIT_MAX = 0.05;

/** Rows of one unit, split by probe, with P3 split into the two prompt forms. */
export interface UnitLog {
  P1: P1Row[];
  P2: P2Row[];
  /** Raw-history P3 rows (the benchmark form); the state-summary rows when the unit has no raw ones. */
  P3: P3Row[];
  P3summary: P3Row[];
  P3raw: P3Row[];
  P4: P4Row[];
}

export function unitLog(rows: readonly VehRow[]): UnitLog {
  const by = splitByProbe(rows);
  const P3raw = by.P3.filter((r) => !r.state_summary);
  const P3summary = by.P3.filter((r) => r.state_summary);
  return { P1: by.P1, P2: by.P2, P3: P3raw.length > 0 ? P3raw : P3summary, P3raw, P3summary, P4: by.P4 };
}

export interface Indicator {
  key: string;
  label: string;
  dimension: ProfileDimension;
  value: (log: UnitLog) => number | null;
}

const rate = (hits: number, n: number): number | null => (n === 0 ? null : hits / n);
const oneMinus = (x: number | null): number | null => (x === null ? null : 1 - x);

const P1_LABELS: readonly (P1Action | null)[] = ['propose_design', 'request_missing_info', 'declare_infeasible', null];

/** 1 − total-variation distance between predicted and gold action shares (an unparsed answer is its own category). */
function actionAlignment(rows: readonly P1Row[]): number | null {
  if (rows.length === 0) return null;
  let tv = 0;
  for (const c of P1_LABELS) {
    const gold = rows.filter((r) => r.gold_action === c).length;
    const pred = rows.filter((r) => r.predicted_action === c).length;
    tv += Math.abs(pred - gold) / rows.length;
  }
  return 1 - tv / 2;
}

function proposePrecision(rows: readonly P1Row[]): number | null {
  const predicted = rows.filter((r) => r.predicted_action === PROPOSE);
  return rate(predicted.filter((r) => r.gold_action === PROPOSE).length, predicted.length);
}

function boundedLocalEditRate(rows: readonly P2Row[]): number | null {
  let local = 0;
  let n = 0;
  for (const r of rows) {
    for (const t of transitionsOf([r.initial, ...evaluatedStates(r.steps)])) {
      n++;
      if (editDelta(t.from.design, t.to.design, r.variable_bounds) <= BOUNDED_EDIT_MAX) local++;
    }
  }
  return rate(local, n);
}

/** Violation reduction consistency (App. F.2) over P3 moves, starting from the trap. */
function p3ViolationReduction(rows: readonly P3Row[]): number | null {
  let reduced = 0;
  let n = 0;
  for (const r of rows) {
    for (const t of transitionsOf([r.trap, ...evaluatedStates(r.steps)])) {
      n++;
      if (t.to.result.total_violation <= t.from.result.total_violation - VIOLATION_REDUCTION_EPS) reduced++;
    }
  }
  return rate(reduced, n);
}

/** Tasks where a design evaluated after the first verifier feedback (the second move on) is feasible. */
function p3PostFeedbackFeasible(rows: readonly P3Row[]): number | null {
  return rate(rows.filter((r) => evaluatedStates(r.steps).slice(1).some((s) => s.result.feasible)).length, rows.length);
}

/** Mean fraction of the trap's violation removed by the best later move, over escaped tasks. */
function escapeQuality(rows: readonly P3Row[]): number | null {
  const q: number[] = [];
  for (const r of rows) {
    const trapV = r.trap.result.total_violation;
    const states = evaluatedStates(r.steps);
    if (trapV <= 0 || states.length === 0) continue;
    const best = Math.min(...states.map((s) => s.result.total_violation));
    if (best >= trapV) continue;
    q.push((trapV - best) / trapV);
  }
  return q.length === 0 ? null : q.reduce((a, b) => a + b, 0) / q.length;
}

function cascadeOf(rows: readonly P3Row[]): number | null {
  const escaped = rows.map(summariseP3).filter((s) => s.escaped);
  return rate(escaped.filter((s) => s.cascade === true).length, escaped.length);
}

/** A paired state-summary effect on the unit's own tasks; null unless the unit ran both P3 forms. */
function summaryEffect(log: UnitLog, effect: (summary: readonly P3Row[], raw: readonly P3Row[]) => number | null): number | null {
  const m = matchTasks(log.P3summary, log.P3raw);
  return m.a.length === 0 ? null : effect(m.a, m.b);
}

const diff = (x: number | null, y: number | null): number | null => (x === null || y === null ? null : x - y);

export const INDICATORS: readonly Indicator[] = [
  { dimension: 'action_discipline', key: 'p1_action_alignment', label: 'P1 action-distribution alignment', value: (l) => actionAlignment(l.P1) },
  { dimension: 'action_discipline', key: 'p1_macro_f1', label: 'P1 macro-F1', value: (l) => (l.P1.length === 0 ? null : p1MacroF1(l.P1)) },
  // Table 15's "missing recall" is recall of the request_missing_info action (the counterpart of
  // infeasible recall below): an agent that never asks scores 0 here, not "undefined".
  { dimension: 'action_discipline', key: 'p1_missing_recall', label: 'P1 missing-info (request) recall', value: (l) => recall(l.P1, REQUEST) },
  { dimension: 'action_discipline', key: 'p1_infeasible_recall', label: 'P1 infeasible recall', value: (l) => recall(l.P1, INFEASIBLE) },
  { dimension: 'action_discipline', key: 'p1_propose_precision', label: 'P1 propose precision', value: (l) => proposePrecision(l.P1) },
  { dimension: 'action_discipline', key: 'p1_non_invalid', label: 'P1 non-invalid rate', value: (l) => rate(l.P1.filter((r) => r.predicted_action !== null).length, l.P1.length) },

  { dimension: 'edit_style', key: 'p2_bounded_local_edit', label: 'P2 bounded-local-edit rate', value: (l) => boundedLocalEditRate(l.P2) },
  { dimension: 'edit_style', key: 'p2_feasibility_preservation', label: 'P2 feasibility preservation', value: (l) => feasibilityPreservation(l.P2.map(summariseP2)) },
  { dimension: 'edit_style', key: 'p2_directed_update', label: 'P2 directed update rate', value: (l) => directedUpdateRate(l.P2.map(summariseP2)) },
  { dimension: 'edit_style', key: 'p2_final_feasible', label: 'P2 final feasible rate', value: (l) => rate(l.P2.map(summariseP2).filter((s) => s.finalFeasible).length, l.P2.length) },
  { dimension: 'edit_style', key: 'p2_non_destructive', label: 'P2 non-destructive edit rate', value: (l) => oneMinus(destructiveEditRate(l.P2.map(summariseP2))) },
  { dimension: 'edit_style', key: 'p2_protocol_valid', label: 'P2 protocol-valid rate', value: (l) => oneMinus(protocolInvalidRate(l.P2.map(summariseP2))) },

  { dimension: 'feedback_conditioning', key: 'p2_violation_reduction', label: 'P2 violation reduction', value: (l) => violationReduction(l.P2.map(summariseP2)) },
  { dimension: 'feedback_conditioning', key: 'p2_utility_improvement', label: 'P2 utility improvement', value: (l) => improvementRate(l.P2.map(summariseP2)) },
  { dimension: 'feedback_conditioning', key: 'p2_auc', label: 'P2 best-so-far AUC', value: (l) => aucOf(l.P2.map(summariseP2)) },
  { dimension: 'feedback_conditioning', key: 'p3_violation_reduction', label: 'P3 violation reduction', value: (l) => p3ViolationReduction(l.P3) },
  { dimension: 'feedback_conditioning', key: 'p3_post_feedback_feasible', label: 'P3 post-feedback feasible rate', value: (l) => p3PostFeedbackFeasible(l.P3) },

  { dimension: 'state_reset_effort', key: 'p3_escape', label: 'P3 trap escape', value: (l) => escapeRate(l.P3.map(summariseP3)) },
  { dimension: 'state_reset_effort', key: 'p3_replan', label: 'P3 explicit replan', value: (l) => rate(l.P3.map(summariseP3).filter((s) => s.replan).length, l.P3.length) },
  { dimension: 'state_reset_effort', key: 'p3_escape_quality', label: 'P3 escape quality', value: (l) => escapeQuality(l.P3) },
  { dimension: 'state_reset_effort', key: 'p3_non_cascade', label: 'P3 non-cascade rate', value: (l) => oneMinus(cascadeOf(l.P3)) },
  { dimension: 'state_reset_effort', key: 'p3_non_dead_budget', label: 'P3 non-dead-budget rate', value: (l) => rate(l.P3.map(summariseP3).filter((s) => !s.dead).length, l.P3.length) },
  {
    dimension: 'state_reset_effort',
    key: 'p3_summary_success_gain',
    label: 'P3 state-summary success gain',
    value: (l) => summaryEffect(l, (s, r) => diff(successRate(s.map(summariseP3)), successRate(r.map(summariseP3)))),
  },
  {
    dimension: 'state_reset_effort',
    key: 'p3_summary_cascade_reduction',
    label: 'P3 state-summary cascade reduction',
    value: (l) => summaryEffect(l, (s, r) => diff(cascadeOf(r), cascadeOf(s))),
  },

  { dimension: 'policy_execution', key: 'p4_scaled_tau', label: 'P4 scaled full τ', value: (l) => { const t = meanTau(l.P4.map(summariseP4)); return t === null ? null : (t + 1) / 2; } },
  { dimension: 'policy_execution', key: 'p4_bars', label: 'P4 balanced-active BARS', value: (l) => bars(l.P4.map(summariseP4)) },
  {
    dimension: 'policy_execution',
    key: 'p4_ba_policy_pairs',
    label: 'P4 balanced-active policy-pair accuracy',
    value: (l) => policyPairAccuracy(l.P4.map(summariseP4).filter((s) => s.balancedActive)),
  },
  { dimension: 'policy_execution', key: 'p4_exact', label: 'P4 exact match', value: (l) => exactRate(l.P4.map(summariseP4)) },
  { dimension: 'policy_execution', key: 'p4_top1', label: 'P4 top-1 accuracy', value: (l) => rate(l.P4.map(summariseP4).filter((s) => s.top1).length, l.P4.length) },
  { dimension: 'policy_execution', key: 'p4_non_pareto_violation', label: 'P4 non-Pareto-violation rate', value: (l) => oneMinus(dominanceError(l.P4.map(summariseP4))) },
  { dimension: 'policy_execution', key: 'p4_non_parse_error', label: 'P4 non-parse-error rate', value: (l) => rate(l.P4.map(summariseP4).filter((s) => s.parsed).length, l.P4.length) },
];
