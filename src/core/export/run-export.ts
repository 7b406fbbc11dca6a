/**
 * The run export (issue 4): one versioned JSON file per run, for sharing, archiving and importing
 * into another browser. It is a superset of the page's run download (status, error, manifest, rows,
 * metrics, transcripts at the top level, RunBundleSchema), so `proving-ground verify` and `score`
 * read it as they read a download; the added blocks say which build wrote it, which suite and bank
 * it ran on, give one summary line per task, and carry a content hash.
 *
 * The manifest already holds the agent and model configuration without secrets (the endpoint is
 * reduced to scheme/host/path, extra headers to their names), the settings (seed, P3 variant,
 * budgets, filter) and the run's dates.
 *
 * content_sha256 is SHA-256 over the canonical JSON of {manifest, rows, metrics, transcripts} — the
 * same value `verify` prints — so it names the content and catches accidental damage. Anyone who
 * edits a file can recompute it; replay verification is the real check.
 */
import { z } from 'zod';
import { RunManifestSchema, type RunManifest } from '../veh/run/manifest.ts';
import { SuiteMetricsSchema } from '../suite/metrics.ts';
import { TranscriptSchema, type Transcript } from '../veh/run/transcript.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { VehRowSchema, type VehRow } from '../veh/rows.ts';
import { contentHash } from '../verify/canonical-json.ts';
import { TaskSummarySchema, summariseTasks } from './task-summary.ts';

export const RUN_EXPORT_FORMAT = 'proving-ground/run-export';
/** Bump on any change a reader of version 1 could misread; the importer names versions it cannot read. */
export const RUN_EXPORT_VERSION = 1;

export const RunExportSchema = z.strictObject({
  format: z.literal(RUN_EXPORT_FORMAT),
  format_version: z.literal(RUN_EXPORT_VERSION),
  exported_at: z.string(),
  build: z.strictObject({
    app_version: z.string(),
    /** The page's build (the hashed name of its entry script); null where none is known (CLI, dev server). */
    build_id: z.string().nullable(),
  }),
  suite: z.strictObject({
    id: z.literal('veh'),
    /** The bank generator's version when the exporting build shipped the run's bank; null otherwise. */
    version: z.string().nullable(),
    bank_hash: z.string(),
  }),
  // The page download's fields, unchanged.
  status: z.enum(['completed', 'cancelled', 'failed']),
  error: z.string().nullable(),
  manifest: RunManifestSchema,
  rows: z.array(VehRowSchema),
  metrics: SuiteMetricsSchema,
  transcripts: z.array(TranscriptSchema),
  /** Derived from rows and transcripts (task-summary.ts); an importer recomputes and compares it. */
  tasks: z.array(TaskSummarySchema),
  content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type RunExport = z.infer<typeof RunExportSchema>;

/** A finished run as the store or the run engine holds it. */
export interface RunContent {
  status: 'completed' | 'cancelled' | 'failed';
  error: string | null;
  manifest: RunManifest;
  rows: readonly VehRow[];
  metrics: SuiteMetrics;
  transcripts: readonly Transcript[];
}

export interface ExportMeta {
  /** ISO date (injected clock). */
  exported_at: string;
  app_version: string;
  build_id: string | null;
  suite_version: string | null;
}

/** Transcripts in run order: the order verify hashes them in, whatever order they were read in. */
export function orderedTranscripts(transcripts: readonly Transcript[]): Transcript[] {
  return transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
}

/** SHA-256 of the canonical JSON of the run's content, as verifyRun computes it (dedupe key, damage check). */
export function runContentHash(run: Pick<RunContent, 'manifest' | 'rows' | 'metrics' | 'transcripts'>): string {
  return contentHash({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: orderedTranscripts(run.transcripts) });
}

export function buildRunExport(run: RunContent, meta: ExportMeta): RunExport {
  const transcripts = orderedTranscripts(run.transcripts);
  return {
    format: RUN_EXPORT_FORMAT,
    format_version: RUN_EXPORT_VERSION,
    exported_at: meta.exported_at,
    build: { app_version: meta.app_version, build_id: meta.build_id },
    suite: { id: 'veh', version: meta.suite_version, bank_hash: run.manifest.bank_hash },
    status: run.status,
    error: run.error,
    manifest: run.manifest,
    rows: [...run.rows],
    metrics: run.metrics,
    transcripts,
    tasks: summariseTasks(run.rows, transcripts),
    content_sha256: runContentHash({ ...run, transcripts }),
  };
}

/** File names for a run's downloads: the run id, made safe for every file system. */
export function exportFileStem(runId: string): string {
  return runId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'run';
}
