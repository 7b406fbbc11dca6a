/**
 * `proving-ground score DIR` (or `score FILE.json`, a run downloaded from the page): re-derives
 * every row from the saved transcripts alone, recomputes every metric, prints them, and checks
 * them against the run's saved metrics. Exit 0 when they agree (or there is nothing to compare
 * with), 1 when a metric differs (each differing metric is named), 2 on a usage error.
 */
import { stat } from 'node:fs/promises';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { diffMetrics } from '../../src/core/run/compare-metrics.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import { scoreTranscripts } from '../../src/core/veh/run/score.ts';
import type { Transcript } from '../../src/core/veh/run/transcript.ts';
import type { SuiteMetrics } from '../../src/core/suite/metrics.ts';
import { readResultsFile, readRunBundle, readTranscripts } from '../../src/adapters/node/run-files.ts';
import { isCircuitRunDir, scoreCircuitDir } from './run-circuit.ts';

const USAGE = 'usage: proving-ground score DIR   (a run directory, or a run .json downloaded from the page)';

function runSeedOf(transcripts: readonly Transcript[]): number {
  const seeds = new Set(transcripts.map((t) => t.settings.run_seed));
  if (seeds.size !== 1) throw new Error(`transcripts come from ${seeds.size} different run seeds (${[...seeds].join(', ')}); score one run at a time`);
  return [...seeds][0] as number;
}

export async function scoreCommand(args: string[], io: CommandIo): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseFlags(args, {}, true));
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'DIR is required' : `expected one DIR, got ${positionals.length}`);
  } catch (e) {
    io.stderr(`score: ${usageMessage(e)}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const target = positionals[0] as string;
  const info = await stat(target).catch(() => null);
  if (!info) {
    io.stderr(`score: ${target} not found`);
    return EXIT_USAGE;
  }
  // A circuit audit run has its own transcript and results schemas (suite 'circuit').
  if (info.isDirectory() && (await isCircuitRunDir(target))) return scoreCircuitDir(target, io);
  let transcripts: Transcript[];
  let saved: SuiteMetrics | null;
  let savedRows: number | null;
  if (info.isDirectory()) {
    transcripts = await readTranscripts(target);
    const results = await readResultsFile(target);
    saved = results?.metrics ?? null;
    savedRows = results?.rows.length ?? null;
  } else {
    const bundle = await readRunBundle(target);
    transcripts = bundle.transcripts;
    saved = bundle.metrics;
    savedRows = bundle.rows.length;
  }
  if (transcripts.length === 0) {
    io.stderr(`score: no transcripts in ${target}`);
    return EXIT_USAGE;
  }
  const { rows, metrics } = scoreTranscripts(transcripts, runSeedOf(transcripts));
  io.stdout(`rescored ${rows.length} tasks from transcripts alone`);
  io.stdout(metricsText(metrics));
  io.stdout(`headline: ${headlineLine(metrics)}`);
  if (saved === null) {
    io.stdout('no results.json to compare with');
    return 0;
  }
  const diffs = diffMetrics(saved, metrics);
  if (savedRows !== null && savedRows !== rows.length) diffs.unshift(`row count: results.json ${savedRows} vs transcripts ${rows.length}`);
  if (diffs.length === 0) {
    io.stdout('metrics equal the saved results: yes');
    return 0;
  }
  io.stdout(`metrics equal the saved results: NO (${diffs.length} differences)`);
  for (const d of diffs) io.stdout(`  ${d}`);
  return 1;
}
