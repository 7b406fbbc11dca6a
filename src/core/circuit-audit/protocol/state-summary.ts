/**
 * Verifier-authored state summary for the circuit P3 intervention (the circuit counterpart of
 * src/core/veh/protocol/state-summary.ts; VEH Finding 3 / App. N.4 carried to App. R): the raw
 * corrupted history is replaced by a deterministic digest of what the verifier itself computed —
 * the current (trap) design with its full verdict and active violations (value, limit, formula hint),
 * the best feasible design seen so far and each earlier design's verdict. The earlier agent's notes,
 * where the corruption lives, are dropped, and so is the free-text oracle_feedback of the history.
 */
import type { CircuitConstraintName, CircuitDesign } from '../oracle.ts';
import type { CircuitP3Task } from '../task-schema.ts';
import { circuitRequestBuilder } from './task-oracle.ts';
import { circuitVerifierResponse, round5, type ShownCircuitViolation } from './verifier-response.ts';

export interface CircuitStateSummary {
  source: string;
  current_step: number;
  current_design: CircuitDesign;
  current_verdict: { feasible: boolean; metrics: Record<string, number>; total_violation: number };
  active_violations: ShownCircuitViolation[];
  /** Constraints the current design meets: the escape must keep them met (the dormant second trap). */
  satisfied_constraints: CircuitConstraintName[];
  /** Lowest source power among feasible history steps (the objective is minimised); null when none was feasible. */
  best_feasible_so_far: { step: number; design: CircuitDesign; power_mw: number } | null;
  /** Every earlier design with the verifier's verdict only. */
  designs_evaluated: { step: number; design: CircuitDesign; feasible: boolean; violations: string[] }[];
}

export const STATE_SUMMARY_SOURCE = "built by the verifier from its own evaluations; the earlier agent's notes are omitted";

export function buildCircuitStateSummary(task: CircuitP3Task): CircuitStateSummary {
  const last = task.corrupted_history[task.corrupted_history.length - 1];
  const { limits } = circuitRequestBuilder(task, task.trap_design.design);
  const verdict = circuitVerifierResponse(task.trap_design.result, limits, task.context.target_value);
  const violated = new Set(verdict.violations.map((v) => v.constraint));

  let best: CircuitStateSummary['best_feasible_so_far'] = null;
  for (const s of task.corrupted_history) {
    const power = s.verifier_response.metrics.power_mw;
    if (!s.verifier_response.feasible || power === undefined) continue;
    if (best === null || power < best.power_mw) best = { step: s.step, design: s.design, power_mw: round5(power) };
  }

  return {
    source: STATE_SUMMARY_SOURCE,
    current_step: last?.step ?? 0,
    current_design: task.trap_design.design,
    current_verdict: { feasible: verdict.feasible, metrics: verdict.metrics, total_violation: verdict.total_violation },
    active_violations: verdict.violations,
    satisfied_constraints: task.constraints.map((c) => c.name).filter((c) => !violated.has(c)),
    best_feasible_so_far: best,
    designs_evaluated: task.corrupted_history.map((s) => ({ step: s.step, design: s.design, feasible: s.verifier_response.feasible, violations: s.verifier_response.violations })),
  };
}
