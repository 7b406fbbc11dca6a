/**
 * The vacuum wavelengths a mode or circuit problem is solved at: exactly one of `wavelength_nm`
 * (one value), `wavelengths_nm` (a list) or `wavelength_range_nm` ({start, stop, count}, evenly
 * spaced, both ends included). Results always carry an array, even for one wavelength, so a
 * caller reads them the same way. Shared by the slab and circuit problems (same field names as the
 * other photonics kinds).
 */
import { z } from 'zod';

export const MAX_WAVELENGTHS = 10_000;

const positiveNm = z.number().finite().positive();

export const WavelengthRangeSchema = z
  .strictObject({
    start: positiveNm.describe('first vacuum wavelength, nm'),
    stop: positiveNm.describe('last vacuum wavelength, nm (included)'),
    count: z.number().int().min(1).max(MAX_WAVELENGTHS).describe('number of evenly spaced wavelengths, start and stop included'),
  })
  .describe('evenly spaced vacuum wavelengths, nm');

export const wavelengthFields = {
  wavelength_nm: positiveNm.optional().describe('one vacuum wavelength, nm (not the wavelength in the medium)'),
  wavelengths_nm: z
    .array(positiveNm)
    .min(1)
    .max(MAX_WAVELENGTHS)
    .optional()
    .describe(`a list of vacuum wavelengths, nm (at most ${MAX_WAVELENGTHS})`),
  wavelength_range_nm: WavelengthRangeSchema.optional(),
};

export interface WavelengthFields {
  readonly wavelength_nm?: number | undefined;
  readonly wavelengths_nm?: readonly number[] | undefined;
  readonly wavelength_range_nm?: { readonly start: number; readonly stop: number; readonly count: number } | undefined;
}

/** Number of wavelength fields set; the schemas refine this to exactly one. */
export function wavelengthFieldCount(p: WavelengthFields): number {
  return [p.wavelength_nm, p.wavelengths_nm, p.wavelength_range_nm].filter((v) => v !== undefined).length;
}

export const WAVELENGTH_CHOICE_MESSAGE =
  'give exactly one of wavelength_nm (one vacuum wavelength), wavelengths_nm (a list) or wavelength_range_nm ({start, stop, count})';

/** The wavelengths as an array (vacuum, nm). Assumes the schema's exactly-one rule held. */
export function wavelengthGrid(p: WavelengthFields): number[] {
  if (p.wavelength_nm !== undefined) return [p.wavelength_nm];
  if (p.wavelengths_nm !== undefined) return [...p.wavelengths_nm];
  const r = p.wavelength_range_nm;
  if (r === undefined) throw new Error(WAVELENGTH_CHOICE_MESSAGE);
  if (r.count === 1) return [r.start];
  const step = (r.stop - r.start) / (r.count - 1);
  // start + i·step, with the last point pinned to stop so it is exactly what the user wrote.
  return Array.from({ length: r.count }, (_, i) => (i === r.count - 1 ? r.stop : r.start + i * step));
}
