/**
 * `proving-ground verify FILE|DIR ...`: replay verification of result files (src/core/verify).
 * Accepts a run downloaded from the page (one JSON bundle), a run folder (results.json with
 * transcripts/ beside it) or the path of such a results.json. For each: re-grades every task from
 * its transcript, re-executes every logged oracle call on a fresh Node oracle (WASM when built,
 * else the bit-identical reference) and checks the task snapshots and bank hash against the bank
 * this build ships (--bank DIR, default public/banks/veh).
 *
 * Exit codes: 0 when every file is verified; 1 when any file is a mismatch or unverifiable (only
 * `verified` passes: a CI gate must not accept a file it could not check; the printed outcome tells
 * the two apart); 2 on a usage error or a file that cannot be read (missing, oversized, truncated,
 * not valid against the schema).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { DEFAULT_VEH_BANK_DIR, RESULTS_JSON, TRANSCRIPTS_DIR, bankHash, bankTextReader } from '../../src/adapters/node/run-files.ts';
import { createNodeVehOracle } from '../../src/adapters/node/veh-wasm.ts';
import type { Transcript } from '../../src/core/veh/run/transcript.ts';
import type { VehOracle } from '../../src/core/veh/run/types.ts';
import { loadVehBank } from '../../src/core/veh/bank/load.ts';
import { ImportError, MAX_IMPORT_BYTES, checkImportSize, describeIssues, parseJsonText, parseTranscriptText, resultFileKind } from '../../src/core/verify/import.ts';
import { HASH_NOTE, formatDiff, verifyRun, type ShippedBank, type VerifyInput, type VerifyReport } from '../../src/core/verify/verify.ts';
import { ResultsFileSchema, RunBundleSchema } from '../../src/core/veh/run/results-file.ts';
import { RUN_EXPORT_FORMAT } from '../../src/core/export/run-export.ts';
import { circuitResultsPath, verifyCircuitTarget, type CircuitVerifyTargetDeps } from './verify-circuit.ts';

export const VERIFY_USAGE = 'usage: proving-ground verify [--bank DIR] [--json] FILE|DIR ...   (a run .json downloaded from the page, a run folder, or its results.json)';

/** Lines printed per task before "… and N more". */
const MAX_DIFFS_SHOWN = 8;

export interface VerifyCommandDeps {
  /** Makes the fresh oracle for each file (default: the Node WASM oracle, reference fallback). */
  oracle?: () => VehOracle | Promise<VehOracle>;
  /** Size limit per file in bytes (default MAX_IMPORT_BYTES). */
  maxBytes?: number;
  /** Circuit runs: their oracle and shipped bank (default: Node circuit oracle, public/banks/circuit). */
  circuit?: CircuitVerifyTargetDeps;
}

class UnreadableError extends Error {}

async function readChecked(path: string, maxBytes: number): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new UnreadableError(`${path} not found`);
  if (!info.isFile()) throw new UnreadableError(`${path} is not a file`);
  checkImportSize(path, info.size, maxBytes);
  return readFile(path, 'utf8');
}

async function readTranscriptsChecked(dir: string, maxBytes: number): Promise<Transcript[]> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  const names = await readdir(tdir).catch(() => null);
  if (names === null) throw new UnreadableError(`${tdir} not found: a run folder needs its transcripts beside results.json`);
  const files = names.filter((n) => n.endsWith('.json')).sort();
  const out: Transcript[] = [];
  for (const name of files) {
    const path = join(tdir, name);
    out.push(parseTranscriptText(path, await readChecked(path, maxBytes), maxBytes));
  }
  return out;
}

/** Reads a bundle, a run folder or a results.json into what verifyRun takes. */
async function readTarget(target: string, maxBytes: number): Promise<{ input: VerifyInput; kind: string }> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new UnreadableError(`${target} not found`);
  if (info.isDirectory()) {
    const file = join(target, RESULTS_JSON);
    const results = await readResults(file, maxBytes, `${target} has no ${RESULTS_JSON}`);
    return { input: { results, transcripts: await readTranscriptsChecked(target, maxBytes) }, kind: 'run folder' };
  }
  const raw = parseJsonText(target, await readChecked(target, maxBytes), maxBytes);
  const kind = resultFileKind(raw);
  if (kind === 'results' || (kind === 'unknown' && basename(target) === RESULTS_JSON)) {
    const parsed = ResultsFileSchema.safeParse(raw);
    if (!parsed.success) throw new ImportError(`${target} is not a valid results.json: ${describeIssues(parsed.error.issues)}`);
    return { input: { results: parsed.data, transcripts: await readTranscriptsChecked(dirname(target), maxBytes) }, kind: 'results.json + transcripts' };
  }
  const parsed = RunBundleSchema.safeParse(raw);
  if (!parsed.success) throw new ImportError(`${target} is not a valid run download: ${describeIssues(parsed.error.issues)}`);
  // A run export (src/core/export) is a superset of the download: same fields, plus build, suite, summary and hash.
  const isExport = typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format === RUN_EXPORT_FORMAT;
  return { input: { results: parsed.data, transcripts: parsed.data.transcripts }, kind: isExport ? 'run export' : 'run download' };
}

async function readResults(file: string, maxBytes: number, missing: string) {
  const info = await stat(file).catch(() => null);
  if (!info) throw new UnreadableError(missing);
  const raw = parseJsonText(file, await readChecked(file, maxBytes), maxBytes);
  const parsed = ResultsFileSchema.safeParse(raw);
  if (!parsed.success) throw new ImportError(`${file} is not a valid results.json: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

async function loadShippedBank(dir: string, io: CommandIo): Promise<ShippedBank | null> {
  try {
    const { tasks } = await loadVehBank(bankTextReader(dir));
    return { hash: await bankHash(dir), tasks };
  } catch (e) {
    io.stderr(`verify: cannot load the bank at ${dir} (${(e as Error).message}); bank checks will be unverifiable`);
    return null;
  }
}

const OUTCOME_WORD = { verified: 'VERIFIED', mismatch: 'MISMATCH', unverifiable: 'UNVERIFIABLE' } as const;

export function reportLines(target: string, kind: string, input: VerifyInput, r: VerifyReport, backend: string): string[] {
  const m = input.results.manifest;
  const lines = [
    `${target} (${kind}): ${OUTCOME_WORD[r.outcome]}`,
    `  run ${m.run_id}: agent ${m.agent.id}, ${input.results.rows.length} rows, ${input.transcripts.length} transcripts, seed ${m.seed}, bank ${m.bank_hash.slice(0, 16)}…, oracle ${m.oracle_backend}`,
    `  tasks: ${r.counts.verified} verified, ${r.counts.mismatch} mismatch, ${r.counts.unverifiable} unverifiable`,
    `  re-grade: metrics ${r.metric_diffs.length === 0 ? 'equal the recomputation' : `${r.metric_diffs.length} differ`}`,
    `  re-execute: ${r.oracle_calls} oracle calls replayed on a fresh ${backend} oracle`,
  ];
  for (const reason of r.unverifiable) lines.push(`  unverifiable: ${reason}`);
  for (const d of r.file_diffs) lines.push(`  file: ${formatDiff(d)}`);
  for (const d of r.metric_diffs) lines.push(`  metric ${formatDiff(d)}`);
  for (const t of r.tasks) {
    if (t.outcome === 'verified') continue;
    if (t.outcome === 'mismatch') {
      lines.push(`  mismatch ${t.task_id}:`);
      for (const d of t.diffs.slice(0, MAX_DIFFS_SHOWN)) lines.push(`    [${d.check}] ${formatDiff(d)}`);
      if (t.diffs.length > MAX_DIFFS_SHOWN) lines.push(`    … and ${t.diffs.length - MAX_DIFFS_SHOWN} more`);
    } else if (r.unverifiable.length === 0) {
      // File-level reasons already say why every task is unverifiable; list per task only otherwise.
      lines.push(`  unverifiable ${t.task_id}: ${t.unverifiable.join('; ')}`);
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
  const bank = await loadShippedBank(values.bank ?? DEFAULT_VEH_BANK_DIR, io);
  let code = 0;
  const reports: unknown[] = [];
  for (const target of positionals) {
    // A circuit run (results.json suite "circuit") has its own schemas, oracle and bank: verify-circuit.ts.
    const circuitResults = await circuitResultsPath(target);
    if (circuitResults !== null) {
      try {
        const c = await verifyCircuitTarget(circuitResults, maxBytes, io, deps.circuit);
        const kind = circuitResults === target ? 'circuit results.json + transcripts' : 'circuit run folder';
        if (values.json) reports.push({ target, kind, oracle_backend: c.backend, ...c.report });
        // reportLines reads only fields both manifests share (run_id, agent.id, seed, bank_hash, oracle_backend).
        else io.stdout(reportLines(target, kind, c.input as unknown as VerifyInput, c.report, c.backend).join('\n'));
        if (c.report.outcome !== 'verified' && code === 0) code = 1;
      } catch (e) {
        if (!(e instanceof ImportError)) throw e;
        io.stderr(`verify: ${e.message}`);
        code = EXIT_USAGE;
        reports.push({ target, error: e.message });
      }
      continue;
    }
    let read: { input: VerifyInput; kind: string };
    try {
      read = await readTarget(target, maxBytes);
    } catch (e) {
      if (!(e instanceof UnreadableError || e instanceof ImportError)) throw e;
      io.stderr(`verify: ${e.message}`);
      code = EXIT_USAGE;
      reports.push({ target, error: e.message });
      continue;
    }
    const oracle = await (deps.oracle ?? createNodeVehOracle)();
    const report = await verifyRun(read.input, { oracle, bank });
    if (values.json) reports.push({ target, kind: read.kind, oracle_backend: oracle.backendId, ...report });
    else io.stdout(reportLines(target, read.kind, read.input, report, oracle.backendId).join('\n'));
    if (report.outcome !== 'verified' && code === 0) code = 1;
  }
  if (values.json) io.stdout(JSON.stringify(reports, null, 2));
  return code;
}
