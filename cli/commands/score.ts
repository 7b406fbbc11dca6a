/**
 * `proving-ground score DIR` (or `score FILE.json`, a run downloaded from the page), for any suite:
 * re-derives every row from the saved transcripts alone, recomputes every metric, prints them, and
 * checks them against the run's saved metrics. The suite is the one the run's manifest names. Exit
 * 0 when they agree (or there is nothing to compare with), 1 when a metric differs (each differing
 * metric is named), 2 on a usage error or an unreadable run.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT_USAGE, UsageError, parseFlags, usageMessage } from '../args.ts';
import type { CommandIo } from '../io.ts';
import { diffMetrics } from '../../src/core/run/compare-metrics.ts';
import { headlineLine, metricsText } from '../../src/core/run/metrics-text.ts';
import type { TranscriptCore } from '../../src/core/run/transcript-core.ts';
import type { AnySuite } from '../../src/core/suite/contract.ts';
import { parseSuiteBundle, parseSuiteResults, suiteIdOfFile } from '../../src/core/suite/files.ts';
import type { SuiteMetrics } from '../../src/core/suite/metrics.ts';
import { SUITES } from '../../src/core/suites.ts';
import { RESULTS_JSON, parseJsonFile, readSuiteTranscripts } from '../../src/adapters/node/run-files.ts';

const USAGE = 'usage: proving-ground score DIR   (a run directory, or a run .json downloaded from the page)';

function runSeedOf(transcripts: readonly TranscriptCore[]): number {
  const seeds = new Set(transcripts.map((t) => t.settings.run_seed));
  if (seeds.size !== 1) throw new Error(`transcripts come from ${seeds.size} different run seeds (${[...seeds].join(', ')}); score one run at a time`);
  return [...seeds][0] as number;
}

/** Rows re-derived in run order, then every metric recomputed: scoring from transcripts alone. */
export function scoreSuiteTranscripts(suite: AnySuite, transcripts: readonly TranscriptCore[], seed: number): { rows: { task_id: string }[]; metrics: SuiteMetrics } {
  const ordered = transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
  const rows = ordered.map((t) => suite.deriveRow(t));
  return { rows, metrics: suite.computeMetrics(rows, { seed }) };
}

interface ScoreTarget {
  suite: AnySuite;
  transcripts: TranscriptCore[];
  saved: SuiteMetrics | null;
  savedRows: number | null;
}

async function readJson(file: string): Promise<unknown> {
  return parseJsonFile(file, await readFile(file, 'utf8'));
}

async function readScoreTarget(target: string, isDir: boolean): Promise<ScoreTarget> {
  if (isDir) {
    const file = join(target, RESULTS_JSON);
    const raw = (await stat(file).catch(() => null)) ? await readJson(file) : null;
    // Without results.json the transcripts are scored as VEH's, the default suite.
    const suite = SUITES.get(raw === null ? 'veh' : (suiteIdOfFile(raw) ?? 'veh'));
    const results = raw === null ? null : parseSuiteResults(suite, file, raw);
    return { suite, transcripts: await readSuiteTranscripts(suite, target), saved: results?.metrics ?? null, savedRows: results?.rows.length ?? null };
  }
  const raw = await readJson(target);
  const suite = SUITES.get(suiteIdOfFile(raw) ?? 'veh');
  const bundle = parseSuiteBundle(suite, target, raw);
  return { suite, transcripts: bundle.transcripts, saved: bundle.metrics, savedRows: bundle.rows.length };
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
  let read: ScoreTarget;
  try {
    read = await readScoreTarget(target, info.isDirectory());
  } catch (e) {
    io.stderr(`score: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const { suite, transcripts, saved, savedRows } = read;
  if (transcripts.length === 0) {
    io.stderr(`score: no transcripts in ${target}`);
    return EXIT_USAGE;
  }
  const { rows, metrics } = scoreSuiteTranscripts(suite, transcripts, runSeedOf(transcripts));
  io.stdout(`rescored ${rows.length} ${suite.descriptor.id} tasks from transcripts alone`);
  io.stdout(metricsText(metrics, suite.groups));
  io.stdout(`headline: ${headlineLine(metrics, suite.groups)}`);
  if (saved === null) {
    io.stdout('no results.json to compare with');
    return 0;
  }
  const diffs = diffMetrics(saved, metrics, suite.groups.ids);
  if (savedRows !== null && savedRows !== rows.length) diffs.unshift(`row count: results.json ${savedRows} vs transcripts ${rows.length}`);
  if (diffs.length === 0) {
    io.stdout('metrics equal the saved results: yes');
    return 0;
  }
  io.stdout(`metrics equal the saved results: NO (${diffs.length} differences)`);
  for (const d of diffs) io.stdout(`  ${d}`);
  return 1;
}
