/**
 * Node file access for suite runs: reading a bank directory, writing a run's output directory
 * (results.json, results.md, transcripts/<task_id>.json) and reading it back for `score`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VehRunResult as RunResult } from '../../core/veh/run/run-veh.ts';
import { ResultsFileSchema, RunBundleSchema, type ResultsFile, type RunBundle } from '../../core/veh/run/results-file.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { SuiteMetrics } from '../../core/suite/metrics.ts';
import { parseSuiteTranscript } from '../../core/suite/files.ts';
import { parseJsonText } from '../../core/verify/import.ts';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';

/** Resolved from this file, so the CLI finds the banks from any working directory. */
export const DEFAULT_VEH_BANK_DIR = fileURLToPath(new URL('../../../public/banks/veh', import.meta.url));
/** Where the circuit audit banks live (public/banks/circuit). */
export const DEFAULT_CIRCUIT_BANK_DIR = fileURLToPath(new URL('../../../public/banks/circuit', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));

export const RESULTS_JSON = 'results.json';
export const RESULTS_MD = 'results.md';
export const TRANSCRIPTS_DIR = 'transcripts';

export async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** The reader loadVehBank expects: bank-relative file name → text. */
export function bankTextReader(dir: string): (file: string) => Promise<string> {
  return async (file) => {
    try {
      return await readFile(join(dir, file), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`bank file ${join(dir, file)} not found (generate the banks first)`, { cause: e });
      throw e;
    }
  };
}

/** sha256 of the bank's manifest.json bytes: names exactly which bank a run used. */
export async function bankHash(dir: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(join(dir, 'manifest.json')))
    .digest('hex');
}

/**
 * Parses a file's JSON, naming the file when it is not JSON: a zero-byte or truncated transcript
 * (a crash, a full disk) used to surface as a bare "Unexpected end of JSON input".
 */
export function parseJsonFile(file: string, text: string): unknown {
  // No size limit here: these are the CLI's own run files; `verify` applies the import limit.
  return parseJsonText(file, text, Number.POSITIVE_INFINITY);
}

/** Task ids may hold characters that are not safe in file names. */
export function transcriptFileName(taskId: string): string {
  return `${taskId.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}

/** What a run folder holds, for any suite: the run's manifest, rows, metrics and transcripts. */
export interface RunOutput {
  manifest: unknown;
  rows: readonly unknown[];
  metrics: SuiteMetrics;
  transcripts: readonly TranscriptCore[];
}

/**
 * Replaces `target` by the folder `fresh` with renames only (issue 21): the earlier folder is moved
 * aside, the new one renamed in, the earlier one removed — so at every moment one whole run is on
 * disk. `target` may be absent.
 */
export async function replaceDir(fresh: string, target: string): Promise<void> {
  const aside = join(dirname(target), `.${basename(target)}.old-${process.pid}`);
  let existed = true;
  try {
    await rename(target, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    existed = false;
  }
  await rename(fresh, target);
  if (existed) await rm(aside, { recursive: true, force: true });
}

async function writeRunFiles(suite: AnySuite, dir: string, result: RunOutput): Promise<void> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  await mkdir(tdir, { recursive: true });
  const used = new Set<string>();
  const writes: Promise<void>[] = [];
  for (const t of result.transcripts) {
    let name = transcriptFileName(t.task.task_id);
    for (let k = 2; used.has(name); k++) name = transcriptFileName(`${t.task.task_id}~${k}`);
    used.add(name);
    writes.push(writeFile(join(tdir, name), `${JSON.stringify(t, null, 2)}\n`));
  }
  await Promise.all(writes);
  const content = result as Parameters<AnySuite['results']['build']>[0];
  await writeFile(join(dir, RESULTS_JSON), `${JSON.stringify(suite.results.build(content), null, 2)}\n`);
  await writeFile(join(dir, RESULTS_MD), suite.results.markdown(content));
}

/**
 * Writes a whole run folder at once (merge, tests, benches): results.json, results.md and one
 * transcript per task. An absent or empty `dir` is written in place; a folder holding an earlier run
 * is replaced only once the new one is written in full beside it (replaceDir), so a crash never
 * leaves two runs mixed or the earlier one half-deleted. A non-empty folder holding no run is
 * refused: replacing it would delete its files. (`run` writes as it goes: run-dir.ts.)
 */
export async function writeSuiteRunOutput(suite: AnySuite, dir: string, result: RunOutput): Promise<{ transcripts: number }> {
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  if (names.length === 0) {
    await writeRunFiles(suite, dir, result);
    return { transcripts: result.transcripts.length };
  }
  if (!names.includes(RESULTS_JSON)) throw new Error(`${dir} is not empty and holds no run (no ${RESULTS_JSON}): give a new or empty folder`);
  const fresh = join(dirname(dir), `.${basename(dir)}.write-${process.pid}`);
  await rm(fresh, { recursive: true, force: true });
  await writeRunFiles(suite, fresh, result);
  await replaceDir(fresh, dir);
  return { transcripts: result.transcripts.length };
}

/** A VEH run folder (tests and benches that run VEH directly). */
export function writeRunOutput(dir: string, result: RunResult): Promise<{ transcripts: number }> {
  return writeSuiteRunOutput(vehSuite, dir, result);
}

/** The suite's transcripts of a run folder, validated (sorted by file name; callers order by task_index). */
export async function readSuiteTranscripts(suite: AnySuite, dir: string): Promise<TranscriptCore[]> {
  const tdir = join(dir, TRANSCRIPTS_DIR);
  let names: string[];
  try {
    names = (await readdir(tdir)).filter((n) => n.endsWith('.json')).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tdir} not found`, { cause: e });
    throw e;
  }
  return Promise.all(names.map(async (name) => parseSuiteTranscript(suite, join(tdir, name), parseJsonFile(join(tdir, name), await readFile(join(tdir, name), 'utf8')))));
}

/** A VEH run folder's transcripts (validated with VEH's transcript schema). */
export async function readTranscripts(dir: string): Promise<Transcript[]> {
  return (await readSuiteTranscripts(vehSuite, dir)) as Transcript[];
}

/** results.json of a run directory, or null when there is none. */
export async function readResultsFile(dir: string): Promise<ResultsFile | null> {
  let text: string;
  try {
    text = await readFile(join(dir, RESULTS_JSON), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  return ResultsFileSchema.parse(parseJsonFile(join(dir, RESULTS_JSON), text));
}

/** A page download (one JSON file holding a whole run, transcripts included). */
export async function readRunBundle(file: string): Promise<RunBundle> {
  const parsed = RunBundleSchema.safeParse(parseJsonFile(file, await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a run download: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
  return parsed.data;
}
