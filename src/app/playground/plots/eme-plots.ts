/**
 * EME results: power into each guided output mode (and guided reflection, radiation) against the
 * swept length, or against wavelength, or per output mode at a single point; and each section's
 * guided n_eff, so an MMI's mode ladder and a taper's start and end are visible.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numberOrNaN as num, type Json, type PlotSpec } from './plot-spec.ts';

interface Row {
  wavelength: number;
  length: number | null;
  mode: number;
  T: number;
}

interface Totals {
  wavelength: number;
  length: number | null;
  T: number;
  R: number;
  radiated: number;
}

const lengthOf = (v: unknown): number | null => (typeof v === 'number' ? v : null);

function rowsOf(result: Json): Row[] {
  const raw = result.transmission;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((r) => ({ wavelength: num(r.wavelength_nm), length: lengthOf(r.length_um), mode: num(r.output_mode), T: num(r.T) }));
}

function totalsOf(result: Json): Totals[] {
  const raw = result.totals;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((r) => ({ wavelength: num(r.wavelength_nm), length: lengthOf(r.length_um), T: num(r.T_guided), R: num(r.R_guided), radiated: num(r.radiated) }));
}

export function emePlots(result: Json): PlotSpec[] {
  const rows = rowsOf(result);
  const totals = totalsOf(result);
  if (totals.length === 0) return [];
  const plots: PlotSpec[] = [];
  const wavelengths = [...new Set(totals.map((t) => t.wavelength))];
  const swept = totals.some((t) => t.length !== null);
  const modes = [...new Set(rows.map((r) => r.mode))].sort((a, b) => a - b);
  if (swept || wavelengths.length > 1) {
    // Along the sweep at the first wavelength, or along wavelength when nothing is swept.
    const pick = swept ? (t: { wavelength: number }) => t.wavelength === wavelengths[0] : () => true;
    const xOf = (t: { wavelength: number; length: number | null }) => (swept ? (t.length ?? NaN) : t.wavelength);
    const ts = totals.filter(pick);
    const x = ts.map(xOf);
    const series: LineSeries[] = modes.map((m) => {
      const byX = new Map(rows.filter((r) => r.mode === m && pick(r)).map((r) => [xOf(r), r.T]));
      return { name: `T into mode ${m}`, x, y: x.map((v) => byX.get(v) ?? 0) };
    });
    series.push({ name: 'reflected (guided)', x, y: ts.map((t) => t.R) }, { name: 'radiated', x, y: ts.map((t) => t.radiated) });
    plots.push({
      id: 'plot-eme-transmission',
      title: swept ? `Transmission against the swept length at ${wavelengths[0]} nm` : 'Transmission against wavelength',
      xLabel: swept ? 'section length (µm)' : 'vacuum wavelength (nm)',
      yLabel: 'fraction of launched power',
      series,
      yDomain: [0, 1],
    });
  } else {
    plots.push({
      id: 'plot-eme-transmission',
      title: `Power into each guided output mode at ${wavelengths[0]} nm`,
      xLabel: 'output mode',
      yLabel: 'fraction of launched power',
      series: [{ name: 'T', x: rows.map((r) => r.mode), y: rows.map((r) => r.T) }],
      yDomain: [0, 1],
    });
  }
  const neff = neffPlot(result);
  if (neff) plots.push(neff);
  return plots;
}

/** Guided n_eff of each section (a taper's start), one series per mode order. */
function neffPlot(result: Json): PlotSpec | null {
  const raw = result.sections;
  if (!Array.isArray(raw)) return null;
  const sections = raw.filter(isRecord).map((s) => ({ index: num(s.section), neff: Array.isArray(s.n_eff) ? s.n_eff.map(num) : [] }));
  const most = Math.max(0, ...sections.map((s) => s.neff.length));
  if (most === 0) return null;
  const series: LineSeries[] = [];
  for (let m = 0; m < most; m++) {
    const have = sections.filter((s) => s.neff[m] !== undefined);
    series.push({ name: `mode ${m}`, x: have.map((s) => s.index), y: have.map((s) => s.neff[m] as number) });
  }
  return { id: 'plot-eme-neff', title: 'Guided effective indices per section', xLabel: 'section', yLabel: 'n_eff', series };
}
