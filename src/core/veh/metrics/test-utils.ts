/**
 * Small factories for hand-made result rows in the metric tests. Only the fields a metric reads are
 * parameters; the rest get fixed, schema-valid values. Not used by production code.
 */
import { DEFAULT_LIMITS } from '../oracle.ts';
import type { VehDesign } from '../oracle.ts';
import type { DesignState, P1Row, P2Row, P3Row, P4Row, TrajectoryStep } from '../rows.ts';
import type { P1Action, P1Subtype, VariableBounds } from '../task-schema.ts';

export const BASE_DESIGN: VehDesign = {
  beam_length_mm: 50,
  beam_width_mm: 15,
  substrate_thickness_um: 300,
  piezo_thickness_um: 150,
  tip_mass_g: 2,
  load_resistance_ohm: 10000,
};

/** The bounds of the paper's P2 prompt example (App. N.3), with tip mass allowed down to 0. */
export const BOUNDS: VariableBounds = {
  beam_length_mm: [20, 80],
  beam_width_mm: [5, 30],
  substrate_thickness_um: [100, 500],
  piezo_thickness_um: [50, 300],
  tip_mass_g: [0, 5],
  load_resistance_ohm: [1000, 100000],
};

export interface StateSpec {
  power?: number;
  /** Total violation V; the state is feasible iff V = 0 and no violation is listed. */
  v?: number;
  violations?: string[];
  design?: Partial<VehDesign>;
  freqErr?: number;
  stress?: number;
  disp?: number;
}

export function state(spec: StateSpec = {}): DesignState {
  const v = spec.v ?? 0;
  const violations = spec.violations ?? [];
  return {
    design: { ...BASE_DESIGN, ...spec.design },
    result: {
      resonant_freq_hz: 50,
      load_power_uw: spec.power ?? 10,
      tip_stress_mpa: spec.stress ?? 20,
      tip_disp_mm: spec.disp ?? 1,
      freq_error_pct: spec.freqErr ?? 1,
      feasible: v === 0 && violations.length === 0,
      total_violation: v,
      violations,
    },
  };
}

let stepCounter = 0;
export function validStep(s: DesignState, action = 'propose_design'): TrajectoryStep {
  return { step: stepCounter++, action, protocol_valid: true, invalid_reason: null, state: s };
}
export function invalidStep(reason = 'parse_failure'): TrajectoryStep {
  return { step: stepCounter++, action: null, protocol_valid: false, invalid_reason: reason, state: null };
}

const common = (id: string) => ({
  task_id: id,
  split: 'dev' as const,
  difficulty: 'hard',
  anchor_id: 'anchor-0',
  status: 'completed' as const,
  parse_failures: 0,
});

export function p1Row(
  p1_subtype: P1Subtype,
  gold_action: P1Action,
  predicted_action: P1Action | null,
  fields: { truth?: string[]; named?: string[] } = {},
): P1Row {
  return {
    ...common(`p1-${stepCounter++}`),
    ...(predicted_action === null ? { status: 'parse_failure' as const, parse_failures: 1 } : {}),
    probe: 'P1',
    p1_subtype,
    gold_action,
    predicted_action,
    predicted_missing_fields: fields.named ?? [],
    missing_fields_ground_truth: fields.truth ?? [],
  };
}

/** The final design is the last evaluated step's state, or the initial one if none (as the engine does). */
function lastEvaluated(initial: DesignState, steps: readonly TrajectoryStep[]): DesignState {
  let last = initial;
  for (const s of steps) if (s.protocol_valid && s.state) last = s.state;
  return last;
}

export function p2Row(spec: { initial: DesignState; steps: TrajectoryStep[]; budget?: number; bkf?: number }): P2Row {
  const queries = spec.steps.filter((s) => s.protocol_valid && s.state).length;
  return {
    ...common(`p2-${stepCounter++}`),
    probe: 'P2',
    p2_subtype: 'paper_like',
    domain: 'oracle_domain',
    query_budget: spec.budget ?? 6,
    bkf_power_uw: spec.bkf ?? 100,
    variable_bounds: BOUNDS,
    limits: DEFAULT_LIMITS,
    initial: spec.initial,
    steps: spec.steps,
    final: lastEvaluated(spec.initial, spec.steps),
    queries,
  };
}

export function p3Row(spec: { trap: DesignState; steps: TrajectoryStep[]; bkf?: number; parseFailures?: number }): P3Row {
  return {
    ...common(`p3-${stepCounter++}`),
    parse_failures: spec.parseFailures ?? 0,
    probe: 'P3',
    source_p2_subtype: 'paper_like',
    trap_type: 'unit_flip',
    state_summary: false,
    query_budget: 4,
    bkf_power_uw: spec.bkf ?? 100,
    variable_bounds: BOUNDS,
    trap: spec.trap,
    dormant_constraint: 'stress',
    steps: spec.steps,
    final: lastEvaluated(spec.trap, spec.steps),
  };
}

type Pair = [string, string];
export function p4Row(spec: {
  oracle: string[];
  predicted: string[] | null;
  balancedActive?: boolean;
  policyPairs?: Pair[];
  paretoPairs?: Pair[];
  modified?: boolean;
}): P4Row {
  return {
    ...common(`p4-${stepCounter++}`),
    probe: 'P4',
    policy: 'balanced',
    candidate_ids: [...spec.oracle].sort(),
    oracle_order: spec.oracle,
    predicted_order: spec.predicted,
    balanced_active: spec.balancedActive ?? false,
    policy_sensitive_pairs: spec.policyPairs ?? [],
    pareto_pairs: spec.paretoPairs ?? [],
    modified_candidates: spec.modified ?? false,
  };
}
