/**
 * The circuit audit's analyses through the suite contract (src/core/analyses/suite-analyses.ts):
 * response-control profile scores (Table 44) and paired deltas between two runs of the same tasks.
 */
import type { AnalysisInput, AnalysisOptions, SuiteAnalysis } from '../../analyses/suite-analyses.ts';
import type { CircuitRow } from '../metrics/rows.ts';
import type { CircuitRunManifest } from '../run/manifest.ts';
import { circuitPairedTable, type CircuitPairedRun } from './circuit-paired.ts';
import { circuitProfileTable } from './circuit-profiles.ts';

/** A run as the circuit analyses read it; its rows and manifest were validated with the circuit schemas. */
function circuitRunOf(run: AnalysisInput): CircuitPairedRun {
  const m = run.manifest as CircuitRunManifest | null;
  return {
    run_id: run.run_id,
    label: m ? (m.model ? `${m.model.provider} ${m.model.model}` : m.agent.label) : run.run_id,
    rows: run.rows as readonly CircuitRow[],
    p3_variant: m ? (m.p3_variant ?? 'raw_history') : null,
  };
}

export const CIRCUIT_ANALYSES: readonly SuiteAnalysis[] = [
  {
    kind: 'profiles',
    label: 'Circuit profile scores',
    runs: 'one or more circuit runs',
    minRuns: 1,
    maxRuns: null,
    run: (runs: readonly AnalysisInput[]) => [circuitProfileTable(runs.map(circuitRunOf))],
  },
  {
    kind: 'paired',
    label: 'Circuit paired deltas',
    runs: 'two circuit runs of the same tasks (e.g. raw-history and state-summary P3)',
    minRuns: 2,
    maxRuns: 2,
    run: (runs: readonly AnalysisInput[], opts: AnalysisOptions) => {
      const [a, b] = runs.map(circuitRunOf);
      if (!a || !b) throw new RangeError('Circuit paired deltas need two runs');
      return [circuitPairedTable(a, b, opts)];
    },
  },
];
