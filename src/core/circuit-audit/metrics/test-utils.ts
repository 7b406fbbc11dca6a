/**
 * Factories for hand-made circuit rows in the metric tests: only the fields a metric reads are
 * parameters. An RC low-pass (R in ohm, C in farad) stands in for any family. Not used by production code.
 */
import type { CircuitBounds, CircuitP1Action, CircuitP1Row, CircuitP2Row, CircuitP3Row, CircuitP4Row, CircuitState, CircuitStep, Violation } from './rows.ts';

export const BOUNDS: CircuitBounds = { r_ohm: [1e3, 1e5], c_f: [1e-9, 1e-6] };

export interface StateSpec {
  r?: number;
  c?: number;
  v?: number;
  objective?: number;
  metrics?: Record<string, number>;
  violations?: Violation[];
}

export function state(spec: StateSpec = {}): CircuitState {
  const violations = spec.violations ?? [];
  const v = spec.v ?? (violations.length > 0 ? 1 : 0);
  return {
    design: { r_ohm: spec.r ?? 1e4, c_f: spec.c ?? 1e-8 },
    result: { feasible: v === 0 && violations.length === 0, total_violation: v, objective: spec.objective ?? 1, metrics: spec.metrics ?? {}, violations },
  };
}

export const violation = (constraint: string, metric: string, direction: Violation['direction']): Violation => ({ constraint, metric, direction });

export function step(s: CircuitState | null, action: string | null = 'propose_design', valid = true): CircuitStep {
  return { step: 0, action, protocol_valid: valid, invalid_reason: valid ? null : 'invalid', state: s };
}

const common = { split: 'test', family: 'rc_lowpass', status: 'completed' as const, parse_failures: 0 };

export function p1Row(gold: CircuitP1Action, predicted: CircuitP1Action | null, extra: Partial<CircuitP1Row> = {}): CircuitP1Row {
  return {
    ...common,
    task_id: `p1-${gold}-${String(predicted)}`,
    probe: 'P1',
    p1_subtype: 'base',
    gold_action: gold,
    predicted_action: predicted,
    predicted_missing_fields: [],
    missing_fields_ground_truth: [],
    ...extra,
  };
}

export function p2Row(initial: CircuitState, states: readonly (CircuitState | null)[], extra: Partial<CircuitP2Row> = {}): CircuitP2Row {
  const steps = states.map((s, i) => ({ ...step(s, 'continue', s !== null), step: i + 1 }));
  const last = [...states].reverse().find((s): s is CircuitState => s !== null) ?? initial;
  return {
    ...common,
    task_id: 'p2',
    probe: 'P2',
    query_budget: 6,
    bkf_objective: 1,
    objective_sense: 'maximize',
    variable_bounds: BOUNDS,
    initial,
    steps,
    final: last,
    ...extra,
  };
}

export function p3Row(trap: CircuitState, steps: readonly CircuitStep[], extra: Partial<CircuitP3Row> = {}): CircuitP3Row {
  const evaluated = steps.filter((s) => s.protocol_valid && s.state !== null);
  const final = evaluated.length > 0 ? (evaluated[evaluated.length - 1]?.state ?? trap) : trap;
  return {
    ...common,
    task_id: 'p3',
    probe: 'P3',
    query_budget: 5,
    bkf_objective: 1,
    objective_sense: 'maximize',
    variable_bounds: BOUNDS,
    trap,
    steps: [...steps],
    final,
    ...extra,
  };
}

export function p4Row(oracle: string[], predicted: string[] | null, flipPairs: [string, string][] = [], extra: Partial<CircuitP4Row> = {}): CircuitP4Row {
  return {
    ...common,
    task_id: 'p4',
    probe: 'P4',
    policy: 'test policy',
    candidate_ids: [...oracle].sort(),
    oracle_order: oracle,
    predicted_order: predicted,
    flip_pairs: flipPairs,
    modified_candidates: false,
    ...extra,
  };
}
