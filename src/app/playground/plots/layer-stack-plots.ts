/**
 * Thin-film results: R, T and A against wavelength (one set of lines per angle, up to a few) and
 * against angle (at the first wavelength). R, T and A are laid out [wavelength][angle]; a flat list
 * (one angle or one wavelength) is read as such.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { column, isRecord, matrix, numbers, type Json, type PlotSpec } from './plot-spec.ts';

/** More angles than this in a wavelength sweep would make an unreadable tangle; the first ones are drawn. */
const MAX_ANGLE_LINES = 3;
/** Absorbing layers drawn in the per-layer plot, at most. */
const MAX_LAYER_LINES = 8;
const QUANTITIES = [
  ['R', 'R'],
  ['T', 'T'],
  ['A', 'A'],
] as const;

/** The quantity as [wavelength][angle], from a matrix or a flat list; null when absent or mis-sized. */
function grid(result: Json, key: string, nW: number, nA: number): number[][] | null {
  const m = matrix(result, key);
  if (m) return m.length === nW && m.every((r) => r.length === nA) ? m : null;
  const flat = numbers(result, key);
  if (!flat || flat.length !== nW * nA) return null;
  return Array.from({ length: nW }, (_, i) => flat.slice(i * nA, (i + 1) * nA));
}

export function layerStackPlots(result: Json): PlotSpec[] {
  const wavelengths = numbers(result, 'wavelengths_nm') ?? [];
  const angles = numbers(result, 'angles_deg') ?? [0];
  const nW = wavelengths.length;
  const nA = angles.length;
  if (nW === 0) return [];
  const grids: [string, number[][]][] = [];
  for (const [key, name] of QUANTITIES) {
    const g = grid(result, key, nW, nA);
    if (g) grids.push([name, g]);
  }
  if (grids.length === 0) return [];
  const pol = result.polarization === 's' || result.polarization === 'p' ? `, ${result.polarization}-polarised` : result.polarization === 'unpolarized' ? ', unpolarised' : '';
  const plots: PlotSpec[] = [];
  if (nW >= 2) {
    const shownAngles = angles.slice(0, MAX_ANGLE_LINES);
    const series: LineSeries[] = [];
    shownAngles.forEach((angle, j) => {
      for (const [name, g] of grids) series.push({ name: nA > 1 ? `${name} at ${angle}°` : name, x: wavelengths, y: column(g, j) });
    });
    const more = nA > MAX_ANGLE_LINES ? ` (first ${MAX_ANGLE_LINES} of ${nA} angles)` : nA === 1 ? ` at ${angles[0]}°` : '';
    plots.push({ id: 'plot-rta-wavelength', title: `R, T, A vs wavelength${more}${pol}`, xLabel: 'vacuum wavelength (nm)', yLabel: 'fraction of incident power', series, yDomain: [0, 1] });
  }
  if (nA >= 2) {
    const series: LineSeries[] = grids.map(([name, g]) => ({ name, x: angles, y: g[0] ?? [] }));
    plots.push({
      id: 'plot-rta-angle',
      title: `R, T, A vs angle at ${wavelengths[0]} nm${pol}`,
      xLabel: 'angle of incidence in the incidence medium (degrees)',
      yLabel: 'fraction of incident power',
      series,
      yDomain: [0, 1],
    });
  }
  const layers = layerAbsorptionSeries(result, wavelengths, nW, nA);
  if (nW >= 2 && layers.length > 1) {
    plots.push({
      id: 'plot-layer-absorption',
      title: `Absorption per layer vs wavelength at ${angles[0]}°${pol}`,
      xLabel: 'vacuum wavelength (nm)',
      yLabel: 'fraction of incident power absorbed',
      series: layers,
    });
  }
  return plots;
}

/** One series per absorbing layer (first angle), from absorption_per_layer [{ name, A[wavelength][angle] }]. */
function layerAbsorptionSeries(result: Json, wavelengths: number[], nW: number, nA: number): LineSeries[] {
  const list = result.absorption_per_layer;
  if (!Array.isArray(list)) return [];
  const out: LineSeries[] = [];
  for (const layer of list) {
    if (!isRecord(layer)) continue;
    const g = grid(layer, 'A', nW, nA);
    const y = g ? column(g, 0) : null;
    if (y && y.some((v) => v > 0)) out.push({ name: typeof layer.name === 'string' ? layer.name : `layer ${out.length + 1}`, x: wavelengths, y });
  }
  return out.length > MAX_LAYER_LINES ? out.slice(0, MAX_LAYER_LINES) : out;
}
