/**
 * `proving-ground verify FILE|DIR ...`: replay verification of result files (src/core/verify), of
 * any suite: each file's manifest names its suite, whose schemas, oracle and bank are then used.
 * Accepts a run downloaded from the page (one JSON bundle), a run export, a run folder
 * (results.json with transcripts/ beside it) or the path of such a results.json. For each:
 * re-grades every task from its transcript, re-executes every logged oracle call on a fresh Node
 * oracle (WASM when built, else the bit-identical reference) and checks the task snapshots and
 * bank hash against the bank this build ships (--bank DIR, default public/banks/<suite>).
 *
 * Exit codes: 0 when every file is verified; 1 when any file is a mismatch or unverifiable (only
 * `verified` passes: a CI gate must not accept a file it could not check; the printed outcome tells
 * the two apart; a run export the page's import would refuse — wrong content_sha256, a task summary
 * line that contradicts its row, a signature block that does not verify — is a mismatch); 2 on a usage error or a file that cannot be read
 * (missing, oversized, truncated, nested deeper than 200 levels, not valid against the schema).
 *
 * A run export's optional signature (src/core/verify/export-signature.ts) is reported on its own
 * line: "signed by <key>", or "unsigned" (the content hash alone proves nothing against a forger).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { RESULTS_JSON, TRANSCRIPTS_DIR } from '../../src/adapters/node/run-files.ts';
import { createNodeEnvironment, defaultBankDir, loadShippedBank } from '../../src/adapters/node/suite-environments.ts';
import type { SuiteEnvironment } from '../../src/core/run/types.ts';
import type { TranscriptCore } from '../../src/core/run/transcript-core.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { parseSuiteBundle, parseSuiteResults, parseSuiteTranscript, suiteIdOfFile, type ResultsContent } from '../../src/core/suite/files.ts';
import { UnknownSuiteError, type SuiteRegistry } from '../../src/core/suite/registry.ts';
import { SUITES } from '../../src/core/suites.ts';
import { ImportError, MAX_IMPORT_BYTES, checkImportSize, parseJsonText, resultFileKind } from '../../src/core/verify/import.ts';
import { HASH_NOTE, formatDiff, printable, verifyRun, type ShippedBank, type VerifyInput, type VerifyReport } from '../../src/core/verify/verify.ts';
import { RUN_EXPORT_FORMAT } from '../../src/core/export/run-export.ts';
import { parseRunFile } from '../../src/core/export/import-run.ts';
import { VERDICT_TEXT } from '../../src/core/verify/rederive.ts';
import { checkExportSignature, signatureStateText, type ExportSignatureState } from '../../src/core/verify/export-signature.ts';

export const VERIFY_USAGE = 'usage: proving-ground verify [--bank DIR] [--json] FILE|DIR ...   (a run .json downloaded from the page, a run folder, or its results.json)';

/** Lines printed per task before "… and N more". */
const MAX_DIFFS_SHOWN = 8;

export interface VerifyCommandDeps {
  /** Makes the fresh environment (oracle) for each file (default: the suite's Node WASM oracle, reference fallback). */
  environment?: (suite: AnySuite) => SuiteEnvironment | Promise<SuiteEnvironment>;
  /** The shipped bank to check against (default: the suite's bank under public/banks, or --bank DIR). */
  bank?: (suite: AnySuite) => ShippedBank | null | Promise<ShippedBank | null>;
  /** Size limit per file in bytes (default MAX_IMPORT_BYTES). */
  maxBytes?: number;
  /** The suites a file may belong to (default: every suite this build ships). */
  suites?: SuiteRegistry;
}

type Input = VerifyInput<{ task_id: string }, TranscriptCore, ResultsContent['manifest']>;

class UnreadableError extends Error {}

async function readChecked(path: string, maxBytes: number): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new UnreadableError(`${path} not found`);
  if (!info.isFile()) throw new UnreadableError(`${path} is not a file`);
  checkImportSize(path, info.size, maxBytes);
  return readFile(path, 'utf8');
}

async function readTranscriptsChecked(suite: AnySuite, dir: string, maxBytes: number): Promise<TranscriptCore[]> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  const names = await readdir(tdir).catch(() => null);
  if (names === null) throw new UnreadableError(`${tdir} not found: a run folder needs its transcripts beside results.json`);
  const files = names.filter((n) => n.endsWith('.json')).sort();
  const out: TranscriptCore[] = [];
  for (const name of files) {
    const path = join(tdir, name);
    out.push(parseSuiteTranscript(suite, path, parseJsonText(path, await readChecked(path, maxBytes), maxBytes)));
  }
  return out;
}

/** The suite a parsed file belongs to, by its manifest; an unknown suite is an unreadable file. */
function suiteOf(suites: SuiteRegistry, what: string, raw: unknown): AnySuite {
  const id = suiteIdOfFile(raw);
  if (id === null) throw new ImportError(`${what} names no suite (no manifest.suite): not a Proving Ground result file`);
  try {
    return suites.get(id);
  } catch (e) {
    if (e instanceof UnknownSuiteError) throw new ImportError(`${what}: ${e.message}`);
    throw e;
  }
}

interface Target {
  suite: AnySuite;
  input: Input;
  kind: string;
  /** A run export the page's import refuses (its content_sha256 or a task summary contradicts the content): why. */
  refused?: string;
  /** A run export's signature state (checked only where the page would import the file). */
  signature?: ExportSignatureState;
}

/**
 * The page's own import check of a run export (src/core/export/import-run.ts: content_sha256 and
 * one summary line per task recomputed from rows and transcripts), so the CLI accepts no export the
 * page would refuse, for every suite's export (the registry gives each file's suite); then, as the
 * page does, the signature check beside it.
 */
async function pageImportCheck(target: string, text: string, maxBytes: number): Promise<{ refused: string } | { signature: ExportSignatureState }> {
  let run;
  try {
    run = parseRunFile(SUITES, target, text, maxBytes);
  } catch (e) {
    if (e instanceof ImportError) return { refused: e.message };
    throw e;
  }
  return { signature: await checkExportSignature(run, globalThis.crypto.subtle) };
}

/** Which field the page's refusal names (content_sha256, tasks.N, …), for the report's path. */
function refusedField(message: string): string {
  const task = /\btasks\.(\d+)/.exec(message);
  if (task) return `tasks[${task[1]}] (export summary line)`;
  if (message.includes('content_sha256')) return 'content_sha256';
  return 'export';
}

/** Reads a bundle, a run folder or a results.json into what verifyRun takes, with its suite. */
async function readTarget(suites: SuiteRegistry, target: string, maxBytes: number): Promise<Target> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new UnreadableError(`${target} not found`);
  if (info.isDirectory()) {
    const file = join(target, RESULTS_JSON);
    if (!(await stat(file).catch(() => null))) throw new UnreadableError(`${target} has no ${RESULTS_JSON}`);
    const raw = parseJsonText(file, await readChecked(file, maxBytes), maxBytes);
    const suite = suiteOf(suites, file, raw);
    return { suite, input: { results: parseSuiteResults(suite, file, raw), transcripts: await readTranscriptsChecked(suite, target, maxBytes) }, kind: 'run folder' };
  }
  const text = await readChecked(target, maxBytes);
  const raw = parseJsonText(target, text, maxBytes);
  const kind = resultFileKind(raw);
  const suite = suiteOf(suites, target, raw);
  if (kind === 'results' || (kind === 'unknown' && basename(target) === RESULTS_JSON)) {
    return { suite, input: { results: parseSuiteResults(suite, target, raw), transcripts: await readTranscriptsChecked(suite, dirname(target), maxBytes) }, kind: 'results.json + transcripts' };
  }
  const bundle = parseSuiteBundle(suite, target, raw);
  // A run export (src/core/export) is a superset of the download: same fields, plus build, suite, summary and hash.
  const isExport = typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === RUN_EXPORT_FORMAT;
  if (!isExport) return { suite, input: { results: bundle, transcripts: bundle.transcripts }, kind: 'run download' };
  const checked = await pageImportCheck(target, text, maxBytes);
  return { suite, input: { results: bundle, transcripts: bundle.transcripts }, kind: 'run export', ...checked };
}

async function shippedBankOrNull(suite: AnySuite, dir: string, io: CommandIo): Promise<ShippedBank | null> {
  try {
    return await loadShippedBank(suite, dir);
  } catch (e) {
    io.stderr(`verify: cannot load the ${suite.bankNoun} at ${dir} (${(e as Error).message}); bank checks will be unverifiable`);
    return null;
  }
}

const OUTCOME_WORD = { verified: 'VERIFIED', mismatch: 'MISMATCH', unverifiable: 'UNVERIFIABLE' } as const;

export function reportLines(target: string, kind: string, input: Input, r: VerifyReport, backend: string, signature?: ExportSignatureState): string[] {
  const m = input.results.manifest;
  const p = printable;
  const lines = [
    `${p(target)} (${kind}): ${OUTCOME_WORD[r.outcome]}`,
    `  run ${p(m.run_id)} (suite ${p(m.suite)}): agent ${p(m.agent.id)}, ${input.results.rows.length} rows, ${input.transcripts.length} transcripts, seed ${m.seed}, bank ${p(m.bank_hash.slice(0, 16))}…, oracle ${p(m.oracle_backend)}`,
    `  tasks: ${r.counts.verified} verified, ${r.counts.mismatch} mismatch, ${r.counts.unverifiable} unverifiable`,
    `  re-grade: metrics ${r.metric_diffs.length === 0 ? 'equal the recomputation' : `${r.metric_diffs.length} differ`}`,
    `  re-execute: ${r.oracle_calls} oracle calls replayed on a fresh ${backend} oracle`,
    `  replies: ${r.verdict === null ? 'not re-run (episodes re-graded from their transcripts only)' : VERDICT_TEXT[r.verdict]}`,
  ];
  if (signature !== undefined) lines.push(`  signature: ${p(signatureStateText(signature))}`);
  for (const reason of r.unverifiable) lines.push(`  unverifiable: ${p(reason)}`);
  for (const d of r.file_diffs.slice(0, MAX_DIFFS_SHOWN)) lines.push(`  file: ${formatDiff(d)}`);
  if (r.file_diffs.length > MAX_DIFFS_SHOWN) lines.push(`  file: … and ${r.file_diffs.length - MAX_DIFFS_SHOWN} more`);
  for (const d of r.metric_diffs) lines.push(`  metric ${formatDiff(d)}`);
  for (const t of r.tasks) {
    if (t.outcome === 'verified') continue;
    if (t.outcome === 'mismatch') {
      lines.push(`  mismatch ${p(t.task_id)}:`);
      for (const d of t.diffs.slice(0, MAX_DIFFS_SHOWN)) lines.push(`    [${d.check}] ${formatDiff(d)}`);
      if (t.diffs.length > MAX_DIFFS_SHOWN) lines.push(`    … and ${t.diffs.length - MAX_DIFFS_SHOWN} more`);
    } else if (r.unverifiable.length === 0) {
      // File-level reasons already say why every task is unverifiable; list per task only otherwise.
      lines.push(`  unverifiable ${p(t.task_id)}: ${p(t.unverifiable.join('; '))}`);
    }
  }
  lines.push(`  content sha256 ${r.content_sha256}`, `  note: ${HASH_NOTE}`);
  return lines;
}

export async function verifyCommand(args: string[], io: CommandIo, deps: VerifyCommandDeps = {}): Promise<number> {
  let positionals: string[];
  let values: { bank?: string; json?: boolean };
  try {
    ({ positionals, values } = parseFlags(args, { bank: { type: 'string' }, json: { type: 'boolean' } }, true));
    if (positionals.length === 0) throw new UsageError('FILE or DIR is required');
  } catch (e) {
    io.stderr(`verify: ${usageMessage(e)}\n${VERIFY_USAGE}`);
    return EXIT_USAGE;
  }
  const maxBytes = deps.maxBytes ?? MAX_IMPORT_BYTES;
  const suites = deps.suites ?? SUITES;
  // One shipped bank per suite, loaded the first time a file of that suite needs it.
  const banks = new Map<string, Promise<ShippedBank | null>>();
  const bankFor = (suite: AnySuite): Promise<ShippedBank | null> => {
    const id = suite.descriptor.id;
    let b = banks.get(id);
    if (!b) {
      b = deps.bank ? Promise.resolve(deps.bank(suite)) : shippedBankOrNull(suite, values.bank ?? defaultBankDir(suite), io);
      banks.set(id, b);
    }
    return b;
  };
  let code = 0;
  const reports: unknown[] = [];
  for (const target of positionals) {
    let read: Target;
    try {
      read = await readTarget(suites, target, maxBytes);
    } catch (e) {
      if (!(e instanceof UnreadableError || e instanceof ImportError)) throw e;
      io.stderr(`verify: ${e.message}`);
      code = EXIT_USAGE;
      reports.push({ target, error: e.message });
      continue;
    }
    const env = await (deps.environment ?? createNodeEnvironment)(read.suite);
    let report;
    try {
      report = await verifyRun(read.suite, read.input, { env, bank: await bankFor(read.suite) });
    } finally {
      // An environment's worker threads (the photonics solver, the design evaluator) stop with it.
      if (!deps.environment) await (env as { dispose?: () => Promise<void> }).dispose?.();
    }
    if (read.refused !== undefined) {
      // The page would import nothing from this file: a mismatch, whatever the replay found.
      report.file_diffs.unshift({ check: 'file', path: refusedField(read.refused), claimed: 'what the export says', recomputed: 'refused by the page import', note: read.refused });
      report.outcome = 'mismatch';
    }
    if (read.signature?.state === 'bad') {
      // A signature that does not verify is a false claim of who vouches: a failure, not "unsigned".
      report.file_diffs.unshift({ check: 'file', path: 'signature', claimed: 'a valid signature over the content', recomputed: 'bad signature', note: read.signature.reason });
      report.outcome = 'mismatch';
    }
    const signature = read.signature !== undefined ? { signature: read.signature } : {};
    if (values.json) reports.push({ target, kind: read.kind, suite: read.suite.descriptor.id, oracle_backend: env.backendId, ...signature, ...report });
    else io.stdout(reportLines(target, read.kind, read.input, report, env.backendId, read.signature).join('\n'));
    if (report.outcome !== 'verified' && code === 0) code = 1;
  }
  if (values.json) io.stdout(JSON.stringify(reports, null, 2));
  return code;
}
