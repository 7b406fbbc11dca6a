/**
 * Per-task result rows: what the protocol derives from a transcript and what the metrics consume.
 * Each row keeps exactly what its probe's metrics need, so `score DIR` can recompute every metric
 * from saved transcripts alone.
 */
import { z } from 'zod';
import { LimitsSchema, VehDesignSchema } from './oracle.ts';
import { BudgetLimitSchema } from '../llm/budget.ts';
import { P1ActionSchema, P1SubtypeSchema, PolicySchema, SplitSchema, TrapTypeSchema, VariableBoundsSchema } from './task-schema.ts';

import { EpisodeStatusSchema } from '../agent/events.ts';
export { EPISODE_STATUSES, EpisodeStatusSchema, type EpisodeStatus } from '../agent/events.ts';

/** Oracle outputs a trajectory state keeps (task units). */
export const StateResultSchema = z.strictObject({
  resonant_freq_hz: z.number(),
  load_power_uw: z.number(),
  tip_stress_mpa: z.number(),
  tip_disp_mm: z.number(),
  freq_error_pct: z.number(),
  feasible: z.boolean(),
  total_violation: z.number(),
  /** Violated constraints, from violation.ts: stress | displacement | frequency | power. */
  violations: z.array(z.string()),
});

export const DesignStateSchema = z.strictObject({ design: VehDesignSchema, result: StateResultSchema });
export type DesignState = z.infer<typeof DesignStateSchema>;

/** One agent turn in P2/P3: a parsed action and, when it named a valid design, the oracle's verdict. */
export const TrajectoryStepSchema = z.strictObject({
  step: z.number().int(),
  action: z.string().nullable(),
  /** False when the turn could not be used: parse failure after retries, missing/invalid design, out of bounds. */
  protocol_valid: z.boolean(),
  invalid_reason: z.string().nullable(),
  state: DesignStateSchema.nullable(),
});
export type TrajectoryStep = z.infer<typeof TrajectoryStepSchema>;

const RowCommon = {
  task_id: z.string(),
  split: SplitSchema,
  difficulty: z.string(),
  anchor_id: z.string(),
  status: EpisodeStatusSchema,
  parse_failures: z.number().int(),
  /**
   * Set when an episode budget of an LLM run (max_turns, max_cost_usd, timeout_s) stopped the
   * episode early. Such an episode never counts as a success (P2 final feasibility, P3 success),
   * whatever its last evaluated state; P2's own query-budget end (status budget_exceeded without
   * this field) is the protocol's normal end and is scored as before.
   */
  budget_stop: BudgetLimitSchema.optional(),
};

export const P1RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P1'),
  p1_subtype: P1SubtypeSchema,
  gold_action: P1ActionSchema,
  /** null when the output never parsed into an allowed action (counts as a parse failure). */
  predicted_action: P1ActionSchema.nullable(),
  predicted_missing_fields: z.array(z.string()),
  missing_fields_ground_truth: z.array(z.string()),
});
export type P1Row = z.infer<typeof P1RowSchema>;

export const P2RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P2'),
  p2_subtype: z.string(),
  domain: z.string(),
  query_budget: z.number().int(),
  bkf_power_uw: z.number(),
  variable_bounds: VariableBoundsSchema,
  /** The task's constraint limits: the improvement-rate utility needs the per-constraint terms. */
  limits: LimitsSchema,
  initial: DesignStateSchema,
  steps: z.array(TrajectoryStepSchema),
  /** Last valid evaluated design, or the initial design when the agent proposed none. */
  final: DesignStateSchema,
  queries: z.number().int(),
});
export type P2Row = z.infer<typeof P2RowSchema>;

export const P3RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P3'),
  source_p2_subtype: z.string(),
  trap_type: TrapTypeSchema,
  state_summary: z.boolean(),
  query_budget: z.number().int(),
  bkf_power_uw: z.number(),
  variable_bounds: VariableBoundsSchema,
  trap: DesignStateSchema,
  dormant_constraint: z.string(),
  steps: z.array(TrajectoryStepSchema),
  final: DesignStateSchema,
});
export type P3Row = z.infer<typeof P3RowSchema>;

export const P4RowSchema = z.strictObject({
  ...RowCommon,
  probe: z.literal('P4'),
  policy: PolicySchema,
  candidate_ids: z.array(z.string()),
  oracle_order: z.array(z.string()),
  /** null on parse failure or when the output is not a permutation of candidate_ids. */
  predicted_order: z.array(z.string()).nullable(),
  balanced_active: z.boolean(),
  policy_sensitive_pairs: z.array(z.tuple([z.string(), z.string()])),
  pareto_pairs: z.array(z.tuple([z.string(), z.string()])),
  /** True when the agent tried to alter a fixed candidate (counted as a violation). */
  modified_candidates: z.boolean(),
});
export type P4Row = z.infer<typeof P4RowSchema>;

export const VehRowSchema = z.discriminatedUnion('probe', [P1RowSchema, P2RowSchema, P3RowSchema, P4RowSchema]);
export type VehRow = z.infer<typeof VehRowSchema>;

/** A metric with its 95% interval and how the interval was computed. */
export { MetricValueSchema, type MetricValue, type MetricTable } from '../suite/metrics.ts';
