/**
 * VEHBench's scoring for the comparison layers (src/core/suite/scoring.ts): rows grouped by probe,
 * per-task outcomes and grades, headline statistics for paired bootstraps, metric directions and
 * labels, and the radar normalisation. The headlines live on different scales: P1-Composite and
 * P3-Success are in [0, 1]; P2b is a power ratio to the best-known-feasible design, which a good
 * design may exceed, so it is clipped at 1; Kendall τb is in [−1, 1] and maps to (τ + 1) / 2, so
 * 0.5 is a random order.
 */
import type { SuiteScoring } from '../../suite/scoring.ts';
import type { VehRow } from '../rows.ts';
import type { Transcript } from '../run/transcript.ts';
import { PROBES, type Probe } from '../task-schema.ts';
import { VEH_PASS_RULE, gradeVehRow } from './grade.ts';
import { headlineStatistic } from './headline-statistic.ts';
import { metricDirection, metricLabel } from './metric-catalog.ts';
import { TASK_SCORE_LABEL, taskOutcome, taskScoreDomain } from './task-outcome.ts';

const clip01 = (x: number): number => Math.min(1, Math.max(0, x));

export function normaliseVehHeadline(probe: string, value: number): number {
  return probe === 'P4' ? clip01((value + 1) / 2) : clip01(value);
}

const isProbe = (g: string): g is Probe => (PROBES as readonly string[]).includes(g);

export const vehScoring: SuiteScoring<VehRow, Transcript> = {
  groupOf: (row) => row.probe,
  outcome: taskOutcome,
  scoreLabel: TASK_SCORE_LABEL,
  scoreDomain: (group, scores) => taskScoreDomain(isProbe(group) ? group : 'P1', scores),
  headlineStatistic,
  normaliseHeadline: normaliseVehHeadline,
  metricDirection,
  metricLabel: (group, key) => (isProbe(group) ? metricLabel(group, key) : key.replace(/_/g, ' ')),
  grade: gradeVehRow,
  agentCalls: (t) => t.events.filter((e) => e.type === 'oracle_call' && e.purpose === 'agent').length,
  passRule: VEH_PASS_RULE,
};
