/** Scoring from transcripts alone: rows re-derived in run order, then every metric recomputed. */
import type { SuiteMetrics } from '../../suite/metrics.ts';
import type { Transcript } from './transcript.ts';
import { computeVehMetrics } from '../metrics/index.ts';
import { deriveRow } from '../protocol/derive-row.ts';
import type { VehRow } from '../rows.ts';

export function scoreTranscripts(transcripts: readonly Transcript[], seed: number): { rows: VehRow[]; metrics: SuiteMetrics } {
  const ordered = transcripts.slice().sort((a, b) => a.settings.task_index - b.settings.task_index);
  const rows = ordered.map(deriveRow);
  return { rows, metrics: computeVehMetrics(rows, { seed }) };
}
