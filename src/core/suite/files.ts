/**
 * Reading a suite's run files (results.json, transcripts, the page's single-file download) with
 * the suite's own schemas. Which suite a file belongs to is read from its manifest before anything
 * is validated; an error names the file and every problem, and nothing is stored or run on a file
 * that fails.
 */
import { z } from 'zod';
import type { AnySuite } from './contract.ts';
import { SuiteMetricsSchema, type SuiteMetrics } from './metrics.ts';
import { ImportError, describeIssues } from '../verify/import.ts';
import type { TaskUsage } from '../run/usage.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The suite id a parsed result file names: its manifest's `suite` (results.json, downloads and
 * exports all carry the manifest), else an export's `suite.id`; null when it names none.
 */
export function suiteIdOfFile(raw: unknown): string | null {
  if (!isRecord(raw)) return null;
  const manifest = Object.hasOwn(raw, 'manifest') ? raw.manifest : undefined;
  if (isRecord(manifest) && Object.hasOwn(manifest, 'suite') && typeof manifest.suite === 'string') return manifest.suite;
  const suite = Object.hasOwn(raw, 'suite') ? raw.suite : undefined;
  if (isRecord(suite) && Object.hasOwn(suite, 'id') && typeof suite.id === 'string') return suite.id;
  return null;
}

function validate<T>(suite: AnySuite, what: string, kind: string, schema: z.ZodType<T>, raw: unknown): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ImportError(`${what} is not a valid ${kind}: ${describeIssues(parsed.error.issues)} (suite ${suite.descriptor.id})`);
  return parsed.data;
}

export interface ResultsContent {
  manifest: ManifestCore;
  rows: { task_id: string }[];
  metrics: SuiteMetrics;
  task_usage?: TaskUsage[] | undefined;
}

export function parseSuiteResults(suite: AnySuite, what: string, raw: unknown): ResultsContent {
  return validate(suite, what, 'results.json', suite.results.schema, raw) as ResultsContent;
}

export function parseSuiteTranscript(suite: AnySuite, what: string, raw: unknown): TranscriptCore {
  return validate(suite, what, 'transcript', suite.schemas.transcript, raw);
}

export interface BundleContent {
  status: 'completed' | 'cancelled' | 'failed';
  error?: string | null | undefined;
  manifest: ManifestCore;
  rows: { task_id: string }[];
  metrics: SuiteMetrics;
  transcripts: TranscriptCore[];
}

/** The page's single-file download (a whole run result); a run export is a superset of it. */
export function bundleSchemaOf(suite: AnySuite) {
  return z.object({
    status: z.enum(['completed', 'cancelled', 'failed']),
    error: z.string().nullable().optional(),
    manifest: suite.schemas.manifest,
    rows: z.array(suite.schemas.row),
    metrics: SuiteMetricsSchema,
    transcripts: z.array(suite.schemas.transcript),
  });
}

export function parseSuiteBundle(suite: AnySuite, what: string, raw: unknown): BundleContent {
  return validate(suite, what, 'run download', bundleSchemaOf(suite), raw) as BundleContent;
}
