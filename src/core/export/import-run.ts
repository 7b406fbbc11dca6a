/**
 * Reading a run file for import into the store (the page's file picker, drag and drop and
 * `?results=<url>`). Accepts the versioned export (run-export.ts; version 1 files of VEHBench runs
 * too) and the page download of any registered suite; anything else — malformed, truncated,
 * oversized, a results.json without transcripts, a newer format version, a suite this build does
 * not have, a file that contradicts itself — gets an ImportError that names the problem, before
 * anything is stored. Built on the verify importer's size limit, truncation hint and issue paths
 * (src/core/verify/import.ts); which suite a file belongs to comes from its manifest, and its
 * parts are validated with that suite's schemas.
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { TranscriptCore } from '../run/transcript-core.ts';
import type { AnySuite } from '../suite/contract.ts';
import { parseSuiteBundle, suiteIdOfFile } from '../suite/files.ts';
import type { SuiteMetrics } from '../suite/metrics.ts';
import { canonicalJson } from '../verify/canonical-json.ts';
import { ImportError, describeIssues, parseJsonText, resultFileKind } from '../verify/import.ts';
import { upgradeExportV1 } from './legacy-export.ts';
import { RUN_EXPORT_FORMAT, RUN_EXPORT_VERSION, RunExportEnvelopeSchema, orderedTranscripts, runContentHash, runExportSchemaOf, type ExportSignature, type RunExport } from './run-export.ts';
import { summariseTasks } from './task-summary.ts';

/** Where an importer finds suites: the registry (src/core/suite/registry.ts). */
export interface SuiteSource {
  has(id: string): boolean;
  get(id: string): AnySuite;
  ids(): string[];
}

export interface ImportedRun {
  kind: 'export' | 'download';
  /** The suite the run belongs to (its manifest's `suite`). */
  suite: string;
  status: 'completed' | 'cancelled' | 'failed';
  error: string | null;
  manifest: ManifestCore;
  rows: { task_id: string }[];
  metrics: SuiteMetrics;
  /** In run order (task_index). */
  transcripts: TranscriptCore[];
  /** runContentHash of the content: the dedupe key of `?results=` imports. */
  content_sha256: string;
  /**
   * An export's signature block, as the file has it, unchecked: checking it is async (WebCrypto),
   * so the caller awaits checkExportSignature (src/core/verify/export-signature.ts) beside this sync parse.
   */
  signature?: ExportSignature;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function suiteNamed(suites: SuiteSource, what: string, id: string | null): AnySuite {
  if (id === null) throw new ImportError(`${what} names no suite (its manifest has no "suite")`);
  if (!suites.has(id)) throw new ImportError(`${what} is a run of suite "${id}", which this build does not have (it has ${suites.ids().join(', ')})`);
  return suites.get(id);
}

/** A run the store can hold: one transcript per row, in the same order, indices 0..n-1 without gaps or repeats. */
function checkConsistent(what: string, rows: readonly { task_id: string }[], transcripts: readonly TranscriptCore[]): void {
  if (rows.length !== transcripts.length) {
    throw new ImportError(`${what} is inconsistent: ${rows.length} rows but ${transcripts.length} transcripts (every task needs both)`);
  }
  transcripts.forEach((t, i) => {
    if (t.settings.task_index !== i) throw new ImportError(`${what} is inconsistent: transcripts.${i} has task_index ${t.settings.task_index}, expected ${i} (indices must run 0..${transcripts.length - 1} without gaps or repeats)`);
    const row = rows[i];
    if (row && row.task_id !== t.task.task_id) throw new ImportError(`${what} is inconsistent: rows.${i} is task ${row.task_id} but its transcript is task ${t.task.task_id}`);
  });
}

/**
 * Checks an export against itself: suite, bank, content hash and every task line re-derived. The
 * same checks serve the page's import and the CLI's verify of an export.
 */
export function checkRunExport(suites: SuiteSource, what: string, raw: Record<string, unknown>): { suite: AnySuite; file: RunExport; transcripts: TranscriptCore[]; hash: string } {
  const version = raw.format_version;
  const current = version === 1 ? upgradeExportV1(what, raw) : raw;
  if (version !== 1 && version !== RUN_EXPORT_VERSION) {
    throw new ImportError(`${what} is run export format_version ${JSON.stringify(version)}; this build reads versions 1 and ${RUN_EXPORT_VERSION} (a newer Proving Ground wrote it?)`);
  }
  const envelope = RunExportEnvelopeSchema.safeParse(current);
  if (!envelope.success) throw new ImportError(`${what} is not a valid run export: ${describeIssues(envelope.error.issues)}`);
  const suite = suiteNamed(suites, what, envelope.data.suite.id);
  const parsed = runExportSchemaOf(suite).safeParse(current);
  if (!parsed.success) throw new ImportError(`${what} is not a valid run export: ${describeIssues(parsed.error.issues)} (suite ${suite.descriptor.id})`);
  const file = parsed.data as RunExport;
  if (file.manifest.suite !== file.suite.id) throw new ImportError(`${what} is inconsistent: suite.id ${file.suite.id} differs from manifest.suite ${file.manifest.suite}`);
  const transcripts = orderedTranscripts(file.transcripts);
  checkConsistent(what, file.rows, transcripts);
  if (file.suite.bank_hash !== file.manifest.bank_hash) throw new ImportError(`${what} is inconsistent: suite.bank_hash ${file.suite.bank_hash} differs from manifest.bank_hash ${file.manifest.bank_hash}`);
  const hash = runContentHash(file);
  if (hash !== file.content_sha256) {
    throw new ImportError(`${what} does not match its content_sha256 (file says ${file.content_sha256.slice(0, 16)}…, content hashes to ${hash.slice(0, 16)}…): it was damaged or changed after export. Nothing was imported.`);
  }
  const tasks = summariseTasks(suite.scoring, file.rows, transcripts);
  const badTask = tasks.findIndex((t, i) => canonicalJson(t) !== canonicalJson(file.tasks[i]));
  if (badTask >= 0 || tasks.length !== file.tasks.length) {
    const at = badTask >= 0 ? badTask : Math.min(tasks.length, file.tasks.length);
    throw new ImportError(`${what} is inconsistent: tasks.${at} (the summary line of ${tasks[at]?.task_id ?? 'a task'}) does not match its row and transcript`);
  }
  return { suite, file, transcripts, hash };
}

function fromExport(suites: SuiteSource, what: string, raw: Record<string, unknown>): ImportedRun {
  const { suite, file, transcripts, hash } = checkRunExport(suites, what, raw);
  return { kind: 'export', suite: suite.descriptor.id, status: file.status, error: file.error, manifest: file.manifest, rows: file.rows, metrics: file.metrics, transcripts, content_sha256: hash, ...(file.signature !== undefined ? { signature: file.signature } : {}) };
}

function fromDownload(suites: SuiteSource, what: string, raw: unknown): ImportedRun {
  const suite = suiteNamed(suites, what, suiteIdOfFile(raw));
  const b = parseSuiteBundle(suite, what, raw);
  const transcripts = orderedTranscripts(b.transcripts);
  checkConsistent(what, b.rows, transcripts);
  return { kind: 'download', suite: suite.descriptor.id, status: b.status, error: b.error ?? null, manifest: b.manifest, rows: b.rows, metrics: b.metrics, transcripts, content_sha256: runContentHash({ ...b, transcripts }) };
}

/**
 * Parses and validates a run file's text; throws ImportError naming what is wrong. `onParsed` is
 * called once the JSON has parsed, before the checks (schema, content hash, task lines), so a caller
 * can report which of the two a long import is in.
 */
export function parseRunFile(suites: SuiteSource, what: string, text: string, maxBytes?: number, onParsed?: () => void): ImportedRun {
  const raw = parseJsonText(what, text, maxBytes);
  onParsed?.();
  if (isRecord(raw) && 'format' in raw) {
    if (raw.format !== RUN_EXPORT_FORMAT) throw new ImportError(`${what} has format ${JSON.stringify(raw.format)}; expected "${RUN_EXPORT_FORMAT}"`);
    return fromExport(suites, what, raw);
  }
  const kind = resultFileKind(raw);
  if (kind === 'bundle') return fromDownload(suites, what, raw);
  if (kind === 'results') throw new ImportError(`${what} is a results.json, which holds no transcripts; import the run's JSON export or page download instead (\`proving-ground verify\` reads run folders)`);
  throw new ImportError(`${what} is not a Proving Ground run file: expected a run export ("format": "${RUN_EXPORT_FORMAT}") or a page download (manifest, rows, metrics, transcripts)`);
}
