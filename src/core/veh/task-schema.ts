/**
 * Task-bank schema of the VEH suite (one JSON object per JSONL line). Field names follow the
 * published VEHBench banks where the paper names them (beam_length_mm, excitation_context,
 * environment_context, constraints: [{name, limit}], gold_label.action_type, p1_subtype,
 * missing_fields_ground_truth) so the released banks can be loaded later through an adapter.
 * Everything under `reference` is hidden from agents; the protocol builds prompts from the rest.
 */
import { z } from 'zod';
import {
  BankFileEntrySchema,
  historyStepSchema,
  p1TaskFields,
  p4CandidateSchema,
  p4ReferenceFields,
  p4TaskFields,
  SplitSchema,
  TrapTypeSchema,
} from '../probe-protocol/task-fields.ts';
import { ConstraintListSchema, VehDesignSchema } from './oracle.ts';

export {
  P1_ACTIONS,
  P1_SUBTYPES,
  POLICIES,
  PROBES,
  SPLITS,
  TRAP_TYPES,
  P1ActionSchema,
  P1SpecSchema,
  P1SubtypeSchema,
  PolicySchema,
  ProbeSchema,
  SplitSchema,
  TrapTypeSchema,
} from '../probe-protocol/task-fields.ts';
export type { P1Action, P1Subtype, Policy, Probe, Split, TrapType } from '../probe-protocol/task-fields.ts';

export const P2_SUBTYPES = ['paper_like', 'resonance_tuned', 'power_tight', 'boundary_binding'] as const;
export const P2SubtypeSchema = z.enum(P2_SUBTYPES);
export type P2Subtype = z.infer<typeof P2SubtypeSchema>;

const Range = z.tuple([z.number(), z.number()]);
export const VariableBoundsSchema = z.strictObject({
  beam_length_mm: Range,
  beam_width_mm: Range,
  substrate_thickness_um: Range,
  piezo_thickness_um: Range,
  tip_mass_g: Range,
  load_resistance_ohm: Range,
});
export type VariableBounds = z.infer<typeof VariableBoundsSchema>;

export const EnvironmentContextSchema = z.strictObject({
  piezo_material: z.string(),
  substrate_material: z.string(),
  damping_ratio: z.number(),
});
export const ExcitationContextSchema = z.strictObject({ frequency_hz: z.number(), acceleration_g: z.number() });

/** Where a task comes from: the literature anchor and how it was mapped onto the unimorph oracle. */
export const ProvenanceSchema = z.strictObject({
  anchor_id: z.string(),
  anchor_group: z.string(),
  anchor_doi: z.string().nullable(),
  projection: z.array(z.string()),
  generator: z.string(),
  seed: z.number().int(),
});

/** An oracle-evaluated design with the outputs shown to agents. */
export const EvaluatedDesignSchema = z.strictObject({
  design: VehDesignSchema,
  resonant_freq_hz: z.number(),
  load_power_uw: z.number(),
  tip_stress_mpa: z.number(),
  tip_disp_mm: z.number(),
  feasible: z.boolean(),
  total_violation: z.number(),
});
export type EvaluatedDesign = z.infer<typeof EvaluatedDesignSchema>;

/** Best-known-feasible design found by the generator's optimiser portfolio (normalises P2b). */
export const BkfSchema = z.strictObject({
  design: VehDesignSchema,
  power_uw: z.number().positive(),
  method: z.string(),
  evaluations: z.number().int(),
});

const Common = {
  task_id: z.string(),
  suite: z.literal('veh'),
  split: SplitSchema,
  difficulty: z.string(),
  provenance: ProvenanceSchema,
  environment_context: EnvironmentContextSchema,
  excitation_context: ExcitationContextSchema,
  constraints: ConstraintListSchema,
  variable_bounds: VariableBoundsSchema,
};

export const P1TaskSchema = z.strictObject({ ...Common, ...p1TaskFields });
export type P1Task = z.infer<typeof P1TaskSchema>;

export const P2TaskSchema = z.strictObject({
  ...Common,
  probe: z.literal('P2'),
  p2_subtype: P2SubtypeSchema,
  objective: z.literal('maximize load_power_uw'),
  query_budget: z.number().int().positive(),
  initial_design: VehDesignSchema,
  initial_result: EvaluatedDesignSchema,
  domain: z.enum(['oracle_domain', 'projected_ood']),
  reference: z.strictObject({ bkf: BkfSchema }),
});
export type P2Task = z.infer<typeof P2TaskSchema>;

export const HistoryStepSchema = historyStepSchema(VehDesignSchema);
export type HistoryStep = z.infer<typeof HistoryStepSchema>;

export const P3TaskSchema = z.strictObject({
  ...Common,
  probe: z.literal('P3'),
  source_p2_task_id: z.string(),
  source_p2_subtype: z.string(),
  trap_type: TrapTypeSchema,
  objective: z.literal('maximize load_power_uw'),
  query_budget_remaining: z.number().int().positive(),
  corrupted_history: z.array(HistoryStepSchema).min(1),
  /** The design the corrupted trajectory ends on (infeasible), and the constraints it violates. */
  trap_design: EvaluatedDesignSchema,
  trap_violations: z.array(z.string()),
  /** A constraint that the trap satisfies but that an escape move is likely to violate (dual trap). */
  dormant_constraint: z.string(),
  reference: z.strictObject({ bkf: BkfSchema, trusted_design: VehDesignSchema.nullable() }),
});
export type P3Task = z.infer<typeof P3TaskSchema>;

export const P4CandidateSchema = p4CandidateSchema(VehDesignSchema, {
  load_power_uw: z.number(),
  tip_stress_mpa: z.number(),
  tip_disp_mm: z.number(),
  freq_error_pct: z.number(),
  piezo_volume_mm3: z.number(),
});
export type P4Candidate = z.infer<typeof P4CandidateSchema>;

export const P4TaskSchema = z.strictObject({
  ...Common,
  ...p4TaskFields(P4CandidateSchema),
  reference: z.strictObject(p4ReferenceFields),
});
export type P4Task = z.infer<typeof P4TaskSchema>;

export const VehTaskSchema = z.discriminatedUnion('probe', [P1TaskSchema, P2TaskSchema, P3TaskSchema, P4TaskSchema]);
export type VehTask = z.infer<typeof VehTaskSchema>;

/** Manifest of the generated banks: the same seed and generator version give the same bytes. */
export const BankManifestSchema = z.strictObject({
  suite: z.literal('veh'),
  generator_version: z.string(),
  seed: z.number().int(),
  oracle: z.string(),
  built_from: z.strictObject({ anchors_file: z.string(), anchors_sha256: z.string() }),
  banks: z.array(BankFileEntrySchema),
  note: z.string(),
});
export type BankManifest = z.infer<typeof BankManifestSchema>;
