/**
 * Task-bank schema of the circuit audit suite (one JSON object per JSONL line), built like the VEH
 * schema from the shared probe protocol (src/core/probe-protocol/task-fields.ts): the same
 * probes, splits, P1 actions and subtypes, P3 trap types and P4 policies. Everything under
 * `reference` is hidden from agents; prompts are built from the rest.
 */
import { z } from 'zod';
import {
  BankFileEntrySchema,
  historyStepSchema,
  p1TaskFields,
  p4CandidateSchema,
  p4ReferenceFields,
  p4TaskFields,
  P1SpecSchema,
  PolicySchema,
  SplitSchema,
  TrapTypeSchema,
} from '../probe-protocol/task-fields.ts';
import {
  CircuitConstraintListSchema,
  CircuitConstraintNameSchema,
  CircuitContextSchema,
  CircuitDesignSchema,
  CircuitFamilySchema,
  CircuitResultSchema,
} from './oracle.ts';

export { P1_ACTIONS, P1_SUBTYPES, POLICIES, PROBES, SPLITS, TRAP_TYPES } from '../probe-protocol/task-fields.ts';
export type { P1Action, P1Subtype, Policy, Probe, Split, TrapType } from '../probe-protocol/task-fields.ts';

const Range = z.tuple([z.number(), z.number()]);
/** [lo, hi] per design variable of the task's family (FAMILY_VARIABLES). */
export const CircuitBoundsSchema = z.record(z.string(), Range);
export type CircuitBounds = z.infer<typeof CircuitBoundsSchema>;

export const CircuitProvenanceSchema = z.strictObject({
  generator: z.string(),
  seed: z.number().int(),
  /** Textbook source of the family's formulas (see data/circuit/README.md). */
  formula_reference: z.string(),
  /** How the task was built (each step), e.g. "tightened max_tolerance_shift_pct to 97 % of the best achievable". */
  construction: z.array(z.string()),
});

/** An oracle-evaluated design with its violation summary. */
export const EvaluatedCircuitDesignSchema = z.strictObject({
  design: CircuitDesignSchema,
  result: CircuitResultSchema,
  violations: z.array(CircuitConstraintNameSchema),
  total_violation: z.number(),
});
export type EvaluatedCircuitDesign = z.infer<typeof EvaluatedCircuitDesignSchema>;

/** Best-known-feasible design: the lowest source power found by the generator's search (normalises P2b). */
export const CircuitBkfSchema = z.strictObject({
  design: CircuitDesignSchema,
  power_mw: z.number().positive(),
  method: z.string(),
  evaluations: z.number().int(),
});
export type CircuitBkf = z.infer<typeof CircuitBkfSchema>;

const Common = {
  task_id: z.string(),
  suite: z.literal('circuit'),
  split: SplitSchema,
  family: CircuitFamilySchema,
  difficulty: z.enum(['easy', 'medium', 'hard']),
  provenance: CircuitProvenanceSchema,
  context: CircuitContextSchema,
  constraints: CircuitConstraintListSchema,
  variable_bounds: CircuitBoundsSchema,
};

export const CircuitP1SpecSchema = P1SpecSchema;

export const CircuitP1TaskSchema = z.strictObject({ ...Common, ...p1TaskFields });
export type CircuitP1Task = z.infer<typeof CircuitP1TaskSchema>;

export const CircuitObjectiveSchema = z.literal('minimize power_mw');

export const CircuitP2TaskSchema = z.strictObject({
  ...Common,
  probe: z.literal('P2'),
  /** "<first_violation>__vs__<coupled_constraint>". */
  p2_subtype: z.string(),
  objective: CircuitObjectiveSchema,
  query_budget: z.number().int().positive(),
  initial_design: CircuitDesignSchema,
  initial_result: EvaluatedCircuitDesignSchema,
  /** The one constraint the initial design violates. */
  first_violation: CircuitConstraintNameSchema,
  /** The constraint(s) every single-variable fix of `first_violation` breaks (first listed is the main one). */
  coupled_constraints: z.array(CircuitConstraintNameSchema).min(1),
  reference: z.strictObject({ bkf: CircuitBkfSchema }),
});
export type CircuitP2Task = z.infer<typeof CircuitP2TaskSchema>;

/** The (corrupted) reasoning note the earlier agent left with each step is `note`. */
export const CircuitHistoryStepSchema = historyStepSchema(CircuitDesignSchema);
export type CircuitHistoryStep = z.infer<typeof CircuitHistoryStepSchema>;

export const CircuitP3TaskSchema = z.strictObject({
  ...Common,
  probe: z.literal('P3'),
  trap_type: TrapTypeSchema,
  objective: CircuitObjectiveSchema,
  query_budget_remaining: z.number().int().positive(),
  corrupted_history: z.array(CircuitHistoryStepSchema).min(1),
  /** The design the corrupted trajectory ends on (infeasible) and the constraints it violates (phase-1 trap). */
  trap_design: EvaluatedCircuitDesignSchema,
  trap_violations: z.array(CircuitConstraintNameSchema).min(1),
  /** Satisfied by the trap design, violated by the naive escape (phase-2 trap). */
  dormant_constraint: CircuitConstraintNameSchema,
  reference: z.strictObject({
    bkf: CircuitBkfSchema,
    /** The obvious escape: it clears every trap violation but trips the dormant constraint. */
    naive_escape: EvaluatedCircuitDesignSchema,
    /** A feasible recovery design (the walkthrough's step-3 design for the N.8 task). */
    recovery_design: CircuitDesignSchema,
    trusted_design: CircuitDesignSchema.nullable(),
  }),
});
export type CircuitP3Task = z.infer<typeof CircuitP3TaskSchema>;

export const CircuitP4CandidateSchema = p4CandidateSchema(CircuitDesignSchema, {
  power_mw: z.number(),
  target_error_pct: z.number(),
  tolerance_shift_pct: z.number(),
  source_current_ma: z.number(),
});
export type CircuitP4Candidate = z.infer<typeof CircuitP4CandidateSchema>;

export const CircuitP4TaskSchema = z.strictObject({
  ...Common,
  ...p4TaskFields(CircuitP4CandidateSchema),
  reference: z.strictObject({
    ...p4ReferenceFields,
    /** A policy under which the top candidate differs (the policy-flip witness) and that top candidate. */
    flip_policy: PolicySchema,
    flip_top: z.string(),
  }),
});
export type CircuitP4Task = z.infer<typeof CircuitP4TaskSchema>;

export const CircuitTaskSchema = z.discriminatedUnion('probe', [
  CircuitP1TaskSchema,
  CircuitP2TaskSchema,
  CircuitP3TaskSchema,
  CircuitP4TaskSchema,
]);
export type CircuitTask = z.infer<typeof CircuitTaskSchema>;

/** Manifest of the generated banks: the same seed and generator version give the same bytes. */
export const CircuitBankManifestSchema = z.strictObject({
  suite: z.literal('circuit'),
  generator_version: z.string(),
  seed: z.number().int(),
  oracle: z.string(),
  banks: z.array(BankFileEntrySchema),
  note: z.string(),
});
export type CircuitBankManifest = z.infer<typeof CircuitBankManifestSchema>;
