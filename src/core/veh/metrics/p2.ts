/**
 * P2 verifier-guided design-search metrics (paper App. F.2 eqs. A-28…A-30, App. H.1 eqs. ).
 * Each task row is first reduced to a summary of counts and per-task values; every metric is then a
 * sum or mean over summaries, so a bootstrap resample costs O(rows), not O(steps).
 *
 * Two transition sets, pooled over tasks:
 * - Trajectory transitions (the F.2 diagnostics: violation reduction, directed updates, feasibility
 *   preservation, destructive edits, edit delta): x_0 is the task's initial design, then each
 *   oracle-evaluated step (protocol-valid with a state); transitions are consecutive pairs of that
 *   sequence, so an invalid turn is skipped rather than breaking the chain. V(x) = total_violation.
 * - Proposal-step transitions (H.1 "Impr."): step t → step t+1 of the agent's own turns, both
 *   protocol-valid and evaluated. The initial design is not a proposal, and an invalid turn breaks the
 *   chain (t−1 → t+1 is not a consecutive pair).
 */
import type { Limits } from '../oracle.ts';
import type { DesignState, MetricTable, P2Row, TrajectoryStep } from '../rows.ts';
import { violationTerms } from '../violation.ts';
import { bootstrapMetric, countOf, meanDefined, pooledRatio, proportionMetric, sumOf, type MetricOptions } from '../../suite/metric-value.ts';
import { editDelta, evaluatedState, evaluatedStates, hadParseFailure, powerRatio, transitionsOf, type Transition } from './trajectory.ts';

/** Tolerance of "V(x_{t+1}) ≤ V(x_t) − 10⁻⁶" (A-30 text). */
export const VIOLATION_REDUCTION_EPS = 1e-6;

export interface P2Summary {
  /** The first step (steps[0]) is valid and its design feasible: P2a. */
  firstStepFeasible: boolean;
  /** F_i: final design feasible. */
  finalFeasible: boolean;
  /** P_i / P_i^BKF of the final design. */
  finalRatio: number;
  /** Mean best-so-far feasible power ratio over t = 1..query_budget. */
  auc: number;
  /** Oracle-evaluated steps. */
  queries: number;
  steps: number;
  invalidSteps: number;
  /** Some turn never parsed (after the harness's retries). */
  parseFailure: boolean;
  /** Trajectory transitions (x_0 and evaluated steps; see the header). */
  transitions: number;
  /** Proposal-step transitions: adjacent steps t → t+1, both protocol-valid and evaluated. */
  proposalTransitions: number;
  /** Proposal-step transitions where the utility (see `utility`) strictly increases. */
  improvements: number;
  /** Trajectory transitions with V(x_{t+1}) ≤ V(x_t) − ε (A-30 text); the denominator is all of them. */
  violationReduced: number;
  /** (violated constraint, transition) updates, and those moving the metric the feedback asks for. */
  violatedUpdates: number;
  directedUpdates: number;
  fromFeasible: number;
  feasibleToFeasible: number;
  feasibleToInfeasible: number;
  /** Σ over transitions of the mean log edit delta. */
  editDeltaSum: number;
}

/**
 * Trajectory utility (App. H.1): normalised power minus the penalties for active frequency, stress and
 * displacement violations — the power-floor term is left out, since the power ratio already rewards
 * power. Terms are the relative deficits of violation.ts under the task's limits.
 */
function utility(s: DesignState, bkf: number, limits: Limits): number {
  const t = violationTerms(s.result, limits);
  return powerRatio(s, bkf) - (t.frequency + t.stress + t.displacement);
}

/** Adjacent steps t → t+1 that are both protocol-valid and evaluated (the H.1 "Impr." transitions). */
export function proposalTransitions(steps: readonly TrajectoryStep[]): Transition[] {
  const out: Transition[] = [];
  for (let i = 1; i < steps.length; i++) {
    const from = evaluatedState(steps[i - 1] as TrajectoryStep);
    const to = evaluatedState(steps[i] as TrajectoryStep);
    if (from !== null && to !== null) out.push({ from, to });
  }
  return out;
}

/**
 * Whether the transition moved a violated constraint's oracle metric in the direction the verifier's
 * feedback implies: frequency error, stress and displacement down; power up. Strict, so a no-op is not
 * a directed update.
 */
export function directedMove(constraint: string, t: Transition): boolean | null {
  const a = t.from.result;
  const b = t.to.result;
  switch (constraint) {
    case 'frequency':
      return b.freq_error_pct < a.freq_error_pct;
    case 'stress':
      return b.tip_stress_mpa < a.tip_stress_mpa;
    case 'displacement':
      return b.tip_disp_mm < a.tip_disp_mm;
    case 'power':
      return b.load_power_uw > a.load_power_uw;
    default:
      return null;
  }
}

/** Best-so-far feasible power ratio averaged over the query budget, carried forward after the episode stops. */
export function bestSoFarAuc(row: P2Row): number {
  const bkf = row.bkf_power_uw;
  let best = row.initial.result.feasible ? powerRatio(row.initial, bkf) : 0;
  const budget = row.query_budget;
  if (budget <= 0) return best;
  let area = 0;
  for (let t = 1; t <= budget; t++) {
    const step = row.steps[t - 1];
    const st = step ? evaluatedState(step) : null;
    if (st !== null && st.result.feasible) best = Math.max(best, powerRatio(st, bkf));
    area += best;
  }
  return area / budget;
}

export function summariseP2(row: P2Row): P2Summary {
  const bkf = row.bkf_power_uw;
  const first = row.steps[0];
  const firstState = first ? evaluatedState(first) : null;
  const evaluated = evaluatedStates(row.steps);
  const transitions = transitionsOf([row.initial, ...evaluated]);
  const proposals = proposalTransitions(row.steps);
  const s: P2Summary = {
    firstStepFeasible: firstState !== null && firstState.result.feasible,
    // An LLM budget stop never counts as a feasible closure (rows.ts, budget_stop).
    finalFeasible: row.final.result.feasible && row.budget_stop === undefined,
    finalRatio: powerRatio(row.final, bkf),
    auc: bestSoFarAuc(row),
    queries: evaluated.length,
    steps: row.steps.length,
    invalidSteps: countOf(row.steps, (st) => !st.protocol_valid),
    parseFailure: hadParseFailure(row),
    transitions: transitions.length,
    proposalTransitions: proposals.length,
    improvements: countOf(proposals, (t) => utility(t.to, bkf, row.limits) > utility(t.from, bkf, row.limits)),
    violationReduced: 0,
    violatedUpdates: 0,
    directedUpdates: 0,
    fromFeasible: 0,
    feasibleToFeasible: 0,
    feasibleToInfeasible: 0,
    editDeltaSum: 0,
  };
  for (const t of transitions) {
    // From a feasible state (V = 0) this cannot hold, so such transitions count against the rate.
    if (t.to.result.total_violation <= t.from.result.total_violation - VIOLATION_REDUCTION_EPS) s.violationReduced++;
    for (const c of t.from.result.violations) {
      const moved = directedMove(c, t);
      if (moved === null) continue;
      s.violatedUpdates++;
      if (moved) s.directedUpdates++;
    }
    if (t.from.result.feasible) {
      s.fromFeasible++;
      if (t.to.result.feasible) s.feasibleToFeasible++;
      else s.feasibleToInfeasible++;
    }
    s.editDeltaSum += editDelta(t.from.design, t.to.design, row.variable_bounds);
  }
  return s;
}

type S = readonly P2Summary[];

/** P2b: mean of F_i · P_i/P_i^BKF; infeasible finals contribute 0. */
export const p2b = (s: S): number | null => meanDefined(s, (r) => (r.finalFeasible ? r.finalRatio : 0));
/** Conditional ratio: mean P_i/P_i^BKF over feasible finals only. */
export const condRatio = (s: S): number | null => meanDefined(s, (r) => (r.finalFeasible ? r.finalRatio : null));
/** Impr. (H.1): improving proposal-step transitions / all proposal-step transitions, pooled. */
export const improvementRate = (s: S): number | null => pooledRatio(s, (r) => r.improvements, (r) => r.proposalTransitions);
export const aucOf = (s: S): number | null => meanDefined(s, (r) => r.auc);
export const meanQueries = (s: S): number | null => meanDefined(s, (r) => r.queries);
/** Violation reduction consistency (F.2): transitions with V(x_{t+1}) ≤ V(x_t) − ε / all trajectory transitions. */
export const violationReduction = (s: S): number | null => pooledRatio(s, (r) => r.violationReduced, (r) => r.transitions);
export const directedUpdateRate = (s: S): number | null => pooledRatio(s, (r) => r.directedUpdates, (r) => r.violatedUpdates);
export const feasibilityPreservation = (s: S): number | null => pooledRatio(s, (r) => r.feasibleToFeasible, (r) => r.fromFeasible);
export const destructiveEditRate = (s: S): number | null => pooledRatio(s, (r) => r.feasibleToInfeasible, (r) => r.fromFeasible);
export const meanLogEditDelta = (s: S): number | null => pooledRatio(s, (r) => r.editDeltaSum, (r) => r.transitions);
/** Invalid steps / all steps, pooled over tasks. */
export const protocolInvalidRate = (s: S): number | null => pooledRatio(s, (r) => r.invalidSteps, (r) => r.steps);

/** Headline and column metrics of Table 19 from per-row summaries (error families are added by error-families.ts). */
export function p2Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const boot = (name: string, stat: (x: S) => number | null, denom: number) => bootstrapMetric(`P2.${name}`, s, stat, denom, opts);
  const feasibleFinals = countOf(s, (r) => r.finalFeasible);
  return {
    p2a: proportionMetric(countOf(s, (r) => r.firstStepFeasible), n),
    p2b: boot('p2b', p2b, n),
    final_feasible_rate: proportionMetric(feasibleFinals, n),
    cond_ratio: boot('cond_ratio', condRatio, feasibleFinals),
    improvement_rate: boot('improvement_rate', improvementRate, sumOf(s, (r) => r.proposalTransitions)),
    auc: boot('auc', aucOf, n),
    queries: boot('queries', meanQueries, n),
    violation_reduction: boot('violation_reduction', violationReduction, sumOf(s, (r) => r.transitions)),
    directed_update_rate: boot('directed_update_rate', directedUpdateRate, sumOf(s, (r) => r.violatedUpdates)),
    feasibility_preservation: boot('feasibility_preservation', feasibilityPreservation, sumOf(s, (r) => r.fromFeasible)),
    mean_log_edit_delta: boot('mean_log_edit_delta', meanLogEditDelta, sumOf(s, (r) => r.transitions)),
    protocol_invalid_rate: boot('protocol_invalid_rate', protocolInvalidRate, sumOf(s, (r) => r.steps)),
    parse_failure_rate: proportionMetric(countOf(s, (r) => r.parseFailure), n),
  };
}
