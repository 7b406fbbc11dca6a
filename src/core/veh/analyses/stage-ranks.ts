/**
 * Rank correlations across compared units (App. F.5 profile–stage table, App. K.1 Table 30):
 * Spearman's ρ between each profile dimension and each stage's headline score, and between the
 * stage leaderboards themselves. ρ is null when fewer than two units define both sides or one side is
 * constant; with few units it is very noisy, which the notes say.
 */
import { spearmanRho } from '../../stats/spearman.ts';
import { PROBES, type Probe } from '../task-schema.ts';
import { benchmarkRows, groupUnits, type AnalysisRun, type AnalysisUnit } from './analysis-run.ts';
import { DIMENSION_LABEL, PROFILE_DIMENSIONS } from './profile-indicators.ts';
import { computeProfiles, unitProvenance } from './profiles.ts';
import { STAGE_SCORE_LABEL, stageScore } from './stage-scores.ts';
import { makeTable, mergeProvenance, numberColumn, textColumn, type AnalysisTable } from '../../analyses/table.ts';

/** ρ over the units where both values are defined. */
export function spearmanDefined(x: readonly (number | null)[], y: readonly (number | null)[]): { rho: number | null; n: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  x.forEach((v, i) => {
    const w = y[i];
    if (v !== null && w !== null && w !== undefined) {
      xs.push(v);
      ys.push(w);
    }
  });
  return { rho: spearmanRho(xs, ys), n: xs.length };
}

export function unitStageScores(units: readonly AnalysisUnit[]): Record<Probe, (number | null)[]> {
  const out = {} as Record<Probe, (number | null)[]>;
  for (const p of PROBES) out[p] = units.map((u) => stageScore(p, benchmarkRows(u.rows)));
  return out;
}

const smallNote = (n: number): string[] =>
  n < 5 ? [`Only ${n} units: a rank correlation over so few points moves in large steps and is mostly noise.`] : [];

/** Rows: profile dimensions; columns: stage headline scores (App. F.5 profile–stage matrix). */
export function profileStageTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const units = groupUnits(runs);
  const profiles = computeProfiles(units);
  const stages = unitStageScores(units);
  const prov = mergeProvenance(units.map(unitProvenance));
  return makeTable({
    id: 'profile-stage',
    title: 'Profile–stage Spearman correlations',
    columns: [textColumn('dimension', 'Profile'), ...PROBES.map((p) => numberColumn(p, `${p} ${STAGE_SCORE_LABEL[p]}`))],
    rows: PROFILE_DIMENSIONS.map((d) => {
      const cells: Record<string, string | number | null> = { dimension: DIMENSION_LABEL[d] };
      for (const p of PROBES) cells[p] = spearmanDefined(profiles.map((q) => q.profile[d]), stages[p]).rho;
      return { cells, provenance: prov };
    }),
    notes: [`Spearman ρ across ${units.length} units between each profile and each stage's headline score.`, ...smallNote(units.length)],
  });
}

/** The stage-rank correlation matrix (App. K.1, Table 30) plus each unit's stage scores. */
export function stageRankTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const units = groupUnits(runs);
  const stages = unitStageScores(units);
  const prov = mergeProvenance(units.map(unitProvenance));
  return makeTable({
    id: 'stage-ranks',
    title: 'Stage-rank correlation matrix',
    columns: [textColumn('stage', 'Stage'), ...PROBES.map((p) => numberColumn(p, p))],
    rows: PROBES.map((a) => {
      const cells: Record<string, string | number | null> = { stage: `${a} ${STAGE_SCORE_LABEL[a]}` };
      for (const b of PROBES) cells[b] = spearmanDefined(stages[a], stages[b]).rho;
      return { cells, provenance: prov };
    }),
    notes: [`Spearman ρ between stage leaderboards across ${units.length} units (a cell is — when fewer than two units have both stages or one stage is constant).`, ...smallNote(units.length)],
  });
}

/** Each unit's headline score per stage (the leaderboards the correlations rank). */
export function stageScoreTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const units = groupUnits(runs);
  const stages = unitStageScores(units);
  return makeTable({
    id: 'stage-scores',
    title: 'Stage headline scores per unit',
    columns: [textColumn('unit', 'Agent / model'), ...PROBES.map((p) => numberColumn(p, `${p} ${STAGE_SCORE_LABEL[p]}`))],
    rows: units.map((u, i) => {
      const cells: Record<string, string | number | null> = { unit: u.label };
      for (const p of PROBES) cells[p] = stages[p][i] ?? null;
      return { cells, provenance: unitProvenance(u) };
    }),
    notes: ['Headline scores on raw-history rows (state-summary P3 rows are left out when raw ones exist).'],
  });
}
