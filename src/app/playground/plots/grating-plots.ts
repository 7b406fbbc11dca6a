/**
 * Grating results: efficiency of each propagating order against wavelength (a sweep), or against
 * the order number (one wavelength), per polarization; and R, T, A against wavelength.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, type Json, type PlotSpec } from './plot-spec.ts';

interface OrderEntry {
  order: number;
  efficiency: number;
}

interface Point {
  wavelength: number;
  pol: string;
  reflected: OrderEntry[];
  transmitted: OrderEntry[];
  R: number;
  T: number;
  A: number;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);

function ordersOf(v: unknown): OrderEntry[] {
  return Array.isArray(v) ? v.filter(isRecord).map((o) => ({ order: num(o.order), efficiency: num(o.efficiency) })) : [];
}

function pointsOf(result: Json): Point[] {
  const raw = result.points;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((p) => ({
    wavelength: num(p.wavelength_nm),
    pol: String(p.polarization ?? ''),
    reflected: ordersOf(p.reflected),
    transmitted: ordersOf(p.transmitted),
    R: num(p.R),
    T: num(p.T),
    A: num(p.A),
  }));
}

export function gratingPlots(result: Json): PlotSpec[] {
  const points = pointsOf(result);
  if (points.length === 0) return [];
  const pols = [...new Set(points.map((p) => p.pol))];
  const wavelengths = [...new Set(points.map((p) => p.wavelength))];
  if (wavelengths.length === 1) {
    const series: LineSeries[] = [];
    for (const pol of pols) {
      const p = points.find((x) => x.pol === pol);
      if (!p) continue;
      series.push({ name: `${pol} reflected`, x: p.reflected.map((o) => o.order), y: p.reflected.map((o) => o.efficiency) });
      series.push({ name: `${pol} transmitted`, x: p.transmitted.map((o) => o.order), y: p.transmitted.map((o) => o.efficiency) });
    }
    return [{ id: 'plot-grating-orders', title: `Diffraction efficiency per order at ${wavelengths[0]} nm`, xLabel: 'diffraction order m', yLabel: 'efficiency (fraction of incident power)', series, yDomain: [0, 1] }];
  }
  const totals: LineSeries[] = [];
  const orders: LineSeries[] = [];
  for (const pol of pols) {
    const ps = points.filter((p) => p.pol === pol);
    const x = ps.map((p) => p.wavelength);
    totals.push({ name: `${pol} R`, x, y: ps.map((p) => p.R) }, { name: `${pol} T`, x, y: ps.map((p) => p.T) }, { name: `${pol} A`, x, y: ps.map((p) => p.A) });
    for (const side of ['reflected', 'transmitted'] as const) {
      const ms = [...new Set(ps.flatMap((p) => p[side].map((o) => o.order)))].sort((a, b) => a - b);
      for (const m of ms) {
        // An order that is evanescent at some wavelengths carries no power there.
        orders.push({ name: `${pol} ${side === 'reflected' ? 'R' : 'T'}${m}`, x, y: ps.map((p) => p[side].find((o) => o.order === m)?.efficiency ?? 0) });
      }
    }
  }
  return [
    { id: 'plot-grating-totals', title: 'Total reflectance, transmittance and absorptance', xLabel: 'vacuum wavelength (nm)', yLabel: 'fraction of incident power', series: totals, yDomain: [0, 1] },
    { id: 'plot-grating-orders', title: 'Efficiency of each propagating order', xLabel: 'vacuum wavelength (nm)', yLabel: 'efficiency (fraction of incident power)', series: orders, yDomain: [0, 1] },
  ];
}
