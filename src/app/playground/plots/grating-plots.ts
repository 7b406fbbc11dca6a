/**
 * Grating results: efficiency of each propagating order against wavelength (a sweep), or against
 * the order number (one wavelength), per polarization; and R, T, A against wavelength.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numberOrNaN as num, type Json, type PlotSpec } from './plot-spec.ts';

interface OrderRow {
  wavelength: number;
  pol: string;
  side: string;
  order: number;
  efficiency: number;
}

/** One point of a grating result: total R, T and A at a wavelength and polarisation (1-D and 2-D gratings alike). */
export interface Totals {
  wavelength: number;
  pol: string;
  R: number;
  T: number;
  A: number;
}

function ordersOf(result: Json): OrderRow[] {
  const raw = result.orders;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((o) => ({ wavelength: num(o.wavelength_nm), pol: String(o.polarization ?? ''), side: String(o.side ?? ''), order: num(o.order), efficiency: num(o.efficiency) }));
}

export function totalsOf(result: Json): Totals[] {
  const raw = result.points;
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((p) => ({ wavelength: num(p.wavelength_nm), pol: String(p.polarization ?? ''), R: num(p.R), T: num(p.T), A: num(p.A) }));
}

export const SIDE_LABEL: Record<string, string> = { reflected: 'R', transmitted: 'T' };

/** R, T and A of one polarisation against wavelength. */
export function totalSeries(totals: readonly Totals[], pol: string): LineSeries[] {
  const ps = totals.filter((p) => p.pol === pol);
  const x = ps.map((p) => p.wavelength);
  return [
    { name: `${pol} R`, x, y: ps.map((p) => p.R) },
    { name: `${pol} T`, x, y: ps.map((p) => p.T) },
    { name: `${pol} A`, x, y: ps.map((p) => p.A) },
  ];
}

export function gratingPlots(result: Json): PlotSpec[] {
  const orders = ordersOf(result);
  const totals = totalsOf(result);
  if (totals.length === 0) return [];
  const pols = [...new Set(totals.map((p) => p.pol))];
  const wavelengths = [...new Set(totals.map((p) => p.wavelength))];
  if (wavelengths.length === 1) {
    const series: LineSeries[] = [];
    for (const pol of pols) {
      for (const side of ['reflected', 'transmitted']) {
        const rows = orders.filter((o) => o.pol === pol && o.side === side);
        if (rows.length > 0) series.push({ name: `${pol} ${side}`, x: rows.map((o) => o.order), y: rows.map((o) => o.efficiency) });
      }
    }
    return [{ id: 'plot-grating-orders', title: `Diffraction efficiency per order at ${wavelengths[0]} nm`, xLabel: 'diffraction order m', yLabel: 'efficiency (fraction of incident power)', series, yDomain: [0, 1] }];
  }
  const rtaSeries: LineSeries[] = [];
  const orderSeries: LineSeries[] = [];
  for (const pol of pols) {
    const x = totals.filter((p) => p.pol === pol).map((p) => p.wavelength);
    rtaSeries.push(...totalSeries(totals, pol));
    for (const side of ['reflected', 'transmitted']) {
      const rows = orders.filter((o) => o.pol === pol && o.side === side);
      for (const m of [...new Set(rows.map((o) => o.order))].sort((a, b) => a - b)) {
        // An order that is evanescent at some wavelengths carries no power there.
        const byWavelength = new Map(rows.filter((o) => o.order === m).map((o) => [o.wavelength, o.efficiency]));
        orderSeries.push({ name: `${pol} ${SIDE_LABEL[side] ?? side}${m}`, x, y: x.map((w) => byWavelength.get(w) ?? 0) });
      }
    }
  }
  return [
    { id: 'plot-grating-totals', title: 'Total reflectance, transmittance and absorptance', xLabel: 'vacuum wavelength (nm)', yLabel: 'fraction of incident power', series: rtaSeries, yDomain: [0, 1] },
    { id: 'plot-grating-orders', title: 'Efficiency of each propagating order', xLabel: 'vacuum wavelength (nm)', yLabel: 'efficiency (fraction of incident power)', series: orderSeries, yDomain: [0, 1] },
  ];
}
