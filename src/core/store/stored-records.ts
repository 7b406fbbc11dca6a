/**
 * zod schemas for every record the run store keeps. IndexedDB hands back whatever was written (by
 * this build, an older one, or a damaged profile), so each read is checked before it reaches the
 * page: the store's own fields here, and the suite's parts (manifest, rows, transcripts, recipe
 * options) with that suite's schemas, looked up by the record's suite id in the registry the store
 * was given. `parseStored` turns a failure into a StoreCorruptionError naming store and key.
 */
import { z } from 'zod';
import type { AnySuite } from '../suite/contract.ts';
import { SuiteMetricsSchema } from '../suite/metrics.ts';
import { ExportSignatureSchema } from '../export/run-export.ts';
import { upgradeRunRecord } from './legacy-records.ts';
import { StoreCorruptionError, type RunRecipe, type StoredRun, type StoredRunSummary, type StoredVerification, type SuiteRow } from './run-store.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';

/** Where the store finds a suite's schemas: the suite registry (src/core/suite/registry.ts). */
export interface SuiteSchemaSource {
  has(id: string): boolean;
  get(id: string): AnySuite;
}

const VerifyOutcomeSchema = z.enum(['verified', 'mismatch', 'unverifiable']);

export const StoredVerificationSchema = z.strictObject({
  outcome: VerifyOutcomeSchema,
  checked_at: z.string(),
  app_version: z.string(),
  counts: z.strictObject({ verified: z.number().int(), mismatch: z.number().int(), unverifiable: z.number().int() }),
  summary: z.string(),
  // Optional: records written before signing have none, and read as before.
  signature: z
    .discriminatedUnion('state', [
      z.strictObject({ state: z.literal('unsigned') }),
      z.strictObject({ state: z.literal('signed'), fingerprint: z.string() }),
      z.strictObject({ state: z.literal('bad'), reason: z.string() }),
    ])
    .optional(),
}) satisfies z.ZodType<StoredVerification>;

export const RunRecipeSchema = z.strictObject({
  suite: z.string().min(1),
  agent_id: z.string(),
  seed: z.number().int(),
  options: z.unknown(),
  filters: z.record(z.string(), z.string()),
  bank_hash: z.string(),
  task_ids: z.array(z.string()),
  app_version: z.string(),
}) satisfies z.ZodType<RunRecipe>;

export const StoredRunSummarySchema = z.strictObject({
  store_id: z.string().min(1),
  run_id: z.string(),
  source: z.enum(['local', 'imported']),
  status: z.enum(['running', 'interrupted', 'completed', 'cancelled', 'failed']),
  suite: z.string().min(1),
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
  signature: ExportSignatureSchema.optional(),
  error: z.string().nullable(),
}) satisfies z.ZodType<StoredRunSummary>;

/** The `runs` object store's value as the store reads it, before the suite's own parts are checked. */
export const StoredRunRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  summary: StoredRunSummarySchema,
  manifest: z.unknown(),
  metrics: SuiteMetricsSchema.nullable(),
});
export interface StoredRunRecord {
  store_id: string;
  summary: StoredRunSummary;
  manifest: ManifestCore | null;
  metrics: StoredRun['metrics'];
}

/**
 * The `task_rows` object store's value, keyed by [store_id, task_index]. `transcript_batch` says
 * which `transcript_batches` record holds the task's transcript; without it (records written
 * before batches) the transcript is the `transcripts` record with the same key.
 */
export const StoredRowRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  task_index: z.number().int().nonnegative(),
  row: z.unknown(),
  transcript_batch: z.number().int().nonnegative().optional(),
});
export interface StoredRowRecord {
  store_id: string;
  task_index: number;
  row: SuiteRow;
  transcript_batch?: number;
}

/**
 * The `transcript_batches` object store's value, keyed by [store_id, batch]: the transcripts of
 * one commit (or one slice of an import) as a single JSON array string, `task_indices[k]` being
 * the task of its k-th element. One string, not an object graph: the browser clones and writes it
 * as one value, far cheaper than as many transcript records (issue 20).
 */
export const StoredTranscriptBatchSchema = z.strictObject({
  store_id: z.string().min(1),
  batch: z.number().int().nonnegative(),
  task_indices: z.array(z.number().int().nonnegative()),
  transcripts: z.string(),
});
export type StoredTranscriptBatch = z.infer<typeof StoredTranscriptBatchSchema>;

/** The batch's transcripts by task index, not yet checked with the suite's schema; a damaged batch throws StoreCorruptionError. */
export function parseTranscriptBatch(value: unknown, where: { store: string; key: string }): Map<number, unknown> {
  const batch = parseStored(StoredTranscriptBatchSchema, value, where);
  let items: unknown;
  try {
    items = JSON.parse(batch.transcripts);
  } catch (e) {
    throw new StoreCorruptionError(`Stored record ${where.store}[${where.key}] is damaged (its transcripts are not JSON)`, { cause: e });
  }
  if (!Array.isArray(items) || items.length !== batch.task_indices.length) {
    throw new StoreCorruptionError(`Stored record ${where.store}[${where.key}] is damaged (${batch.task_indices.length} task indices, transcripts do not match)`);
  }
  return new Map(batch.task_indices.map((i, k) => [i, items[k] as unknown]));
}

/** The `transcripts` object store's value (version 2, still read), keyed by [store_id, task_index]. */
export const StoredTranscriptRecordSchema = z.strictObject({
  store_id: z.string().min(1),
  task_index: z.number().int().nonnegative(),
  transcript: z.unknown(),
});
export interface StoredTranscriptRecord {
  store_id: string;
  task_index: number;
  transcript: TranscriptCore;
}

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

function suiteOf(suites: SuiteSchemaSource, id: string, where: { store: string; key: string }): AnySuite {
  if (!suites.has(id)) throw new StoreCorruptionError(`Stored record ${where.store}[${where.key}] is a run of suite "${id}", which this build does not have`);
  return suites.get(id);
}

/** The store's fields only (no suite lookup): for status checks on delete and clear, which must work on any record. */
export function parseRunEnvelope(value: unknown): StoredRunSummary | null {
  const parsed = StoredRunRecordSchema.safeParse(upgradeRunRecord(value));
  return parsed.success ? parsed.data.summary : null;
}

/** A `runs` record: the store's fields, then the manifest and the recipe's options with the run's suite's schemas. */
export function parseRunRecord(suites: SuiteSchemaSource, value: unknown, where: { store: string; key: string }): StoredRunRecord {
  const base = parseStored(StoredRunRecordSchema, upgradeRunRecord(value), where);
  const suite = suiteOf(suites, base.summary.suite, where);
  const manifest = base.manifest === null ? null : parseStored(suite.schemas.manifest, base.manifest, { ...where, key: `${where.key}.manifest` });
  const recipe = base.summary.recipe;
  if (recipe) parseStored(suite.schemas.options, recipe.options, { ...where, key: `${where.key}.summary.recipe.options` });
  return { ...base, manifest };
}

/** A `task_rows` record of a run of `suiteId`. */
export function parseRowRecord(suites: SuiteSchemaSource, suiteId: string, value: unknown, where: { store: string; key: string }): StoredRowRecord {
  const base = parseStored(StoredRowRecordSchema, value, where);
  return { ...base, row: parseStored(suiteOf(suites, suiteId, where).schemas.row, base.row, where) };
}

/** A `transcripts` record of a run of `suiteId`. */
export function parseTranscriptRecord(suites: SuiteSchemaSource, suiteId: string, value: unknown, where: { store: string; key: string }): StoredTranscriptRecord {
  const base = parseStored(StoredTranscriptRecordSchema, value, where);
  return { ...base, transcript: parseStored(suiteOf(suites, suiteId, where).schemas.transcript, base.transcript, where) };
}

/** One transcript read out of a `transcript_batches` record, checked with the schema of the run's suite. */
export function parseBatchedTranscript(suites: SuiteSchemaSource, suiteId: string, value: unknown, where: { store: string; key: string }): TranscriptCore {
  return parseStored(suiteOf(suites, suiteId, where).schemas.transcript, value, where);
}
