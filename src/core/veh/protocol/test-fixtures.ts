/**
 * Small hand-made VEH tasks for unit tests (never the generated banks). Design-task states are
 * computed with the reference oracle, so the fixtures are physically consistent: the BKF design is
 * feasible and its power is the oracle's, the P2 initial design is off resonance, the P3 trajectory
 * walks from a feasible prior into an infeasible trap. Every task is validated against the schema.
 */
import { referenceVehBackend } from '../../kernels/reference-veh-backend.ts';
import { createDirectVehOracle } from '../direct-oracle.ts';
import { parseOracleRequest, type VehDesign } from '../oracle.ts';
import {
  VehTaskSchema,
  type EvaluatedDesign,
  type HistoryStep,
  type P1Subtype,
  type P1Task,
  type P2Task,
  type P3Task,
  type P4Task,
} from '../task-schema.ts';
import { totalViolation, violatedConstraints } from '../violation.ts';
import { P1_ACTION_OF } from '../../probe-protocol/task-fields.ts';

export const fixtureOracle = createDirectVehOracle(referenceVehBackend);

const provenance = { anchor_id: 'fixture-anchor', anchor_group: 'fixture', anchor_doi: null, projection: [], generator: 'test-fixtures', seed: 0 };
const environment_context = { piezo_material: 'PZT-5A', substrate_material: 'stainless_steel', damping_ratio: 0.02 };
const constraints = [
  { name: 'max_stress_mpa' as const, limit: 50 },
  { name: 'max_disp_mm' as const, limit: 5 },
  { name: 'max_freq_error_pct' as const, limit: 5 },
  { name: 'min_power_uw' as const, limit: 1 },
];
export const FIXTURE_BOUNDS = {
  beam_length_mm: [20, 80] as [number, number],
  beam_width_mm: [5, 30] as [number, number],
  substrate_thickness_um: [100, 500] as [number, number],
  piezo_thickness_um: [50, 300] as [number, number],
  tip_mass_g: [0.5, 5] as [number, number],
  load_resistance_ohm: [1000, 1000000] as [number, number],
};

export const BKF_DESIGN: VehDesign = {
  beam_length_mm: 40,
  beam_width_mm: 10,
  substrate_thickness_um: 200,
  piezo_thickness_um: 150,
  tip_mass_g: 2,
  load_resistance_ohm: 50000,
};
export const withTipMass = (g: number): VehDesign => ({ ...BKF_DESIGN, tip_mass_g: g });

/** Excitation at the BKF design's own resonance, so the BKF sits at zero frequency error. */
const excitation_context = (() => {
  const probe = parseOracleRequest({ design: BKF_DESIGN, excitation: { frequency_hz: 50, acceleration_g: 0.3 }, environment: environment_context, constraints });
  return { frequency_hz: fixtureOracle.evaluateSync(probe).resonant_freq_hz, acceleration_g: 0.3 };
})();

export function evaluateFixture(design: VehDesign): EvaluatedDesign {
  const req = parseOracleRequest({ design, excitation: excitation_context, environment: environment_context, constraints });
  const r = fixtureOracle.evaluateSync(req);
  return {
    design,
    resonant_freq_hz: r.resonant_freq_hz,
    load_power_uw: r.load_power_uw,
    tip_stress_mpa: r.tip_stress_mpa,
    tip_disp_mm: r.tip_disp_mm,
    feasible: r.feasible,
    total_violation: totalViolation(r, req.constraints),
  };
}

function violationsOf(design: VehDesign): string[] {
  const req = parseOracleRequest({ design, excitation: excitation_context, environment: environment_context, constraints });
  return violatedConstraints(fixtureOracle.evaluateSync(req), req.constraints);
}

const common = (task_id: string) => ({
  task_id,
  suite: 'veh' as const,
  split: 'dev' as const,
  difficulty: 'medium',
  provenance,
  environment_context,
  excitation_context,
  constraints,
  variable_bounds: FIXTURE_BOUNDS,
});

const bkf = () => ({ design: BKF_DESIGN, power_uw: evaluateFixture(BKF_DESIGN).load_power_uw, method: 'fixture', evaluations: 1 });

export const P1_GOLD = P1_ACTION_OF;

export function fixtureP1(i: number, subtype: P1Subtype): P1Task {
  const gold = P1_GOLD[subtype];
  const missing = gold === 'request_missing_info' ? ['spec.target_frequency_hz'] : [];
  const spec: Record<string, unknown> = {
    beam_length_mm: [20, 80],
    tip_mass_g: [0.5, 5],
    target_power_uw: subtype === 'infeasible_margin' ? 1e6 : 15,
    excitation_acceleration_g: 0.5,
    material: 'PZT-5A',
    substrate: 'stainless_steel',
  };
  if (gold !== 'request_missing_info') spec.target_frequency_hz = 50;
  return VehTaskSchema.parse({
    ...common(`fx-p1-${i}`),
    probe: 'P1',
    p1_subtype: subtype,
    spec,
    missing_fields_ground_truth: missing,
    reference: { gold_label: { action_type: gold, missing_fields: missing }, evidence: {}, rationale: 'fixture' },
  }) as P1Task;
}

/** Initial tip mass 1 g: resonance well above the excitation (infeasible); 2.05 g: feasible, below BKF power. */
export function fixtureP2(i: number, initialTipMass = 1, queryBudget = 6): P2Task {
  const initial = withTipMass(initialTipMass);
  return VehTaskSchema.parse({
    ...common(`fx-p2-${i}`),
    probe: 'P2',
    p2_subtype: 'resonance_tuned',
    objective: 'maximize load_power_uw',
    query_budget: queryBudget,
    initial_design: initial,
    initial_result: evaluateFixture(initial),
    domain: 'oracle_domain',
    reference: { bkf: bkf() },
  }) as P2Task;
}

function historyStep(step: number, design: VehDesign, note: string): HistoryStep {
  const e = evaluateFixture(design);
  return {
    step,
    design,
    verifier_response: {
      feasible: e.feasible,
      metrics: { resonant_freq_hz: e.resonant_freq_hz, load_power_uw: e.load_power_uw, tip_stress_mpa: e.tip_stress_mpa, tip_disp_mm: e.tip_disp_mm },
      violations: violationsOf(design),
      oracle_feedback: e.feasible ? 'all constraints satisfied' : 'frequency out of band',
    },
    note,
  };
}

export const P3_PRIOR = withTipMass(2.05);
export const P3_TRAP = withTipMass(1);

export function fixtureP3(i: number, budget = 4): P3Task {
  const history = [
    historyStep(0, P3_PRIOR, 'trusted starting design'),
    historyStep(1, withTipMass(1.5), 'prior assistant claimed the frequency was too high and reduced tip mass'),
    historyStep(2, P3_TRAP, 'continued reducing tip mass'),
  ];
  return VehTaskSchema.parse({
    ...common(`fx-p3-${i}`),
    probe: 'P3',
    source_p2_task_id: 'fx-p2-0',
    source_p2_subtype: 'resonance_tuned',
    trap_type: 'wrong_formula_direction',
    objective: 'maximize load_power_uw',
    query_budget_remaining: budget,
    corrupted_history: history,
    trap_design: evaluateFixture(P3_TRAP),
    trap_violations: violationsOf(P3_TRAP),
    dormant_constraint: 'max_stress_mpa',
    reference: { bkf: bkf(), trusted_design: P3_PRIOR },
  }) as P3Task;
}

export const P4_IDS = ['A', 'B', 'C', 'D', 'E'] as const;

/** Candidate pool A–E; the oracle order is a rotation of the ids chosen by `i` (so top-1 varies). */
export function fixtureP4(i: number): P4Task {
  const order = P4_IDS.map((_, k) => P4_IDS[(k + i) % P4_IDS.length] as string);
  return VehTaskSchema.parse({
    ...common(`fx-p4-${i}`),
    probe: 'P4',
    policy: 'balanced',
    policy_text: 'Balance output power against stress and displacement margins.',
    candidates: P4_IDS.map((id, k) => ({
      id,
      design: withTipMass(1.8 + 0.05 * k),
      metrics: { load_power_uw: 100 + k, tip_stress_mpa: 20 + k, tip_disp_mm: 0.5, freq_error_pct: 1, piezo_volume_mm3: 60 },
    })),
    reference: {
      oracle_order: order,
      policy_scores: Object.fromEntries(order.map((id, k) => [id, 1 - k / 10])),
      balanced_active: true,
      policy_sensitive_pairs: [[order[0], order[1]]],
      pareto_pairs: [[order[0], order[4]]],
    },
  }) as P4Task;
}

/** One task of every P1 subtype, two P2 tasks (infeasible and feasible anchor), two P3, five P4. */
export function fixtureBank() {
  const subtypes = Object.keys(P1_GOLD) as P1Subtype[];
  return [
    ...subtypes.map((s, i) => fixtureP1(i, s)),
    fixtureP2(0, 1),
    fixtureP2(1, 2.05),
    fixtureP3(0),
    fixtureP3(1),
    ...[0, 1, 2, 3, 4].map(fixtureP4),
  ];
}
