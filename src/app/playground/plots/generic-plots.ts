/**
 * Plots for a result whose layout this page does not know field by field (circuits, and any field a
 * solver adds later): every list of numbers, at any depth, as long as the result's wavelength list
 * becomes a series against wavelength. Series are grouped by what they measure, read from their
 * JSON path: phases, values in dB, and the rest (power fractions), each group its own plot.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numbers, type Json, type PlotSpec } from './plot-spec.ts';

const MAX_DEPTH = 4;
/** More lines than this in one plot are unreadable; the first ones are drawn. */
const MAX_SERIES = 8;

function collect(value: unknown, path: string[], length: number, out: { path: string[]; y: number[] }[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    if (value.length === length && value.every((v) => typeof v === 'number' || v === null)) {
      out.push({ path, y: value.map((v) => (typeof v === 'number' ? v : NaN)) });
    }
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, v] of Object.entries(value)) collect(v, [...path, key], length, out, depth + 1);
}

type Group = 'phase' | 'db' | 'power';

function groupOf(path: readonly string[]): Group {
  const joined = path.join('.').toLowerCase();
  if (joined.includes('phase')) return 'phase';
  if (/(^|[._])db($|[._])|_db\b|db_/.test(joined)) return 'db';
  return 'power';
}

const GROUPS: Record<Group, { title: string; yLabel: string }> = {
  power: { title: 'Transmission vs wavelength', yLabel: 'power transmission (fraction)' },
  db: { title: 'Transmission vs wavelength (dB)', yLabel: 'transmission (dB)' },
  phase: { title: 'Phase vs wavelength', yLabel: 'phase (radians)' },
};

/** Series against wavelength for every same-length number list except the wavelengths themselves. */
export function spectrumPlots(result: Json, idPrefix = 'plot-spectrum'): PlotSpec[] {
  const x = numbers(result, 'wavelengths_nm');
  if (!x || x.length < 2) return [];
  const found: { path: string[]; y: number[] }[] = [];
  for (const [key, v] of Object.entries(result)) if (key !== 'wavelengths_nm') collect(v, [key], x.length, found, 1);
  const plots: PlotSpec[] = [];
  for (const group of ['power', 'db', 'phase'] as const) {
    const series: LineSeries[] = found
      .filter((f) => groupOf(f.path) === group)
      .slice(0, MAX_SERIES)
      .map((f) => ({ name: f.path.join('.'), x, y: f.y }));
    if (series.length > 0) plots.push({ id: `${idPrefix}-${group}`, title: GROUPS[group].title, xLabel: 'vacuum wavelength (nm)', yLabel: GROUPS[group].yLabel, series });
  }
  return plots;
}
