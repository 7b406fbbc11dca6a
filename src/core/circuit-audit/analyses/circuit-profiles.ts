/**
 * Circuit profile scores (paper Table 44 reports them per model): the five VEH profile dimensions
 * (profiles.ts, App. F.5) computed from circuit audit rows with the circuit metric functions. Each
 * compared run is one unit; every indicator is oriented so higher is better, min–max scaled across
 * the runs (minMaxScale, A-35) and averaged per dimension. The paper does not list the circuit
 * indicators, so the choice below is ours and the table notes say so.
 */
import { INFEASIBLE, recall, REQUEST, spuriousProposeRate, unsafeProposeRate } from '../metrics/p1.ts';
import { directedUpdateRate, overEditRate, summariseCircuitP2, violationReduction, type CircuitP2Summary } from '../metrics/p2.ts';
import { summariseCircuitP3, type CircuitP3Summary } from '../metrics/p3.ts';
import { flipAccuracy, meanTau, summariseCircuitP4, type CircuitP4Summary } from '../metrics/p4.ts';
import type { CircuitP1Row, CircuitRow } from '../metrics/rows.ts';
import { DIMENSION_LABEL, PROFILE_DIMENSIONS, type ProfileDimension } from '../../veh/analyses/profile-indicators.ts';
import { minMaxScale } from '../../veh/analyses/profiles.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable } from '../../analyses/table.ts';

/** One circuit run folder as the analyses see it. */
export interface CircuitAnalysisRun {
  run_id: string;
  label: string;
  rows: readonly CircuitRow[];
}

interface CircuitLog {
  P1: CircuitP1Row[];
  P2: CircuitP2Summary[];
  P3: CircuitP3Summary[];
  P4: CircuitP4Summary[];
}

function circuitLog(rows: readonly CircuitRow[]): CircuitLog {
  const log: CircuitLog = { P1: [], P2: [], P3: [], P4: [] };
  for (const r of rows) {
    if (r.probe === 'P1') log.P1.push(r);
    else if (r.probe === 'P2') log.P2.push(summariseCircuitP2(r));
    else if (r.probe === 'P3') log.P3.push(summariseCircuitP3(r));
    else log.P4.push(summariseCircuitP4(r));
  }
  return log;
}

const oneMinus = (v: number | null): number | null => (v === null ? null : 1 - v);
const share = <T>(xs: readonly T[], hit: (x: T) => boolean): number | null => (xs.length === 0 ? null : xs.filter(hit).length / xs.length);

export interface CircuitIndicator {
  dimension: ProfileDimension;
  key: string;
  label: string;
  value: (l: CircuitLog) => number | null;
}

export const CIRCUIT_INDICATORS: readonly CircuitIndicator[] = [
  { dimension: 'action_discipline', key: 'p1_non_spurious', label: 'P1 1 − spurious propose', value: (l) => oneMinus(spuriousProposeRate(l.P1)) },
  { dimension: 'action_discipline', key: 'p1_non_unsafe', label: 'P1 1 − unsafe propose', value: (l) => oneMinus(unsafeProposeRate(l.P1)) },
  { dimension: 'action_discipline', key: 'p1_request_recall', label: 'P1 request recall', value: (l) => recall(l.P1, REQUEST) },
  { dimension: 'action_discipline', key: 'p1_infeasible_recall', label: 'P1 infeasible recall', value: (l) => recall(l.P1, INFEASIBLE) },
  { dimension: 'edit_style', key: 'p2_directed_update', label: 'P2 directed update rate', value: (l) => directedUpdateRate(l.P2) },
  { dimension: 'edit_style', key: 'p2_non_over_edit', label: 'P2 1 − over-edit rate', value: (l) => oneMinus(overEditRate(l.P2)) },
  { dimension: 'edit_style', key: 'p2_final_feasible', label: 'P2 final feasible rate', value: (l) => share(l.P2, (s) => s.finalFeasible) },
  { dimension: 'feedback_conditioning', key: 'p2_violation_reduction', label: 'P2 violation reduction', value: (l) => violationReduction(l.P2) },
  { dimension: 'state_reset_effort', key: 'p3_escape', label: 'P3 escape rate', value: (l) => share(l.P3, (s) => s.escaped) },
  {
    dimension: 'state_reset_effort',
    key: 'p3_non_cascade',
    label: 'P3 1 − cascade rate (over escapes)',
    value: (l) => oneMinus(share(l.P3.filter((s) => s.escaped), (s) => s.cascade === true)),
  },
  { dimension: 'state_reset_effort', key: 'p3_reset', label: 'P3 history-reset rate', value: (l) => share(l.P3, (s) => s.reset) },
  { dimension: 'policy_execution', key: 'p4_flip', label: 'P4 flip accuracy', value: (l) => flipAccuracy(l.P4) },
  {
    dimension: 'policy_execution',
    key: 'p4_scaled_tau',
    label: 'P4 scaled τ, (τ + 1) / 2',
    value: (l) => {
      const t = meanTau(l.P4);
      return t === null ? null : (t + 1) / 2;
    },
  },
];

export interface CircuitProfile {
  run_id: string;
  label: string;
  indicators: Record<string, number | null>;
  profile: Record<ProfileDimension, number | null>;
}

export function computeCircuitProfiles(runs: readonly CircuitAnalysisRun[]): CircuitProfile[] {
  const logs = runs.map((r) => circuitLog(r.rows));
  const raw = CIRCUIT_INDICATORS.map((ind) => logs.map((l) => ind.value(l)));
  const scaled = raw.map((vals) => minMaxScale(vals));
  return runs.map((run, ui) => {
    const indicators: Record<string, number | null> = {};
    CIRCUIT_INDICATORS.forEach((ind, qi) => (indicators[ind.key] = raw[qi]?.[ui] ?? null));
    const profile = {} as Record<ProfileDimension, number | null>;
    for (const d of PROFILE_DIMENSIONS) {
      const zs = CIRCUIT_INDICATORS.flatMap((ind, qi) => (ind.dimension === d ? [scaled[qi]?.[ui] ?? null] : [])).filter((v): v is number => v !== null);
      profile[d] = zs.length === 0 ? null : zs.reduce((a, b) => a + b, 0) / zs.length;
    }
    return { run_id: run.run_id, label: run.label, indicators, profile };
  });
}

/** One row per circuit run, one column per profile dimension. */
export function circuitProfileTable(runs: readonly CircuitAnalysisRun[]): AnalysisTable {
  const profiles = computeCircuitProfiles(runs);
  const rows: AnalysisRow[] = profiles.map((p, i) => ({
    cells: { unit: p.label, tasks: runs[i]?.rows.length ?? 0, ...p.profile },
    provenance: { run_ids: [p.run_id], task_ids: [...new Set((runs[i]?.rows ?? []).map((r) => r.task_id))].sort() },
  }));
  const byDimension = PROFILE_DIMENSIONS.map((d) => `${DIMENSION_LABEL[d]}: ${CIRCUIT_INDICATORS.filter((ind) => ind.dimension === d).map((ind) => ind.label).join(', ')}`);
  return makeTable({
    id: 'circuit-profiles',
    title: 'Circuit profile scores',
    columns: [textColumn('unit', 'Run'), numberColumn('tasks', 'Task rows'), ...PROFILE_DIMENSIONS.map((d) => numberColumn(d, DIMENSION_LABEL[d]))],
    rows,
    notes: [
      `Circuit profiles: indicators oriented so higher is better, min–max scaled across the ${runs.length} compared runs (App. F.5, A-35), averaged per dimension; relative to this set of runs.`,
      `Indicators (our choice; the paper does not list the circuit ones) — ${byDimension.join('; ')}.`,
      ...(runs.length < 2 ? ['With one run every indicator is constant, so every profile is 0: compare two or more runs.'] : []),
    ],
  });
}
