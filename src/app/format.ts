/** Number formatting shared by tables and charts. */
import { format } from 'd3';

const general = format('.4~g');
const fixed3 = format('.3f');

/** Compact general formatting (4 significant digits, no trailing zeros); "—" for null/NaN. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return general(value);
}

/** Metric values: always 3 decimals, so columns line up and tests can match "1.000". */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return fixed3(value);
}

export const DESIGN_UNITS: Readonly<Record<string, string>> = {
  beam_length_mm: 'mm',
  beam_width_mm: 'mm',
  substrate_thickness_um: 'µm',
  piezo_thickness_um: 'µm',
  tip_mass_g: 'g',
  load_resistance_ohm: 'Ω',
};
