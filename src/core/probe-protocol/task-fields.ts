/**
 * The probe protocol both probe suites share (VEH, src/core/veh/, and the circuit audit,
 * src/core/circuit-audit/): the same splits, probes, P1 actions and subtypes, P3 trap types and P4
 * policies, and the task fields that do not depend on the physics. Each suite builds its task schema
 * from these with its own design and metric schemas, so the two banks cannot drift apart in shape.
 *
 * Key order matters: the builders list fields in the order the generators write them, and the bank
 * hashes (test/golden/) are over those bytes.
 */
import { z } from 'zod';

export const SPLITS = ['dev', 'test_id', 'test_ood'] as const;
export const SplitSchema = z.enum(SPLITS);
export type Split = z.infer<typeof SplitSchema>;
export const PROBES = ['P1', 'P2', 'P3', 'P4'] as const;
export const ProbeSchema = z.enum(PROBES);
export type Probe = z.infer<typeof ProbeSchema>;

export const P1_ACTIONS = ['propose_design', 'declare_infeasible', 'request_missing_info'] as const;
export const P1ActionSchema = z.enum(P1_ACTIONS);
export type P1Action = z.infer<typeof P1ActionSchema>;

export const P1_SUBTYPES = [
  'solvable_base',
  'solvable_boundary',
  'solvable_red_herring',
  'missing_nonblocker',
  'infeasible_margin',
  'infeasible_structural',
  'missing_blocker_obvious',
  'missing_blocker_ambiguous',
] as const;
export const P1SubtypeSchema = z.enum(P1_SUBTYPES);
export type P1Subtype = z.infer<typeof P1SubtypeSchema>;

/** The gold P1 action of each subtype (VEHBench App. C; the circuit audit labels its briefs the same way). */
export const P1_ACTION_OF: Readonly<Record<P1Subtype, P1Action>> = {
  solvable_base: 'propose_design',
  solvable_boundary: 'propose_design',
  solvable_red_herring: 'propose_design',
  missing_nonblocker: 'propose_design',
  infeasible_margin: 'declare_infeasible',
  infeasible_structural: 'declare_infeasible',
  missing_blocker_obvious: 'request_missing_info',
  missing_blocker_ambiguous: 'request_missing_info',
};

export const TRAP_TYPES = [
  'unit_flip',
  'wrong_formula_direction',
  'false_feasibility',
  'topology_trap',
  'verifier_ignored',
  'progressive_contamination',
] as const;
export const TrapTypeSchema = z.enum(TRAP_TYPES);
export type TrapType = z.infer<typeof TrapTypeSchema>;

export const POLICIES = ['balanced', 'performance_first', 'reliability_first'] as const;
export const PolicySchema = z.enum(POLICIES);
export type Policy = z.infer<typeof PolicySchema>;

/** A bank's brief as shown to the model in P1: fields may be missing or padded with distractors. */
export const P1SpecSchema = z.record(z.string(), z.unknown());

/** The P1 task fields after the suite's common fields. */
export const p1TaskFields = {
  probe: z.literal('P1'),
  p1_subtype: P1SubtypeSchema,
  spec: P1SpecSchema,
  missing_fields_ground_truth: z.array(z.string()),
  reference: z.strictObject({
    gold_label: z.strictObject({ action_type: P1ActionSchema, missing_fields: z.array(z.string()) }),
    /** What the generator computed to justify the label (witness design, best value found, ranges…). */
    evidence: z.record(z.string(), z.unknown()),
    rationale: z.string(),
  }),
};

/** One step of a P3 corrupted history: the design, the verifier's reply, and the (corrupted) note left with it. */
export function historyStepSchema<D extends z.ZodType>(design: D) {
  return z.strictObject({
    step: z.number().int(),
    design,
    verifier_response: z.strictObject({
      feasible: z.boolean(),
      metrics: z.record(z.string(), z.number()),
      violations: z.array(z.string()),
      oracle_feedback: z.string(),
    }),
    note: z.string(),
  });
}

/** A P4 candidate: an id, its design and the metrics the ranking policy reads. */
export function p4CandidateSchema<D extends z.ZodType, M extends z.ZodRawShape>(design: D, metrics: M) {
  return z.strictObject({ id: z.string(), design, metrics: z.strictObject(metrics) });
}

/** The P4 task fields after the suite's common fields; `reference` adds each suite's extras after these. */
export function p4TaskFields<C extends z.ZodType>(candidate: C) {
  return {
    probe: z.literal('P4'),
    policy: PolicySchema,
    policy_text: z.string(),
    candidates: z.array(candidate).length(5),
  };
}

/** The hidden P4 reference every probe suite records: the oracle's order and the pairs its grade reads. */
export const p4ReferenceFields = {
  oracle_order: z.array(z.string()).length(5),
  /** Score of every candidate under the task's policy (higher is better). */
  policy_scores: z.record(z.string(), z.number()),
  /** True when the pool's order changes between policies (a "balanced-active" row). */
  balanced_active: z.boolean(),
  /** Pairs [a, b] ordered a before b here whose order flips under at least one other policy. */
  policy_sensitive_pairs: z.array(z.tuple([z.string(), z.string()])),
  /** Pairs [a, b] where a Pareto-dominates b on the suite's metrics. */
  pareto_pairs: z.array(z.tuple([z.string(), z.string()])),
};

/** One bank file in a generated bank manifest. */
export const BankFileEntrySchema = z.strictObject({
  probe: ProbeSchema,
  file: z.string(),
  count: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  by_split: z.record(z.string(), z.number().int()),
});
