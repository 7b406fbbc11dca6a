/**
 * The analyses a suite offers over saved runs (VEH: the paper's paired deltas, response-control
 * profiles, stage-aware routing, SG gap and CMA-ES ratio; the circuit audit: profiles and paired
 * deltas). Each returns the one table shape (table.ts) the CLI prints and the page renders. The
 * runner here checks the run count and that every run belongs to the suite; the analysis itself
 * lives in the suite's folder.
 */
import type { ManifestCore } from '../run/manifest-core.ts';
import type { AnalysisTable } from './table.ts';

/** One stored or saved run as an analysis reads it (rows validated by the suite's schema). */
export interface AnalysisInput {
  run_id: string;
  /** Null for a run whose manifest is not written yet (still running): its rows still count. */
  manifest: ManifestCore | null;
  rows: readonly { task_id: string }[];
}

export interface AnalysisOptions {
  seed: number;
  resamples?: number;
}

export interface SuiteAnalysis {
  /** Stable name: `analyze KIND`, the page's URL. */
  readonly kind: string;
  readonly label: string;
  /** What runs it needs, in words (shown when the count is wrong). */
  readonly runs: string;
  readonly minRuns: number;
  readonly maxRuns: number | null;
  run(runs: readonly AnalysisInput[], opts: AnalysisOptions): AnalysisTable[];
}

/** A short reason when `count` runs do not fit the analysis, else null. */
export function checkRunCount(analysis: SuiteAnalysis, count: number): string | null {
  if (count < analysis.minRuns || (analysis.maxRuns !== null && count > analysis.maxRuns)) return `${analysis.label} needs ${analysis.runs}; got ${count} run${count === 1 ? '' : 's'}.`;
  return null;
}

/** The suite's analysis of that kind, or a RangeError listing the kinds it has. */
export function analysisOf(suite: { descriptor: { id: string }; analyses: readonly SuiteAnalysis[] }, kind: string): SuiteAnalysis {
  const a = suite.analyses.find((x) => x.kind === kind);
  if (!a) throw new RangeError(`"${kind}" is not an analysis of suite ${suite.descriptor.id} (it has: ${suite.analyses.map((x) => x.kind).join(', ') || 'none'})`);
  return a;
}

/** Runs `kind` of `suite` over runs that must all be of that suite. */
export function runSuiteAnalysis(suite: { descriptor: { id: string }; analyses: readonly SuiteAnalysis[] }, kind: string, runs: readonly AnalysisInput[], opts: AnalysisOptions): AnalysisTable[] {
  const analysis = analysisOf(suite, kind);
  const foreign = runs.find((r) => r.manifest !== null && r.manifest.suite !== suite.descriptor.id);
  if (foreign) throw new RangeError(`run ${foreign.run_id} is of suite ${foreign.manifest?.suite ?? '?'}, not ${suite.descriptor.id}: runs of different suites are not analysed together`);
  const problem = checkRunCount(analysis, runs.length);
  if (problem !== null) throw new RangeError(problem);
  return analysis.run(runs, opts);
}
