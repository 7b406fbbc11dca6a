/**
 * Circuit audit result rows: what the circuit protocol derives from a transcript and what the circuit
 * metrics consume (the counterpart of src/core/veh/rows.ts). Designs are plain maps from component
 * name to value, so the rows do not depend on which circuit family a task uses; every row keeps
 * exactly what its probe's metrics need, so metrics can be recomputed from transcripts alone.
 */
import { z } from 'zod';
import { BudgetLimitSchema } from '../../llm/budget.ts';
import { EpisodeStatusSchema } from '../../veh/rows.ts';

export const P1_ACTIONS = ['propose_design', 'declare_infeasible', 'request_missing_info'] as const;
export const CircuitP1ActionSchema = z.enum(P1_ACTIONS);
export type CircuitP1Action = z.infer<typeof CircuitP1ActionSchema>;

/** Component name → value in the unit its name states (ohm, farad, henry…). */
export const CircuitDesignSchema = z.record(z.string(), z.number());
export type CircuitDesign = z.infer<typeof CircuitDesignSchema>;

export const CircuitBoundsSchema = z.record(z.string(), z.tuple([z.number(), z.number()]));
export type CircuitBounds = z.infer<typeof CircuitBoundsSchema>;

/**
 * One violated constraint, with the oracle metric it limits and the direction the verifier's
 * feedback asks that metric to move: 'decrease' for an upper limit, 'increase' for a lower one. A
 * two-sided band (cutoff within ±2 % of a target) names its error metric, which must decrease.
 */
export const ViolationSchema = z.strictObject({
  constraint: z.string(),
  metric: z.string(),
  direction: z.enum(['decrease', 'increase']),
});
export type Violation = z.infer<typeof ViolationSchema>;

/** What a trajectory state keeps of the oracle's answer. */
export const CircuitStateResultSchema = z.strictObject({
  feasible: z.boolean(),
  /** V(x) ≥ 0, the total normalised violation. */
  total_violation: z.number(),
  /** The task's objective as the oracle computes it (larger is better after `objective_sense`). */
  objective: z.number(),
  /** Every oracle metric by name, so a directed update can be checked for any constraint. */
  metrics: z.record(z.string(), z.number()),
  violations: z.array(ViolationSchema),
});
export type CircuitStateResult = z.infer<typeof CircuitStateResultSchema>;

export const CircuitStateSchema = z.strictObject({ design: CircuitDesignSchema, result: CircuitStateResultSchema });
export type CircuitState = z.infer<typeof CircuitStateSchema>;

export const CircuitStepSchema = z.strictObject({
  step: z.number().int(),
  action: z.string().nullable(),
  protocol_valid: z.boolean(),
  invalid_reason: z.string().nullable(),
  state: CircuitStateSchema.nullable(),
});
export type CircuitStep = z.infer<typeof CircuitStepSchema>;

export const ObjectiveSenseSchema = z.enum(['maximize', 'minimize']);
export type ObjectiveSense = z.infer<typeof ObjectiveSenseSchema>;

const RowCommon = {
  task_id: z.string(),
  split: z.string(),
  family: z.string(),
  status: EpisodeStatusSchema,
  parse_failures: z.number().int(),
  /**
   * Set when an LLM run's episode budget (max_turns, max_cost_usd, timeout_s) stopped the episode:
   * such an episode never counts as a success, whatever its last state (as in VEH rows).
   */
  budget_stop: BudgetLimitSchema.optional(),
};

export const CircuitP1RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P1'),
  p1_subtype: z.string(),
  gold_action: CircuitP1ActionSchema,
  /** null when the reply never parsed into an allowed action (a parse failure). */
  predicted_action: CircuitP1ActionSchema.nullable(),
  predicted_missing_fields: z.array(z.string()),
  missing_fields_ground_truth: z.array(z.string()),
});
export type CircuitP1Row = z.infer<typeof CircuitP1RowSchema>;

const TrajectoryCommon = {
  query_budget: z.number().int(),
  /** Objective of the best-known feasible design: the P2b / recovery-quality denominator. */
  bkf_objective: z.number(),
  objective_sense: ObjectiveSenseSchema,
  variable_bounds: CircuitBoundsSchema,
  steps: z.array(CircuitStepSchema),
  /** Last valid evaluated design, or the starting design when none was evaluated. */
  final: CircuitStateSchema,
};

export const CircuitP2RowSchema = z.strictObject({
  ...RowCommon,
  ...TrajectoryCommon,
  probe: z.literal('P2'),
  initial: CircuitStateSchema,
});
export type CircuitP2Row = z.infer<typeof CircuitP2RowSchema>;

export const CircuitP3RowSchema = z.strictObject({
  ...RowCommon,
  ...TrajectoryCommon,
  probe: z.literal('P3'),
  trap: CircuitStateSchema,
});
export type CircuitP3Row = z.infer<typeof CircuitP3RowSchema>;

export const CircuitP4RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P4'),
  policy: z.string(),
  candidate_ids: z.array(z.string()),
  oracle_order: z.array(z.string()),
  /** null on parse failure or when the reply is not a permutation of candidate_ids. */
  predicted_order: z.array(z.string()).nullable(),
  /**
   * Candidate pairs [a, b] that the task's policy orders a before b while the flipped policy of the
   * same pool orders b before a: the pairs a policy-flip task actually tests.
   */
  flip_pairs: z.array(z.tuple([z.string(), z.string()])),
  modified_candidates: z.boolean(),
});
export type CircuitP4Row = z.infer<typeof CircuitP4RowSchema>;

export const CircuitRowSchema = z.discriminatedUnion('probe', [CircuitP1RowSchema, CircuitP2RowSchema, CircuitP3RowSchema, CircuitP4RowSchema]);
export type CircuitRow = z.infer<typeof CircuitRowSchema>;
