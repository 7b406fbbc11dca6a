/**
 * A spec-to-design task as the bank stores it and an episode receives it: the agent-visible
 * specification (spec, interface, materials, tools, budgets, the starter source, c) and, for
 * privileged agents only, the reference source (the expert design, or the published device of a
 * Reimplementation). The evaluator's physics is code (tasks/), looked up by task_id; the bank pins
 * what the agent was told and the c its scores used.
 */
import { z } from 'zod';
import { DESIGN_FAMILIES } from './task.ts';

export const DesignFamilySchema = z.enum(DESIGN_FAMILIES);

export const DesignTaskSchema = z.strictObject({
  task_id: z.string().regex(/^(design|reimpl)-[a-z0-9-]+$/),
  family: DesignFamilySchema,
  title: z.string(),
  physics: z.string(),
  spec: z.strictObject({
    summary: z.string(),
    requirements: z.array(z.string()),
    constraints: z.array(z.string()),
    objective: z.strictObject({ description: z.string(), unit: z.string() }),
  }),
  c: z.number().positive(),
  c_basis: z.string(),
  citation: z.strictObject({ doi: z.string(), text: z.string() }).optional(),
  interface: z.array(z.string()),
  materials: z.array(z.string()),
  tools: z.array(z.string()),
  probe_budget: z.number().int().positive(),
  wall_clock_s: z.number().positive(),
  tolerance: z.number().positive(),
  starter_source: z.string(),
  /** Privileged: only the reference agent reads it. */
  reference_source: z.string(),
  evaluator_version: z.string(),
});
export type DesignTask = z.infer<typeof DesignTaskSchema>;

export const DesignBankManifestSchema = z.strictObject({
  schema_version: z.literal(1),
  suite: z.literal('design'),
  generator_version: z.string(),
  evaluator_version: z.string(),
  files: z.array(z.strictObject({ file: z.string(), task_id: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  counts: z.strictObject({ design: z.number().int(), reimplementation: z.number().int() }),
});
export type DesignBankManifest = z.infer<typeof DesignBankManifestSchema>;
