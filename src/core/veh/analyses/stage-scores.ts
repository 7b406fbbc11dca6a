/**
 * Point values of each stage's headline score (Table 2: P1-Composite, P2b, P3-Success, Kendall τ)
 * and of the auxiliary metric App. K.2 breaks validation ties with (P1 accuracy, P2 final feasible
 * rate, P3 recovery quality, P4 exact match), straight from task rows. The analyses need many of
 * these on subsets, so they skip the intervals computeVehMetrics would bootstrap.
 */
import type { P1Row, P2Row, P3Row } from '../rows.ts';
import type { Probe } from '../task-schema.ts';
import { p1Composite } from '../metrics/p1.ts';
import { p2b, summariseP2 } from '../metrics/p2.ts';
import { recoveryQuality, successRate, summariseP3 } from '../metrics/p3.ts';
import { exactRate, meanTau, summariseP4 } from '../metrics/p4.ts';
import { splitByProbe } from './analysis-run.ts';
import type { VehRow } from '../rows.ts';

export const P1_ACCURACY = (rows: readonly P1Row[]): number | null =>
  rows.length === 0 ? null : rows.filter((r) => r.predicted_action === r.gold_action).length / rows.length;

const finalFeasibleRate = (rows: readonly P2Row[]): number | null => {
  if (rows.length === 0) return null;
  return rows.map(summariseP2).filter((s) => s.finalFeasible).length / rows.length;
};

export const STAGE_SCORE_LABEL: Readonly<Record<Probe, string>> = {
  P1: 'P1-Composite',
  P2: 'P2b',
  P3: 'P3-Success',
  P4: 'Kendall τ',
};

export const STAGE_AUX_LABEL: Readonly<Record<Probe, string>> = {
  P1: 'accuracy',
  P2: 'final feasible rate',
  P3: 'recovery quality',
  P4: 'exact match',
};

/** Headline score of `probe` over the rows of that probe in `rows` (others ignored); null when undefined. */
export function stageScore(probe: Probe, rows: readonly VehRow[]): number | null {
  const by = splitByProbe(rows);
  switch (probe) {
    case 'P1':
      return by.P1.length === 0 ? null : p1Composite(by.P1);
    case 'P2':
      return p2b(by.P2.map(summariseP2));
    case 'P3':
      return successRate(by.P3.map(summariseP3));
    case 'P4':
      return meanTau(by.P4.map(summariseP4));
  }
}

/** App. K.2's tie-break metric for `probe`. */
export function stageAux(probe: Probe, rows: readonly VehRow[]): number | null {
  const by = splitByProbe(rows);
  switch (probe) {
    case 'P1':
      return P1_ACCURACY(by.P1);
    case 'P2':
      return finalFeasibleRate(by.P2);
    case 'P3':
      return recoveryQuality(by.P3.map(summariseP3));
    case 'P4':
      return exactRate(by.P4.map(summariseP4));
  }
}

/** P3 rows of one prompt form (the headline scores use raw history unless only summaries exist). */
export function p3RowsOfForm(rows: readonly P3Row[], summary: boolean): P3Row[] {
  return rows.filter((r) => r.state_summary === summary);
}

