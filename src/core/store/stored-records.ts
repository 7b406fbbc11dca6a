/**
 * zod schemas for every record the run store keeps. IndexedDB hands back whatever was written (by
 * this build, an older one, or a damaged profile), so each read is checked against these before it
 * reaches the page; `parseStored` turns a failure into a StoreCorruptionError naming store and key.
 */
import { z } from 'zod';
import { RunManifestSchema } from '../veh/run/manifest.ts';
import { SuiteMetricsSchema } from '../suite/metrics.ts';
import { TranscriptSchema } from '../veh/run/transcript.ts';
import { ControlConditionSchema } from '../veh/protocol/control-blocks.ts';
import { P3VariantSchema } from '../veh/protocol/prompts.ts';
import { SgFormSchema } from '../veh/protocol/sg-forms.ts';
import { SubsetIdSchema } from '../veh/subsets/appendix-d.ts';
import { VehRowSchema } from '../veh/rows.ts';
import { StoreCorruptionError, type RunRecipe, type StoredRun, type StoredRunSummary, type StoredVerification } from './run-store.ts';

const VerifyOutcomeSchema = z.enum(['verified', 'mismatch', 'unverifiable']);

export const StoredVerificationSchema = z.strictObject({
  outcome: VerifyOutcomeSchema,
  checked_at: z.string(),
  app_version: z.string(),
  counts: z.strictObject({ verified: z.number().int(), mismatch: z.number().int(), unverifiable: z.number().int() }),
  summary: z.string(),
}) satisfies z.ZodType<StoredVerification>;

export const RunRecipeSchema = z.strictObject({
  suite: z.literal('veh'),
  agent_id: z.string(),
  seed: z.number().int(),
  p3_variant: P3VariantSchema,
  filters: z.record(z.string(), z.string()),
  bank_hash: z.string(),
  task_ids: z.array(z.string()),
  app_version: z.string(),
  controls: z
    .strictObject({ control: ControlConditionSchema.optional(), subset: SubsetIdSchema.nullable().optional(), sgForm: SgFormSchema.nullable().optional() })
    .optional(),
}) satisfies z.ZodType<RunRecipe>;

export const StoredRunSummarySchema = z.strictObject({
  store_id: z.string().min(1),
  run_id: z.string(),
  source: z.enum(['local', 'imported']),
  status: z.enum(['running', 'interrupted', 'completed', 'cancelled', 'failed']),
  suite: z.literal('veh'),
  agent_id: z.string(),
  label: z.string(),
  model: z.string().nullable(),
  task_count: z.number().int().nonnegative(),
  done_count: z.number().int().nonnegative(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  bank_hash: z.string(),
  app_version: z.string(),
  seed: z.number().int(),
  recipe: RunRecipeSchema.nullable(),
  imported_from: z.string().nullable(),
  imported_at: z.string().nullable(),
  verification: StoredVerificationSchema.nullable(),
  error: z.string().nullable(),
}) satisfies z.ZodType<StoredRunSummary>;

/** The `runs` object store's value: one per run, keyed by summary.store_id. */
export const StoredRunRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  summary: StoredRunSummarySchema,
  manifest: RunManifestSchema.nullable(),
  metrics: SuiteMetricsSchema.nullable(),
});
export type StoredRunRecord = z.infer<typeof StoredRunRecordSchema>;

/** The `task_rows` object store's value, keyed by [store_id, task_index]. */
export const StoredRowRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  task_index: z.number().int().nonnegative(),
  row: VehRowSchema,
});
export type StoredRowRecord = z.infer<typeof StoredRowRecordSchema>;

/** The `transcripts` object store's value, keyed by [store_id, task_index]. */
export const StoredTranscriptRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  task_index: z.number().int().nonnegative(),
  transcript: TranscriptSchema,
});
export type StoredTranscriptRecord = z.infer<typeof StoredTranscriptRecordSchema>;

export function runRecordOf(run: StoredRun): StoredRunRecord {
  return { store_id: run.summary.store_id, summary: run.summary, manifest: run.manifest, metrics: run.metrics };
}

export function storedRunOf(record: StoredRunRecord): StoredRun {
  return { summary: record.summary, manifest: record.manifest, metrics: record.metrics };
}

/** Validates one stored value; a mismatch names the object store, the key and the first issues. */
export function parseStored<T>(schema: z.ZodType<T>, value: unknown, where: { store: string; key: string }): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  throw new StoreCorruptionError(`Stored record ${where.store}[${where.key}] is damaged or from an unknown version (${issues})`, { cause: parsed.error });
}
