/**
 * P3 post-trap recovery metrics (paper App. F.3 eqs. and App. H.1 "P3 column definitions").
 * The trap is the corrupted state the episode starts from; only oracle-evaluated steps (protocol-valid
 * with a state) count as moves, so an unparseable turn can neither escape nor cascade.
 */
import type { MetricTable, P3Row } from '../rows.ts';
import { bootstrapMetric, countOf, meanDefined, proportionMetric, type MetricOptions } from '../../suite/metric-value.ts';
import { designChanged, evaluatedStates, hadParseFailure, powerRatio } from './trajectory.ts';

/** A step escapes when V < V(trap) − 10⁻⁹: strictly less violation, beyond float noise. */
export const ESCAPE_EPS = 1e-9;
/** A design "differs" from the trap when some variable moves by more than 0.1 % (dead-budget test). */
export const DEAD_BUDGET_TOL = 1e-3;
const REPLAN_ACTIONS = new Set(['replan', 'reset_to_prior']);

export interface P3Summary {
  success: boolean;
  /** P/P_BKF of the final design. */
  finalRatio: number;
  firstFeasible: boolean;
  escaped: boolean;
  /** Null when the task never escaped (cascade is conditional on escape). */
  cascade: boolean | null;
  dead: boolean;
  replan: boolean;
  parseFailure: boolean;
}

export function summariseP3(row: P3Row): P3Summary {
  const states = evaluatedStates(row.steps);
  const trapV = row.trap.result.total_violation;
  const trapViolations = new Set(row.trap.result.violations);
  const firstEscape = states.findIndex((s) => s.result.total_violation < trapV - ESCAPE_EPS);
  const escaped = firstEscape >= 0;
  // Cascade: at or after the first escaping move, some evaluated design violates a constraint the trap
  // satisfied (typically the dormant one): the escape traded one violation for another.
  const cascade = escaped ? states.slice(firstEscape).some((s) => s.result.violations.some((v) => !trapViolations.has(v))) : null;
  return {
    // An LLM budget stop never counts as a recovery (rows.ts, budget_stop).
    success: row.final.result.feasible && row.budget_stop === undefined,
    finalRatio: powerRatio(row.final, row.bkf_power_uw),
    // Feasibility reached before the final evaluated step (the one that becomes `final`).
    firstFeasible: states.slice(0, -1).some((s) => s.result.feasible),
    escaped,
    cascade,
    dead: !states.some((s) => designChanged(row.trap.design, s.design, row.variable_bounds, DEAD_BUDGET_TOL)),
    replan: row.steps.some((s) => s.action !== null && REPLAN_ACTIONS.has(s.action)),
    parseFailure: hadParseFailure(row),
  };
}

type S = readonly P3Summary[];
const fraction = (s: S, pick: (r: P3Summary) => boolean): number | null => meanDefined(s, (r) => (pick(r) ? 1 : 0));

export const successRate = (s: S): number | null => fraction(s, (r) => r.success);
export const escapeRate = (s: S): number | null => fraction(s, (r) => r.escaped);
/** RecoveryQuality: mean P/P_BKF over successful recoveries. */
export const recoveryQuality = (s: S): number | null => meanDefined(s, (r) => (r.success ? r.finalRatio : null));

/** Headline and column metrics of Table 20 from per-row summaries (error families are added by error-families.ts). */
export function p3Metrics(s: S, opts: MetricOptions): MetricTable {
  const n = s.length;
  const successes = countOf(s, (r) => r.success);
  const escaped = countOf(s, (r) => r.escaped);
  return {
    // P3-Success: final feasibility after the recovery budget.
    p3_success: proportionMetric(successes, n),
    recovery_quality: bootstrapMetric('P3.recovery_quality', s, recoveryQuality, successes, opts),
    first_feasible: proportionMetric(countOf(s, (r) => r.firstFeasible), n),
    escape_rate: proportionMetric(escaped, n),
    cascade_rate: proportionMetric(countOf(s, (r) => r.cascade === true), escaped),
    dead_budget_rate: proportionMetric(countOf(s, (r) => r.dead), n),
    replan_rate: proportionMetric(countOf(s, (r) => r.replan), n),
    parse_failure_rate: proportionMetric(countOf(s, (r) => r.parseFailure), n),
  };
}
