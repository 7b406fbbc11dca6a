/**
 * Grating results as bars: the efficiency of each propagating diffraction order, reflected (R) and
 * transmitted (T), at one wavelength, one chart per polarization. 1-D gratings number orders m,
 * 2-D ones (m, n). Read defensively from the JSON the worker sends (like the other plot mappings);
 * a result without orders yields no bars.
 */
import type { Bar } from '../../charts/HorizontalBarChart.tsx';
import { isRecord, type Json } from './plot-spec.ts';

export interface EfficiencyBars {
  polarization: string;
  wavelength_nm: number;
  bars: Bar[];
  /** Sum of the bars: R + T carried by propagating orders (1 − A for a lossless grating). */
  total: number;
}

interface OrderRow {
  wavelength: number;
  pol: string;
  side: string;
  /** m for a 1-D grating; [m, n] for a 2-D one (sorted by m, then n). */
  order: [number, number];
  label: string;
  efficiency: number;
}

const GRATING_KINDS = new Set(['grating', 'grating_2d']);

function orderOf(o: Json): { order: [number, number]; label: string } | null {
  if (typeof o.order === 'number') return { order: [o.order, 0], label: orderLabel(o.order) };
  if (typeof o.m === 'number' && typeof o.n === 'number') return { order: [o.m, o.n], label: `(${orderLabel(o.m)}, ${orderLabel(o.n)})` };
  return null;
}

function orderRows(result: Json): OrderRow[] {
  if (!Array.isArray(result.orders)) return [];
  return result.orders.filter(isRecord).flatMap((o) => {
    const id = orderOf(o);
    return typeof o.wavelength_nm === 'number' && id && typeof o.efficiency === 'number'
      ? [{ wavelength: o.wavelength_nm, pol: String(o.polarization ?? ''), side: String(o.side ?? ''), ...id, efficiency: o.efficiency }]
      : [];
  });
}

/** The wavelengths a grating result has orders at, ascending. */
export function orderWavelengths(result: unknown): number[] {
  if (!isRecord(result)) return [];
  return [...new Set(orderRows(result).map((o) => o.wavelength))].sort((a, b) => a - b);
}

/** "−1", "0", "+2": the sign is always shown, so the labels line up and read as order numbers. */
export const orderLabel = (m: number): string => (m > 0 ? `+${m}` : m < 0 ? `−${-m}` : '0');

/** Bars for `wavelength` (the first one when omitted): reflected orders first, each side by order number. */
export function efficiencyBars(result: unknown, wavelength?: number): EfficiencyBars[] {
  if (!isRecord(result) || !GRATING_KINDS.has(String(result.kind))) return [];
  const rows = orderRows(result);
  const at = wavelength ?? orderWavelengths(result)[0];
  if (at === undefined) return [];
  const here = rows.filter((o) => o.wavelength === at);
  const pols = [...new Set(here.map((o) => o.pol))];
  return pols.map((pol) => {
    const bars: Bar[] = [];
    for (const [side, letter, tone] of [
      ['reflected', 'R', 'reference'],
      ['transmitted', 'T', 'neutral'],
    ] as const) {
      for (const o of here.filter((r) => r.pol === pol && r.side === side).sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])) {
        bars.push({ label: `${letter} ${o.label}`, value: o.efficiency, tone });
      }
    }
    return { polarization: pol, wavelength_nm: at, bars, total: bars.reduce((s, b) => s + b.value, 0) };
  });
}
