/**
 * Response-control profiles (App. F.5, eqs. A-34, A-35): every indicator is min–max scaled across
 * the compared units, z = (s − min) / (max − min + ε) with ε = 10⁻¹², and a dimension's profile is
 * the mean of its indicators' z. A constant indicator thus scales to 0 for everyone and separates no
 * one. Units are the compared runs grouped by agent or model (analysis-run.ts groupUnits).
 *
 * An indicator a unit's log cannot define (no rows of that probe) is left out of that unit's mean
 * and of the min and max; a dimension with no defined indicator is null (shown as "—").
 */
import { groupUnits, type AnalysisRun, type AnalysisUnit } from './analysis-run.ts';
import { DIMENSION_LABEL, INDICATORS, PROFILE_DIMENSIONS, unitLog, type ProfileDimension } from './profile-indicators.ts';
import { makeTable, numberColumn, textColumn, type AnalysisRow, type AnalysisTable, type Provenance } from '../../analyses/table.ts';

export const PROFILE_EPS = 1e-12;

export interface UnitProfile {
  key: string;
  label: string;
  /** Raw indicator values, keyed by indicator key (null: undefined on this unit's log). */
  indicators: Record<string, number | null>;
  /** Scaled indicator values z. */
  scaled: Record<string, number | null>;
  profile: Record<ProfileDimension, number | null>;
  provenance: Provenance;
}

/** Min–max scaling of one indicator across units; nulls stay null and do not set the range. */
export function minMaxScale(values: readonly (number | null)[], eps = PROFILE_EPS): (number | null)[] {
  const defined = values.filter((v): v is number => v !== null);
  if (defined.length === 0) return values.map(() => null);
  const lo = Math.min(...defined);
  const hi = Math.max(...defined);
  return values.map((v) => (v === null ? null : (v - lo) / (hi - lo + eps)));
}

export function unitProvenance(u: AnalysisUnit): Provenance {
  return { run_ids: [...u.run_ids].sort(), task_ids: [...new Set(u.rows.map((r) => r.task_id))].sort() };
}

export function computeProfiles(units: readonly AnalysisUnit[]): UnitProfile[] {
  const logs = units.map((u) => unitLog(u.rows));
  const raw = INDICATORS.map((ind) => logs.map((l) => ind.value(l)));
  const scaled = raw.map((vals) => minMaxScale(vals));
  return units.map((u, ui) => {
    const indicators: Record<string, number | null> = {};
    const z: Record<string, number | null> = {};
    INDICATORS.forEach((ind, qi) => {
      indicators[ind.key] = raw[qi]?.[ui] ?? null;
      z[ind.key] = scaled[qi]?.[ui] ?? null;
    });
    const profile = {} as Record<ProfileDimension, number | null>;
    for (const d of PROFILE_DIMENSIONS) {
      const zs = INDICATORS.filter((ind) => ind.dimension === d)
        .map((ind) => z[ind.key])
        .filter((v): v is number => v !== null && v !== undefined);
      profile[d] = zs.length === 0 ? null : zs.reduce((a, b) => a + b, 0) / zs.length;
    }
    return { key: u.key, label: u.label, indicators, scaled: z, profile, provenance: unitProvenance(u) };
  });
}

export function profilesOfRuns(runs: readonly AnalysisRun[]): { units: AnalysisUnit[]; profiles: UnitProfile[] } {
  const units = groupUnits(runs);
  return { units, profiles: computeProfiles(units) };
}

const profileNotes = (units: readonly AnalysisUnit[]): string[] => {
  const notes = [
    `Profiles (App. F.5): indicators oriented so higher is better, min–max scaled across the ${units.length} compared units, averaged per dimension. They are relative to this set of runs: adding or removing a run changes them.`,
  ];
  if (units.length < 2) notes.push('With one unit every indicator is constant, so every profile is 0: compare two or more runs.');
  const dup = units.reduce((s, u) => s + u.duplicates, 0);
  if (dup > 0) notes.push(`${dup} rows repeated a task already seen for the same unit and were left out (the first run's row counts).`);
  return notes;
};

/** One row per unit, one column per profile dimension. */
export function profileTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const { units, profiles } = profilesOfRuns(runs);
  const rows: AnalysisRow[] = profiles.map((p, i) => ({
    cells: { unit: p.label, tasks: units[i]?.rows.length ?? 0, ...p.profile },
    provenance: p.provenance,
  }));
  return makeTable({
    id: 'profiles',
    title: 'Response-control profiles',
    columns: [textColumn('unit', 'Agent / model'), numberColumn('tasks', 'Task rows'), ...PROFILE_DIMENSIONS.map((d) => numberColumn(d, DIMENSION_LABEL[d]))],
    rows,
    notes: profileNotes(units),
  });
}

/** The raw indicator values behind the profiles: one row per indicator, one column per unit. */
export function indicatorTable(runs: readonly AnalysisRun[]): AnalysisTable {
  const { units, profiles } = profilesOfRuns(runs);
  const allRuns = { run_ids: units.flatMap((u) => u.run_ids).sort(), task_ids: [] as string[] };
  const rows: AnalysisRow[] = INDICATORS.map((ind) => {
    const cells: AnalysisRow['cells'] = { dimension: DIMENSION_LABEL[ind.dimension], indicator: ind.label };
    profiles.forEach((p, i) => (cells[`u${i}`] = p.indicators[ind.key] ?? null));
    return { cells, provenance: { ...allRuns, task_ids: [...new Set(profiles.flatMap((p) => p.provenance.task_ids))].sort() } };
  });
  return makeTable({
    id: 'profile-indicators',
    title: 'Profile indicators (raw, before scaling)',
    columns: [textColumn('dimension', 'Dimension'), textColumn('indicator', 'Indicator'), ...profiles.map((p, i) => numberColumn(`u${i}`, p.label))],
    rows,
    notes: ['Raw indicator values, higher is better. "—": the unit’s rows cannot define it (no rows of that probe, or the state-summary effects without both P3 forms).'],
  });
}
