/**
 * Re-scoring a circuit run from its transcripts alone: rows re-derived in run order (the bootstrap
 * depends on order), metrics recomputed with the run's seed.
 */
import type { SuiteMetrics } from '../../suite/metrics.ts';
import { computeCircuitMetrics } from '../metrics/index.ts';
import type { CircuitRow } from '../metrics/rows.ts';
import { deriveCircuitRow } from '../protocol/derive-row.ts';
import type { CircuitTranscript } from '../protocol/transcript.ts';

export function scoreCircuitTranscripts(transcripts: readonly CircuitTranscript[], seed: number, resamples?: number): { rows: CircuitRow[]; metrics: SuiteMetrics } {
  const ordered = [...transcripts].sort((a, b) => a.settings.task_index - b.settings.task_index);
  const rows = ordered.map(deriveCircuitRow);
  return { rows, metrics: computeCircuitMetrics(rows, { seed, ...(resamples !== undefined ? { resamples } : {}) }) };
}
