/**
 * Circuit P3 corrupted-state recovery metrics (paper App. R, Table 42; definitions of App. F.3).
 * The trap is the corrupted state the episode starts from; only oracle-evaluated steps count as moves.
 * - Escape: some evaluated step has V < V(trap) − ESCAPE_EPS.
 * - Cascade (over escaped tasks): after the first escaping step, a later evaluated design newly breaks a
 *   constraint — one the previous evaluated design and the trap both satisfied. A dormant constraint
 *   tripped by the escape move itself is the task's designed second trap, not a cascade: Appendix N.8
 *   escapes into the dormant constraint, repairs it, and records "Cascade: false". Table 42's cascade
 *   rates exceed the failure rates (qwen3-max: 8 of 17 escapes cascade, 4 of 18 tasks fail), so a
 *   cascade that is later repaired still counts.
 * - Explicit replan / history reset: the agent used the replan / reset_to_prior action at least once.
 * - Dead budget: no evaluated design differs from the trap by more than DEAD_BUDGET_TOL.
 * - Success (A-31): the final design is feasible; recovery quality (A-32): mean objective ratio over
 *   successes.
 */
import type { MetricTable } from '../../veh/rows.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../../suite/metric-value.ts';
import type { CircuitP3Row, CircuitState } from './rows.ts';
import { designChanged, evaluatedStates, hadParseFailure, objectiveRatio } from './trajectory.ts';

export const ESCAPE_EPS = 1e-9;
export const DEAD_BUDGET_TOL = 1e-3;

export interface CircuitP3Summary {
  success: boolean;
  finalRatio: number;
  escaped: boolean;
  /** Null when the task never escaped (cascade is conditional on escape). */
  cascade: boolean | null;
  replan: boolean;
  reset: boolean;
  dead: boolean;
  parseFailure: boolean;
}

/** Whether some evaluated state after `escapeIndex` newly violates a constraint its predecessor and the trap satisfied. */
export function cascadedAfter(states: readonly CircuitState[], escapeIndex: number, trapViolated: ReadonlySet<string>): boolean {
  for (let i = escapeIndex + 1; i < states.length; i++) {
    const before = new Set((states[i - 1] as CircuitState).result.violations.map((v) => v.constraint));
    const now = (states[i] as CircuitState).result.violations;
    if (now.some((v) => !before.has(v.constraint) && !trapViolated.has(v.constraint))) return true;
  }
  return false;
}

export function summariseCircuitP3(row: CircuitP3Row): CircuitP3Summary {
  const states = evaluatedStates(row.steps);
  const trapV = row.trap.result.total_violation;
  const trapViolated = new Set(row.trap.result.violations.map((v) => v.constraint));
  const firstEscape = states.findIndex((s) => s.result.total_violation < trapV - ESCAPE_EPS);
  const escaped = firstEscape >= 0;
  return {
    // An LLM budget stop never counts as a recovery.
    success: row.final.result.feasible && row.budget_stop === undefined,
    finalRatio: objectiveRatio(row.final, row.bkf_objective, row.objective_sense),
    escaped,
    cascade: escaped ? cascadedAfter(states, firstEscape, trapViolated) : null,
    replan: row.steps.some((s) => s.action === 'replan'),
    reset: row.steps.some((s) => s.action === 'reset_to_prior'),
    dead: !states.some((s) => designChanged(row.trap.design, s.design, row.variable_bounds, DEAD_BUDGET_TOL)),
    parseFailure: hadParseFailure(row),
  };
}

type S = readonly CircuitP3Summary[];

export const recoveryQuality = (s: S): number | null => meanDefined(s, (r) => (r.success ? r.finalRatio : null));

/** Table 42's columns, headline (success) first. */
export function circuitP3Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const successes = countOf(s, (r) => r.success);
  const escaped = countOf(s, (r) => r.escaped);
  return {
    p3_success: proportionMetric(successes, n),
    escape_rate: proportionMetric(escaped, n),
    replan_rate: proportionMetric(countOf(s, (r) => r.replan), n),
    reset_rate: proportionMetric(countOf(s, (r) => r.reset), n),
    cascade_rate: proportionMetric(countOf(s, (r) => r.cascade === true), escaped),
    dead_budget_rate: proportionMetric(countOf(s, (r) => r.dead), n),
    recovery_quality: bootstrapMetric('circuit.P3.recovery_quality', s, recoveryQuality, successes, opts),
    parse_failure_rate: proportionMetric(countOf(s, (r) => r.parseFailure), n),
  };
}
