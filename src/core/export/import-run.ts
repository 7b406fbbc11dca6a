/**
 * Reading a run file for import into the store (the page's file picker, drag and drop and
 * `?results=<url>`). Accepts the versioned export (run-export.ts) and the older page download
 * (RunBundleSchema); anything else — malformed, truncated, oversized, a results.json without
 * transcripts, a newer format version, a file that contradicts itself — gets an ImportError that
 * names the problem, before anything is stored. Built on the verify importer's size limit,
 * truncation hint and issue paths (src/core/verify/import.ts).
 */
import { RunBundleSchema } from '../veh/run/results-file.ts';
import type { RunManifest } from '../veh/run/manifest.ts';
import type { Transcript } from '../veh/run/transcript.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import type { VehRow } from '../veh/rows.ts';
import { canonicalJson } from '../verify/canonical-json.ts';
import { ImportError, describeIssues, parseJsonText, resultFileKind } from '../verify/import.ts';
import { RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION, RunExportSchema, orderedTranscripts, runContentHash } from './run-export.ts';
import { summariseTasks } from './task-summary.ts';

export interface ImportedRun {
  kind: 'export' | 'download';
  status: 'completed' | 'cancelled' | 'failed';
  error: string | null;
  manifest: RunManifest;
  rows: VehRow[];
  metrics: SuiteMetrics;
  /** In run order (task_index). */
  transcripts: Transcript[];
  /** runContentHash of the content: the dedupe key of `?results=` imports. */
  content_sha256: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A run the store can hold: one transcript per row, in the same order, indices 0..n-1 without gaps or repeats. */
function checkConsistent(what: string, rows: readonly VehRow[], transcripts: readonly Transcript[]): void {
  if (rows.length !== transcripts.length) {
    throw new ImportError(`${what} is inconsistent: ${rows.length} rows but ${transcripts.length} transcripts (every task needs both)`);
  }
  transcripts.forEach((t, i) => {
    if (t.settings.task_index !== i) throw new ImportError(`${what} is inconsistent: transcripts.${i} has task_index ${t.settings.task_index}, expected ${i} (indices must run 0..${transcripts.length - 1} without gaps or repeats)`);
    const row = rows[i];
    if (row && row.task_id !== t.task.task_id) throw new ImportError(`${what} is inconsistent: rows.${i} is task ${row.task_id} but its transcript is task ${t.task.task_id}`);
  });
}

function fromExport(what: string, raw: Record<string, unknown>): ImportedRun {
  if (raw.format_version !== RUN_EXPORT_VERSION) {
    throw new ImportError(`${what} is run export format_version ${JSON.stringify(raw.format_version)}; this build reads version ${RUN_EXPORT_VERSION} (a newer Proving Ground wrote it?)`);
  }
  const parsed = RunExportSchema.safeParse(raw);
  if (!parsed.success) throw new ImportError(`${what} is not a valid run export: ${describeIssues(parsed.error.issues)}`);
  const file = parsed.data;
  const transcripts = orderedTranscripts(file.transcripts);
  checkConsistent(what, file.rows, transcripts);
  if (file.suite.bank_hash !== file.manifest.bank_hash) throw new ImportError(`${what} is inconsistent: suite.bank_hash ${file.suite.bank_hash} differs from manifest.bank_hash ${file.manifest.bank_hash}`);
  const hash = runContentHash(file);
  if (hash !== file.content_sha256) {
    throw new ImportError(`${what} does not match its content_sha256 (file says ${file.content_sha256.slice(0, 16)}…, content hashes to ${hash.slice(0, 16)}…): it was damaged or changed after export. Nothing was imported.`);
  }
  const tasks = summariseTasks(file.rows, transcripts);
  const badTask = tasks.findIndex((t, i) => canonicalJson(t) !== canonicalJson(file.tasks[i]));
  if (badTask >= 0 || tasks.length !== file.tasks.length) {
    const at = badTask >= 0 ? badTask : Math.min(tasks.length, file.tasks.length);
    throw new ImportError(`${what} is inconsistent: tasks.${at} (the summary line of ${tasks[at]?.task_id ?? 'a task'}) does not match its row and transcript`);
  }
  return { kind: 'export', status: file.status, error: file.error, manifest: file.manifest, rows: file.rows, metrics: file.metrics, transcripts, content_sha256: hash };
}

function fromDownload(what: string, raw: unknown): ImportedRun {
  const parsed = RunBundleSchema.safeParse(raw);
  if (!parsed.success) throw new ImportError(`${what} is not a valid run download: ${describeIssues(parsed.error.issues)}`);
  const b = parsed.data;
  const transcripts = orderedTranscripts(b.transcripts);
  checkConsistent(what, b.rows, transcripts);
  return { kind: 'download', status: b.status, error: b.error ?? null, manifest: b.manifest, rows: b.rows, metrics: b.metrics, transcripts, content_sha256: runContentHash({ ...b, transcripts }) };
}

/** Parses and validates a run file's text; throws ImportError naming what is wrong. */
export function parseRunFile(what: string, text: string, maxBytes?: number): ImportedRun {
  const raw = parseJsonText(what, text, maxBytes);
  if (isRecord(raw) && 'format' in raw) {
    if (raw.format !== RUN_EXPORT_FORMAT) throw new ImportError(`${what} has format ${JSON.stringify(raw.format)}; expected "${RUN_EXPORT_FORMAT}"`);
    return fromExport(what, raw);
  }
  const kind = resultFileKind(raw);
  if (kind === 'bundle') return fromDownload(what, raw);
  if (kind === 'results') throw new ImportError(`${what} is a results.json, which holds no transcripts; import the run's JSON export or page download instead (\`proving-ground verify\` reads run folders)`);
  throw new ImportError(`${what} is not a Proving Ground run file: expected a run export ("format": "${RUN_EXPORT_FORMAT}") or a page download (manifest, rows, metrics, transcripts)`);
}

