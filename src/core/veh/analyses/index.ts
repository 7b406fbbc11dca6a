/**
 * VEHBench's analyses by name (the paper's appendices), each turning a set of runs into the tables
 * the CLI prints and the page shows.
 */
import type { AnalysisRun } from './analysis-run.ts';
import { cmaesRatioTable } from './cmaes-ratio.ts';
import { orientPair, pairedDeltaTable } from './paired-delta.ts';
import { indicatorTable, profileTable } from './profiles.ts';
import { routingTable } from './routing.ts';
import { sgGapTable } from './sg-gap.ts';
import { profileStageTable, stageRankTable, stageScoreTable } from './stage-ranks.ts';
import type { AnalysisTable } from '../../analyses/table.ts';
import type { AnalysisInput, SuiteAnalysis } from '../../analyses/suite-analyses.ts';

export const ANALYSIS_KINDS = ['paired', 'profiles', 'routing', 'sg-gap', 'cmaes-ratio'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

export const ANALYSIS_INFO: Readonly<Record<AnalysisKind, { label: string; runs: string; minRuns: number; maxRuns: number | null }>> = {
  paired: { label: 'Paired deltas', runs: 'two runs of the same tasks (e.g. raw-history and state-summary P3, or neutral and targeted control)', minRuns: 2, maxRuns: 2 },
  profiles: { label: 'Response-control profiles', runs: 'two or more runs (runs of the same agent or model are pooled)', minRuns: 1, maxRuns: null },
  routing: { label: 'Stage-aware routing', runs: 'runs of two or more agents or models covering dev and test splits', minRuns: 1, maxRuns: null },
  'sg-gap': { label: 'SG gap', runs: 'the A-selection and B-generation runs (and C-completion) of each model', minRuns: 1, maxRuns: null },
  'cmaes-ratio': { label: 'CMA-ES ratio', runs: 'a CMA-ES matched run and the run it was matched to', minRuns: 2, maxRuns: null },
};

export function isAnalysisKind(s: string): s is AnalysisKind {
  return (ANALYSIS_KINDS as readonly string[]).includes(s);
}

export type { AnalysisOptions } from '../../analyses/suite-analyses.ts';
import type { AnalysisOptions } from '../../analyses/suite-analyses.ts';

/** A short reason when `runs` do not fit `kind`, else null. */
export function checkRunCount(kind: AnalysisKind, count: number): string | null {
  const info = ANALYSIS_INFO[kind];
  if (count < info.minRuns || (info.maxRuns !== null && count > info.maxRuns)) return `${info.label} needs ${info.runs}; got ${count} run${count === 1 ? '' : 's'}.`;
  return null;
}

export function runAnalysis(kind: AnalysisKind, runs: readonly AnalysisRun[], opts: AnalysisOptions): AnalysisTable[] {
  const problem = checkRunCount(kind, runs.length);
  if (problem !== null) throw new RangeError(problem);
  switch (kind) {
    case 'paired': {
      const { a, b, reason } = orientPair(runs[0] as AnalysisRun, runs[1] as AnalysisRun);
      const t = pairedDeltaTable(a, b, opts);
      if (reason !== null) t.notes.unshift(`Oriented as ${reason} (from the manifests).`);
      return [t];
    }
    case 'profiles':
      return [profileTable(runs), profileStageTable(runs), stageRankTable(runs), stageScoreTable(runs), indicatorTable(runs)];
    case 'routing':
      return [routingTable(runs)];
    case 'sg-gap':
      return [sgGapTable(runs, opts)];
    case 'cmaes-ratio':
      return [cmaesRatioTable(runs, opts)];
  }
}

/** VEHBench's analyses through the suite contract (src/core/analyses/suite-analyses.ts). */
export const VEH_ANALYSES: readonly SuiteAnalysis[] = ANALYSIS_KINDS.map((kind) => ({
  kind,
  ...ANALYSIS_INFO[kind],
  // The runs were validated with VEH's schemas (the suite registry picked VEH from their manifests).
  run: (runs: readonly AnalysisInput[], opts: AnalysisOptions) => runAnalysis(kind, runs as readonly AnalysisRun[], opts),
}));
