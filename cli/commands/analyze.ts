/**
 * `proving-ground analyze KIND RUN...`: the VEHBench analyses (paired deltas, response-control
 * profiles, stage-aware routing, SG gap, CMA-ES ratio) over saved runs. A RUN is a run directory
 * (its results.json), a results.json, or a run downloaded from the page. Prints each table as text,
 * or as CSV with --csv. Exit 0 on success, 1 when a run cannot be read, 2 on a usage error.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, parseNumberFlag, parseSeed, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { RESULTS_JSON } from '../../src/adapters/node/run-files.ts';
import { ResultsFileSchema, RunBundleSchema } from '../../src/core/veh/run/results-file.ts';
import { DEFAULT_RUN_SEED } from '../../src/core/run/types.ts';
import { ANALYSIS_KINDS, checkRunCount, isAnalysisKind, runAnalysis } from '../../src/core/analyses/analyses.ts';
import type { AnalysisRun } from '../../src/core/analyses/analysis-run.ts';
import { tableToCsv } from '../../src/core/analyses/csv.ts';
import { tableToText } from '../../src/core/analyses/text.ts';
import { circuitPairedTable, type CircuitPairedRun } from '../../src/core/analyses/circuit-paired.ts';
import { circuitProfileTable } from '../../src/core/analyses/circuit-profiles.ts';
import { CIRCUIT_ANALYSIS_KINDS, circuitRunFromJson, looksLikeCircuitResults } from '../../src/core/analyses/circuit-run.ts';
import type { AnalysisTable } from '../../src/core/analyses/table.ts';

export const ANALYZE_USAGE = `usage: proving-ground analyze ${ANALYSIS_KINDS.join('|')} RUN_DIR... [--csv] [--seed N] [--resamples N]`;

/** A run directory, results.json or page download, validated; the error names the file and the first problem. */
export async function readAnalysisRun(path: string): Promise<AnalysisRun> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new Error(`${path} not found`);
  const file = info.isDirectory() ? join(path, RESULTS_JSON) : path;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`, { cause: e });
  }
  const results = ResultsFileSchema.safeParse(json);
  if (results.success) return { run_id: results.data.manifest.run_id, manifest: results.data.manifest, rows: results.data.rows };
  const bundle = RunBundleSchema.safeParse(json);
  if (bundle.success) return { run_id: bundle.data.manifest.run_id, manifest: bundle.data.manifest, rows: bundle.data.rows };
  throw new Error(`${file} is neither a results.json nor a run download: ${results.error.issues[0]?.message ?? 'schema mismatch'}`);
}

/**
 * The circuit run behind a path, or null when the path is not a circuit results.json (including
 * unreadable paths: readAnalysisRun then reports those with the usual message).
 */
export async function readCircuitRunIfAny(path: string): Promise<CircuitPairedRun | null> {
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  const file = info.isDirectory() ? join(path, RESULTS_JSON) : path;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return null;
  }
  return looksLikeCircuitResults(json) ? circuitRunFromJson(json, file) : null;
}

/** Circuit runs support profiles and paired only; mixing circuit and VEH runs is a usage error. */
function circuitTables(kind: string, runs: readonly (CircuitPairedRun | null)[], opts: { seed: number; resamples?: number }): AnalysisTable[] {
  const circuit = runs.filter((r): r is CircuitPairedRun => r !== null);
  if (circuit.length !== runs.length) throw new UsageError('circuit and VEH runs cannot be analysed together');
  if (kind === 'profiles') return [circuitProfileTable(circuit)];
  if (kind === 'paired') return [circuitPairedTable(circuit[0] as CircuitPairedRun, circuit[1] as CircuitPairedRun, opts)];
  throw new UsageError(`"${kind}" is not available for circuit runs (circuit runs support: ${CIRCUIT_ANALYSIS_KINDS.join(', ')})`);
}

export async function analyzeCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let kind: (typeof ANALYSIS_KINDS)[number];
  let paths: string[];
  let csv: boolean;
  let seed: number;
  let resamples: number | undefined;
  try {
    const { values, positionals } = parseFlags(args, { csv: { type: 'boolean' }, seed: { type: 'string' }, resamples: { type: 'string' } }, true);
    const [k, ...rest] = positionals;
    if (k === undefined) throw new UsageError('an analysis is required');
    if (!isAnalysisKind(k)) throw new UsageError(`unknown analysis "${k}" (one of ${ANALYSIS_KINDS.join(', ')})`);
    kind = k;
    paths = rest;
    const problem = checkRunCount(kind, paths.length);
    if (problem !== null) throw new UsageError(problem);
    csv = values.csv === true;
    seed = parseSeed(values.seed, DEFAULT_RUN_SEED);
    // Appendix Q's deltas use 10,000 resamples; the default (2,000) matches the run metrics.
    resamples = parseNumberFlag('--resamples', values.resamples, 'an integer ≥ 100');
    if (resamples !== undefined && !(Number.isInteger(resamples) && resamples >= 100)) throw new UsageError(`--resamples must be an integer ≥ 100, got "${values.resamples}"`);
  } catch (e) {
    io.stderr(`analyze: ${usageMessage(e)}\n${ANALYZE_USAGE}`);
    return EXIT_USAGE;
  }
  let circuitRuns: (CircuitPairedRun | null)[];
  try {
    circuitRuns = await Promise.all(paths.map(readCircuitRunIfAny));
  } catch (e) {
    io.stderr(`analyze: ${(e as Error).message}`);
    return 1;
  }
  if (circuitRuns.some((r) => r !== null)) {
    let tables: AnalysisTable[];
    try {
      tables = circuitTables(kind, circuitRuns, { seed, ...(resamples !== undefined ? { resamples } : {}) });
    } catch (e) {
      io.stderr(`analyze: ${usageMessage(e)}\n${ANALYZE_USAGE}`);
      return EXIT_USAGE;
    }
    io.stdout(tables.map((t) => (csv ? `# ${t.title}\r\n${tableToCsv(t)}` : tableToText(t))).join('\n\n'));
    return 0;
  }
  let runs: AnalysisRun[];
  try {
    runs = await Promise.all(paths.map(readAnalysisRun));
  } catch (e) {
    io.stderr(`analyze: ${(e as Error).message}`);
    return 1;
  }
  const tables = runAnalysis(kind, runs, { seed, ...(resamples !== undefined ? { resamples } : {}) });
  io.stdout(tables.map((t) => (csv ? `# ${t.title}\r\n${tableToCsv(t)}` : tableToText(t))).join('\n\n'));
  return 0;
}
