/**
 * 2D grating results: at one wavelength, the efficiency of each propagating order (m, n) drawn
 * against m with one line per row n, side and polarisation; over a sweep, total R, T and A against
 * wavelength (where guided-mode resonances show as sharp Fano features) and the strongest orders.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';
import { isRecord, numberOrNaN as num, type Json, type PlotSpec } from './plot-spec.ts';
import { SIDE_LABEL, totalSeries, totalsOf } from './grating-plots.ts';

interface OrderRow {
  wavelength: number;
  pol: string;
  side: string;
  m: number;
  n: number;
  efficiency: number;
}

/** A sweep plots at most this many individual orders (the strongest), so the legend stays readable. */
const MAX_ORDER_SERIES = 12;


function ordersOf(result: Json): OrderRow[] {
  const raw = result.orders;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isRecord)
    .map((o) => ({ wavelength: num(o.wavelength_nm), pol: String(o.polarization ?? ''), side: String(o.side ?? ''), m: num(o.m), n: num(o.n), efficiency: num(o.efficiency) }));
}

export function grating2dPlots(result: Json): PlotSpec[] {
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
        for (const n of [...new Set(rows.map((o) => o.n))].sort((a, b) => a - b)) {
          const row = rows.filter((o) => o.n === n).sort((a, b) => a.m - b.m);
          series.push({ name: `${pol} ${SIDE_LABEL[side] ?? side}, n = ${n}`, x: row.map((o) => o.m), y: row.map((o) => o.efficiency) });
        }
      }
    }
    return [{ id: 'plot-grating2d-orders', title: `Efficiency per order (m, n) at ${wavelengths[0]} nm`, xLabel: 'diffraction order m (along x); one line per order n', yLabel: 'efficiency (fraction of incident power)', series, yDomain: [0, 1] }];
  }
  const rtaSeries: LineSeries[] = [];
  const candidates: { peak: number; series: LineSeries }[] = [];
  for (const pol of pols) {
    const x = totals.filter((p) => p.pol === pol).map((p) => p.wavelength);
    rtaSeries.push(...totalSeries(totals, pol));
    for (const side of ['reflected', 'transmitted']) {
      const rows = orders.filter((o) => o.pol === pol && o.side === side);
      const keys = [...new Set(rows.map((o) => `${o.m},${o.n}`))];
      for (const key of keys) {
        // An order that is evanescent at some wavelengths carries no power there.
        const byWavelength = new Map(rows.filter((o) => `${o.m},${o.n}` === key).map((o) => [o.wavelength, o.efficiency]));
        const y = x.map((w) => byWavelength.get(w) ?? 0);
        candidates.push({ peak: Math.max(...y), series: { name: `${pol} ${SIDE_LABEL[side] ?? side}(${key})`, x, y } });
      }
    }
  }
  const strongest = candidates.sort((a, b) => b.peak - a.peak).slice(0, MAX_ORDER_SERIES).map((c) => c.series);
  return [
    { id: 'plot-grating2d-totals', title: 'Total reflectance, transmittance and absorptance', xLabel: 'vacuum wavelength (nm)', yLabel: 'fraction of incident power', series: rtaSeries, yDomain: [0, 1] },
    { id: 'plot-grating2d-orders', title: `Efficiency of the ${strongest.length} strongest orders (m, n)`, xLabel: 'vacuum wavelength (nm)', yLabel: 'efficiency (fraction of incident power)', series: strongest, yDomain: [0, 1] },
  ];
}
