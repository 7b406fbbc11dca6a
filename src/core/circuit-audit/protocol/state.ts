/**
 * From a circuit oracle result to what rows and prompts use: the trajectory state (total violation,
 * objective, metrics, violated constraints with the metric each limits and the direction the
 * feedback asks it to move). The objective of every circuit design task is "minimize power_mw".
 */
import type { CircuitConstraintName, CircuitDesign, CircuitLimits, CircuitResult } from '../oracle.ts';
import { circuitTotalViolation, circuitViolations } from '../violation.ts';
import type { CircuitState, Violation } from '../metrics/rows.ts';

/** The oracle metric each constraint limits, and which way a violation must move it. */
export const CONSTRAINT_METRIC: Readonly<Record<CircuitConstraintName, { metric: string; direction: Violation['direction'] }>> = {
  max_target_error_pct: { metric: 'target_error_pct', direction: 'decrease' },
  max_source_current_ma: { metric: 'source_current_ma', direction: 'decrease' },
  max_power_mw: { metric: 'power_mw', direction: 'decrease' },
  max_tolerance_shift_pct: { metric: 'tolerance_shift_pct', direction: 'decrease' },
  min_q: { metric: 'q_factor', direction: 'increase' },
};

/** The result's scalar outputs by name (the slacks are restated by `violations`). */
export function resultMetrics(r: CircuitResult): Record<string, number> {
  return {
    target_value: r.target_value,
    target_error_pct: r.target_error_pct,
    source_current_ma: r.source_current_ma,
    power_mw: r.power_mw,
    tolerance_shift_pct: r.tolerance_shift_pct,
    q_factor: r.q_factor,
    bandwidth_hz: r.bandwidth_hz,
  };
}

export function circuitState(design: CircuitDesign, result: CircuitResult, limits: CircuitLimits): CircuitState {
  return {
    design: { ...design },
    result: {
      feasible: result.feasible,
      total_violation: circuitTotalViolation(result, limits),
      objective: result.power_mw,
      metrics: resultMetrics(result),
      violations: circuitViolations(result, limits).map((constraint) => ({ constraint, ...CONSTRAINT_METRIC[constraint] })),
    },
  };
}
