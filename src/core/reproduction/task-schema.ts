/**
 * A reproduction task as the bank stores it and an episode receives it: the public task (claim,
 * citation, reported values, spec, starter) plus, for the built-in agents only, the reference and
 * the plausible workflows. The rubric and its grader are code (tasks/), looked up by task_id; the
 * bank pins what the agent was told.
 */
import { z } from 'zod';
import { PackageFileSchema, ReproductionTaskSchema } from './task.ts';

export const ReproductionBankTaskSchema = ReproductionTaskSchema.extend({
  /** Privileged: only the reference agent reads it. */
  reference: z.array(PackageFileSchema),
  /** The plausible baseline's workflow (hidden from an agent under test, like the reference). */
  plausible: z.array(PackageFileSchema),
  evaluator_version: z.string(),
});
export type ReproductionBankTask = z.infer<typeof ReproductionBankTaskSchema>;

export const ReproductionBankManifestSchema = z.strictObject({
  schema_version: z.literal(1),
  suite: z.literal('reproduction'),
  generator_version: z.string(),
  evaluator_version: z.string(),
  files: z.array(z.strictObject({ file: z.string(), task_id: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  counts: z.strictObject({ tasks: z.number().int() }),
});
export type ReproductionBankManifest = z.infer<typeof ReproductionBankManifestSchema>;
