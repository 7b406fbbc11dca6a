/** Number formatting shared by tables and charts. */
import { format } from 'd3';

const significant = format('.4~r');
const scientific = format('.3~e');
const fixed3 = format('.3f');

/**
 * 4 significant digits without trailing zeros; plain digits across the range design values live in
 * (resistances of 10⁷ Ω read better as 13210000 than 1.321e+7), exponent notation outside it.
 */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e9)) return scientific(value);
  return significant(value);
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
