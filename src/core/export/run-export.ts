/**
 * The run export (issue 4): one versioned JSON file per run, for sharing, archiving and importing
 * into another browser. It is a superset of the page's run download (status, error, manifest, rows,
 * metrics, transcripts at the top level, src/core/suite/files.ts), so `proving-ground verify` and
 * `score` read it as they read a download; the added blocks say which build wrote it, which suite
 * and bank it ran on, give one summary line per task, and carry a content hash.
 *
 * Version 2 (the suite contract) names any registered suite in `suite.id` and validates the
 * manifest, rows and transcripts with that suite's schemas; its task lines name their `group`.
 * Version 1 files (VEHBench only, task lines with `probe`) still import (legacy-export.ts).
 *
 * The manifest already holds the agent and model configuration without secrets (the endpoint is
 * reduced to scheme/host/path, extra headers to their names), the settings (seed, suite options,
 * budgets, filter) and the run's dates.
 *
 * content_sha256 is SHA-256 over the canonical JSON of {manifest, rows, metrics, transcripts} — the
 * same value `verify` prints — so it names the content and catches accidental damage. Anyone who
 * edits a file can recompute it: it proves nothing against a forger. Replay verification is the real check.
 *
 * `signature` (optional, issue 17) binds that same content to a key: the public key and a signature
 * over the canonical JSON content_sha256 hashes (src/core/verify/signing.ts); export-signature.ts
 * checks it. It says who vouches for the content, not that the content is right. An unsigned
 * export has no `signature` key at all, so it is byte-identical to one written before signing existed.
 */
import { z } from 'zod';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { AnySuite } from '../suite/contract.ts';
import { SuiteMetricsSchema, type SuiteMetrics } from '../suite/metrics.ts';
import { contentHash } from '../verify/canonical-json.ts';
import { ContentSignatureSchema, PublicSigningKeySchema, type ContentSignature, type PublicSigningKey } from '../verify/signing.ts';
import { TaskSummarySchema, summariseTasks } from './task-summary.ts';

export const RUN_EXPORT_FORMAT = 'proving-ground/run-export';
/** Bump on any change a reader of the previous version could misread; the importer names versions it cannot read. */
export const RUN_EXPORT_VERSION = 2;

const BuildSchema = z.strictObject({
  app_version: z.string(),
  /** The page's build (the hashed name of its entry script); null where none is known (CLI, dev server). */
  build_id: z.string().nullable(),
});

/** Who vouches for the content: the signer's public key and its signature over the content_sha256 bytes. */
export const ExportSignatureSchema = z.strictObject({ public_key: PublicSigningKeySchema, signature: ContentSignatureSchema });
export interface ExportSignature {
  public_key: PublicSigningKey;
  signature: ContentSignature;
}

/** The export's fields, with the suite's parts as the given schemas (a suite's, or `unknown` before the suite is known). */
function exportShape<M extends z.ZodType, R extends z.ZodType, T extends z.ZodType>(parts: { manifest: M; row: R; transcript: T }) {
  return z.strictObject({
    format: z.literal(RUN_EXPORT_FORMAT),
    format_version: z.literal(RUN_EXPORT_VERSION),
    exported_at: z.string(),
    build: BuildSchema,
    suite: z.strictObject({
      id: z.string().min(1),
      /** The bank generator's version when the exporting build shipped the run's bank; null otherwise. */
      version: z.string().nullable(),
      bank_hash: z.string(),
    }),
    // The page download's fields, unchanged.
    status: z.enum(['completed', 'cancelled', 'failed']),
    error: z.string().nullable(),
    manifest: parts.manifest,
    rows: z.array(parts.row),
    metrics: SuiteMetricsSchema,
    transcripts: z.array(parts.transcript),
    /** Derived from rows and transcripts (task-summary.ts); an importer recomputes and compares it. */
    tasks: z.array(TaskSummarySchema),
    content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    signature: ExportSignatureSchema.optional(),
  });
}

/** The export as read before its suite is looked up: the suite's parts unchecked. */
export const RunExportEnvelopeSchema = exportShape({ manifest: z.unknown(), row: z.unknown(), transcript: z.unknown() });

/** The export of a run of `suite`: its manifest, rows and transcripts checked with the suite's schemas. */
export function runExportSchemaOf(suite: AnySuite) {
  return exportShape({ manifest: suite.schemas.manifest, row: suite.schemas.row, transcript: suite.schemas.transcript });
}

export interface RunExport {
  format: typeof RUN_EXPORT_FORMAT;
  format_version: typeof RUN_EXPORT_VERSION;
  exported_at: string;
  build: z.infer<typeof BuildSchema>;
  suite: { id: string; version: string | null; bank_hash: string };
  status: 'completed' | 'cancelled' | 'failed';
  error: string | null;
  manifest: ManifestCore;
  rows: { task_id: string }[];
  metrics: SuiteMetrics;
  transcripts: TranscriptCore[];
  tasks: z.infer<typeof TaskSummarySchema>[];
  content_sha256: string;
  /** Absent on an unsigned export (the key is left out, not null). */
  signature?: ExportSignature;
}

/** A finished run as the store or the run engine holds it. */
export interface RunContent {
  status: 'completed' | 'cancelled' | 'failed';
  error: string | null;
  manifest: ManifestCore;
  rows: readonly { task_id: string }[];
  metrics: SuiteMetrics;
  transcripts: readonly TranscriptCore[];
}

export interface ExportMeta {
  /** ISO date (injected clock). */
  exported_at: string;
  app_version: string;
  build_id: string | null;
  suite_version: string | null;
}

/** Transcripts in run order: the order verify hashes them in, whatever order they were read in. */
export function orderedTranscripts<T extends TranscriptCore>(transcripts: readonly T[]): T[] {
  return transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
}

/** What content_sha256 hashes and a signature signs: the run's content, transcripts in run order. */
export function runContentOf(run: Pick<RunContent, 'manifest' | 'rows' | 'metrics' | 'transcripts'>): { manifest: ManifestCore; rows: readonly { task_id: string }[]; metrics: SuiteMetrics; transcripts: TranscriptCore[] } {
  return { manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: orderedTranscripts(run.transcripts) };
}

/** SHA-256 of the canonical JSON of the run's content, as verifyRun computes it (dedupe key, damage check). */
export function runContentHash(run: Pick<RunContent, 'manifest' | 'rows' | 'metrics' | 'transcripts'>): string {
  return contentHash(runContentOf(run));
}

export function buildRunExport(suite: AnySuite, run: RunContent, meta: ExportMeta): RunExport {
  if (run.manifest.suite !== suite.descriptor.id) throw new Error(`buildRunExport: the run is of suite "${run.manifest.suite}", not "${suite.descriptor.id}"`);
  const transcripts = orderedTranscripts(run.transcripts);
  return {
    format: RUN_EXPORT_FORMAT,
    format_version: RUN_EXPORT_VERSION,
    exported_at: meta.exported_at,
    build: { app_version: meta.app_version, build_id: meta.build_id },
    suite: { id: suite.descriptor.id, version: meta.suite_version, bank_hash: run.manifest.bank_hash },
    status: run.status,
    error: run.error,
    manifest: run.manifest,
    rows: [...run.rows],
    metrics: run.metrics,
    transcripts,
    tasks: summariseTasks(suite.scoring, run.rows, transcripts),
    content_sha256: runContentHash({ ...run, transcripts }),
  };
}

/** File names for a run's downloads: the run id, made safe for every file system. */
export function exportFileStem(runId: string): string {
  return runId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'run';
}
