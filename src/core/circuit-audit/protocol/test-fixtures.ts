/**
 * Hand-made circuit tasks for the protocol, agent and runner tests, independent of the generated
 * banks. All four are an RC low-pass at Vin = 5 V with the constraints of Appendix N.8 (fc = 1 kHz
 * ± 2 %, source current ≤ 0.5 mA) plus a 2 % stray-capacitance tolerance limit with 200 pF stray,
 * which plays N.8's dormant second constraint: R = 20 kΩ, C = 7.96 nF meets fc and current but
 * shifts fc by 0.2/(7.96+0.2) = 2.45 %; R = 15 kΩ, C = 10.6 nF meets all three (1.85 %). Results are
 * computed with the reference oracle, so the fixtures cannot drift from the physics. Not used by
 * production code.
 */
import { evaluateCircuit, parseCircuitRequest, type CircuitDesign } from '../oracle.ts';
import type { CircuitP1Task, CircuitP2Task, CircuitP3Task, CircuitP4Task, EvaluatedCircuitDesign } from '../task-schema.ts';
import { circuitLimitsFromList } from '../oracle.ts';
import { circuitTotalViolation, circuitViolations } from '../violation.ts';

const context = { vin_v: 5, target_value: 1000, stray_pf: 200, winding_pf: 0, load_ohm: null };
const constraints = [
  { name: 'max_target_error_pct' as const, limit: 2 },
  { name: 'max_source_current_ma' as const, limit: 0.5 },
  { name: 'max_tolerance_shift_pct' as const, limit: 2 },
];
const common = {
  suite: 'circuit' as const,
  split: 'dev' as const,
  family: 'rc_lowpass' as const,
  difficulty: 'medium' as const,
  provenance: { generator: 'test-fixtures', seed: 0, formula_reference: 'fc = 1/(2πRC)', construction: ['hand-made for tests'] },
  context,
  constraints,
  variable_bounds: { r_ohm: [1000, 100000] as [number, number], c_nf: [1, 1000] as [number, number] },
};

export function evaluated(design: CircuitDesign): EvaluatedCircuitDesign {
  const request = parseCircuitRequest({ family: 'rc_lowpass', design, context, constraints });
  const result = evaluateCircuit(request);
  const limits = circuitLimitsFromList(constraints);
  return { design, result, violations: circuitViolations(result, limits), total_violation: circuitTotalViolation(result, limits) };
}

/** The dual-trap designs (the bank's own N.8 task, with N.8's trap, is src/core/circuit-audit/bank/n8.ts). */
export const FX_TRAP = { r_ohm: 5000, c_nf: 100 };
export const FX_ESCAPE = { r_ohm: 20000, c_nf: 7.96 };
export const FX_RECOVERY = { r_ohm: 15000, c_nf: 10.6 };
const BKF = { design: FX_RECOVERY, power_mw: 25 / 15, method: 'hand-made', evaluations: 1 };

export function p1Task(gold: CircuitP1Task['reference']['gold_label']['action_type'], id = `fx-p1-${gold}`): CircuitP1Task {
  const missing = gold === 'request_missing_info' ? ['vin_v'] : [];
  return {
    ...common,
    task_id: id,
    probe: 'P1',
    p1_subtype: gold === 'propose_design' ? 'solvable_base' : gold === 'declare_infeasible' ? 'infeasible_margin' : 'missing_blocker_obvious',
    spec: { family: 'rc_lowpass', target_cutoff_hz: 1000, max_source_current_ma: 0.5 },
    missing_fields_ground_truth: missing,
    reference: { gold_label: { action_type: gold, missing_fields: missing }, evidence: {}, rationale: 'fixture' },
  };
}

export function p2Task(): CircuitP2Task {
  const initial = { r_ohm: 5000, c_nf: 31.8 };
  return {
    ...common,
    task_id: 'fx-p2',
    probe: 'P2',
    p2_subtype: 'max_source_current_ma__vs__max_target_error_pct',
    objective: 'minimize power_mw',
    query_budget: 6,
    initial_design: initial,
    initial_result: evaluated(initial),
    first_violation: 'max_source_current_ma',
    coupled_constraints: ['max_target_error_pct'],
    reference: { bkf: BKF },
  };
}

export function p3Task(): CircuitP3Task {
  const history = [
    { r_ohm: 5000, c_nf: 50 },
    { r_ohm: 5000, c_nf: 100 },
  ].map((design, step) => {
    const e = evaluated(design);
    return {
      step,
      design,
      verifier_response: { feasible: e.result.feasible, metrics: { cutoff_hz: e.result.target_value }, violations: e.violations, oracle_feedback: 'cutoff too low' },
      note: 'cutoff is too high, so increase C',
    };
  });
  return {
    ...common,
    task_id: 'fx-p3-dual-trap',
    probe: 'P3',
    trap_type: 'wrong_formula_direction',
    objective: 'minimize power_mw',
    query_budget_remaining: 5,
    corrupted_history: history,
    trap_design: evaluated(FX_TRAP),
    trap_violations: ['max_target_error_pct', 'max_source_current_ma'],
    dormant_constraint: 'max_tolerance_shift_pct',
    reference: { bkf: BKF, naive_escape: evaluated(FX_ESCAPE), recovery_design: FX_RECOVERY, trusted_design: null },
  };
}

export function p4Task(): CircuitP4Task {
  const designs: Record<string, CircuitDesign> = {
    A: { r_ohm: 15000, c_nf: 10.6 },
    B: { r_ohm: 12000, c_nf: 13.3 },
    C: { r_ohm: 16000, c_nf: 9.95 },
    D: { r_ohm: 11000, c_nf: 14.5 },
    E: { r_ohm: 13000, c_nf: 12.2 },
  };
  const candidates = Object.entries(designs).map(([id, design]) => {
    const r = evaluated(design).result;
    return { id, design, metrics: { power_mw: r.power_mw, target_error_pct: r.target_error_pct, tolerance_shift_pct: r.tolerance_shift_pct, source_current_ma: r.source_current_ma } };
  });
  // performance_first = lowest power first: larger R draws less.
  const order = [...candidates].sort((a, b) => a.metrics.power_mw - b.metrics.power_mw).map((c) => c.id);
  return {
    ...common,
    task_id: 'fx-p4',
    probe: 'P4',
    policy: 'performance_first',
    policy_text: 'Prefer the lowest source power.',
    candidates,
    reference: {
      oracle_order: order,
      policy_scores: Object.fromEntries(candidates.map((c) => [c.id, -c.metrics.power_mw])),
      balanced_active: true,
      // Under reliability_first (lowest stray shift: larger C) every pair's order reverses.
      policy_sensitive_pairs: [
        [order[0] as string, order[1] as string],
        [order[1] as string, order[2] as string],
      ],
      pareto_pairs: [],
      flip_policy: 'reliability_first',
      flip_top: order[4] as string,
    },
  };
}
