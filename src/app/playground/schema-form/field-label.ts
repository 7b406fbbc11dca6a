/**
 * Labels and help text for generated fields. The unit lives in the field name (radius_nm,
 * angle_deg), so the label keeps the name verbatim and adds the unit in words beside it: a visitor
 * sees exactly the key an agent must write, and what it means.
 */
import type { JsonSchema } from './json-schema.ts';

const UNIT_SUFFIXES: readonly [string, string][] = [
  ['_nm2', 'nm²'],
  ['_nm', 'nm'],
  ['_um', 'µm'],
  ['_mm', 'mm'],
  ['_cm', 'cm'],
  ['_m', 'm'],
  ['_deg', 'degrees'],
  ['_rad', 'radians'],
  ['_db_per_cm', 'dB/cm'],
  ['_db', 'dB'],
  ['_dbm', 'dBm'],
  ['_ev', 'eV'],
  ['_thz', 'THz'],
  ['_ghz', 'GHz'],
  ['_hz', 'Hz'],
  ['_per_um', 'µm⁻¹'],
  ['_mw', 'mW'],
  ['_w', 'W'],
  ['_ps', 'ps'],
  ['_fs', 'fs'],
];

/** Longest suffix first, so "_db_per_cm" wins over "_cm". */
const BY_LENGTH = [...UNIT_SUFFIXES].sort((a, b) => b[0].length - a[0].length);

/** The unit a field name declares by its suffix (e.g. "wavelength_nm" → "nm"), or null. */
export function unitOf(name: string): string | null {
  for (const [suffix, unit] of BY_LENGTH) if (name.endsWith(suffix)) return unit;
  return null;
}

/** One line of constraints shown under a field: bounds and list sizes, in the schema's own numbers. */
export function constraintText(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`< ${schema.exclusiveMaximum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.type === 'integer') parts.push('integer');
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  return parts.join(', ');
}
