/**
 * Circuit results: the power transmission between ports against wavelength, linear and in dB (ring
 * notches and MZI fringes read best in dB), and the phase. The linear plot keeps 1 in view, so a
 * component that outputs more power than it receives (flagged by the passivity check) shows it.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numbers, type Json, type PlotSpec } from './plot-spec.ts';

/** Port pairs drawn per plot, at most (a netlist can have many). */
const MAX_PAIRS = 8;
/** dB values are clipped here, so a perfect null (−∞ dB) does not flatten the rest of the plot. */
const DB_FLOOR = -60;

interface Transmission {
  label: string;
  power: number[];
  phase: number[] | null;
}

function transmissionsOf(result: Json, n: number): Transmission[] {
  const list = result.transmission;
  if (!Array.isArray(list)) return [];
  const out: Transmission[] = [];
  for (const t of list) {
    if (!isRecord(t)) continue;
    const power = numbers(t, 'power');
    if (!power || power.length !== n) continue;
    const phase = numbers(t, 'phase_rad');
    out.push({ label: `${String(t.from)} → ${String(t.to)}`, power, phase: phase?.length === n ? phase : null });
  }
  return out.slice(0, MAX_PAIRS);
}

export function circuitPlots(result: Json): PlotSpec[] {
  const x = numbers(result, 'wavelengths_nm');
  if (!x || x.length < 2) return [];
  const pairs = transmissionsOf(result, x.length);
  if (pairs.length === 0) return [];
  const peak = Math.max(1, ...pairs.flatMap((p) => p.power.filter(Number.isFinite)));
  const linear: LineSeries[] = pairs.map((p) => ({ name: p.label, x, y: p.power }));
  const db: LineSeries[] = pairs.map((p) => ({ name: p.label, x, y: p.power.map((v) => Math.max(DB_FLOOR, 10 * Math.log10(v))) }));
  const phase: LineSeries[] = pairs.filter((p) => p.phase !== null).map((p) => ({ name: p.label, x, y: p.phase ?? [] }));
  const plots: PlotSpec[] = [
    { id: 'plot-circuit-power', title: 'Port transmission vs wavelength', xLabel: 'vacuum wavelength (nm)', yLabel: 'power transmission |S|² (fraction)', series: linear, yDomain: [0, peak] },
    { id: 'plot-circuit-db', title: 'Port transmission vs wavelength (dB)', xLabel: 'vacuum wavelength (nm)', yLabel: `10·log10 |S|² (dB, floor ${DB_FLOOR})`, series: db },
  ];
  if (phase.length > 0) plots.push({ id: 'plot-circuit-phase', title: 'Transmission phase vs wavelength', xLabel: 'vacuum wavelength (nm)', yLabel: 'arg S (radians, wrapped to (−π, π])', series: phase });
  return plots;
}
