/**
 * `proving-ground analyze KIND RUN...`: a suite's analyses over saved runs (VEHBench: paired deltas,
 * response-control profiles, stage-aware routing, SG gap, CMA-ES ratio; the circuit audit: profiles
 * and paired deltas). A RUN is a run directory (its results.json), a results.json, or a run
 * downloaded from the page; which suite it belongs to is read from its manifest, and every run must
 * be of the same suite. Prints each table as text, or as CSV with --csv. Exit 0 on success, 1 when a
 * run cannot be read, 2 on a usage error.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, parseNumberFlag, parseSeed, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { RESULTS_JSON } from '../../src/adapters/node/run-files.ts';
import { DEFAULT_RUN_SEED } from '../../src/core/run/types.ts';
import { analysisOf, checkRunCount, runSuiteAnalysis, type AnalysisInput } from '../../src/core/analyses/suite-analyses.ts';
import { tableToCsv } from '../../src/core/analyses/csv.ts';
import { tableToText } from '../../src/core/analyses/text.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { parseSuiteBundle, suiteIdOfFile } from '../../src/core/suite/files.ts';
import { SUITES } from '../../src/core/suites.ts';

/** Every analysis kind some suite offers, in registry order. */
const ALL_KINDS = [...new Set(SUITES.list().flatMap((s) => s.analyses.map((a) => a.kind)))];

export const ANALYZE_USAGE = `usage: proving-ground analyze ${ALL_KINDS.join('|')} RUN_DIR... [--csv] [--seed N] [--resamples N]`;

interface SuiteRun {
  suite: AnySuite;
  run: AnalysisInput;
}

/** A run directory, results.json or page download, validated with its suite's schemas; the error names the file and the first problem. */
export async function readAnalysisRun(path: string): Promise<SuiteRun> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new Error(`${path} not found`);
  const file = info.isDirectory() ? join(path, RESULTS_JSON) : path;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`, { cause: e });
  }
  const id = suiteIdOfFile(json);
  if (id === null || !SUITES.has(id)) throw new Error(`${file} is neither a results.json nor a run download${id === null ? ' (it names no suite)' : ` (suite "${id}" is not one of ${SUITES.ids().join(', ')})`}`);
  const suite = SUITES.get(id);
  const results = suite.results.schema.safeParse(json);
  if (results.success) return { suite, run: { run_id: results.data.manifest.run_id, manifest: results.data.manifest, rows: results.data.rows } };
  try {
    const bundle = parseSuiteBundle(suite, file, json);
    return { suite, run: { run_id: bundle.manifest.run_id, manifest: bundle.manifest, rows: bundle.rows } };
  } catch {
    throw new Error(`${file} is neither a results.json nor a run download of suite ${id}: ${results.error.issues[0]?.message ?? 'schema mismatch'}`);
  }
}

export async function analyzeCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let kind: string;
  let paths: string[];
  let csv: boolean;
  let seed: number;
  let resamples: number | undefined;
  try {
    const { values, positionals } = parseFlags(args, { csv: { type: 'boolean' }, seed: { type: 'string' }, resamples: { type: 'string' } }, true);
    const [k, ...rest] = positionals;
    if (k === undefined) throw new UsageError('an analysis is required');
    if (!ALL_KINDS.includes(k)) throw new UsageError(`unknown analysis "${k}" (one of ${ALL_KINDS.join(', ')})`);
    kind = k;
    paths = rest;
    if (paths.length === 0) throw new UsageError('at least one RUN_DIR is required');
    csv = values.csv === true;
    seed = parseSeed(values.seed, DEFAULT_RUN_SEED);
    // Appendix Q's deltas use 10,000 resamples; the default (2,000) matches the run metrics.
    resamples = parseNumberFlag('--resamples', values.resamples, 'an integer ≥ 100');
    if (resamples !== undefined && !(Number.isInteger(resamples) && resamples >= 100)) throw new UsageError(`--resamples must be an integer ≥ 100, got "${values.resamples}"`);
  } catch (e) {
    io.stderr(`analyze: ${usageMessage(e)}\n${ANALYZE_USAGE}`);
    return EXIT_USAGE;
  }
  let runs: SuiteRun[];
  try {
    runs = await Promise.all(paths.map(readAnalysisRun));
  } catch (e) {
    io.stderr(`analyze: ${(e as Error).message}`);
    return 1;
  }
  const suite = runs[0]?.suite;
  let tables;
  try {
    if (!suite) throw new UsageError('at least one RUN_DIR is required');
    const other = runs.find((r) => r.suite !== suite);
    if (other) throw new UsageError(`runs of different suites (${suite.descriptor.id}, ${other.suite.descriptor.id}) cannot be analysed together`);
    const analysis = (() => {
      try {
        return analysisOf(suite, kind);
      } catch {
        throw new UsageError(`"${kind}" is not available for ${suite.descriptor.id} runs (${suite.descriptor.id} runs support: ${suite.analyses.map((a) => a.kind).join(', ')})`);
      }
    })();
    const problem = checkRunCount(analysis, runs.length);
    if (problem !== null) throw new UsageError(problem);
    tables = runSuiteAnalysis(suite, kind, runs.map((r) => r.run), { seed, ...(resamples !== undefined ? { resamples } : {}) });
  } catch (e) {
    io.stderr(`analyze: ${usageMessage(e)}\n${ANALYZE_USAGE}`);
    return EXIT_USAGE;
  }
  io.stdout(tables.map((t) => (csv ? `# ${t.title}\r\n${tableToCsv(t)}` : tableToText(t))).join('\n\n'));
  return 0;
}
