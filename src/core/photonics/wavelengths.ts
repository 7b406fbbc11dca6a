/**
 * The vacuum wavelengths a photonics problem (scattering, layer_stack, mode, circuit, grating) is solved at:
 * exactly one of `wavelength_nm` (one value), `wavelengths_nm` (a list) or `wavelength_range_nm`
 * ({start, stop, count}, evenly spaced, both ends included). One schema fragment, one rule and one
 * sampling function, so every kind takes and expands them the same way. Wavelengths are VACUUM
 * wavelengths: the solvers divide by the medium's index themselves.
 */
import { z } from 'zod';

/** Most wavelengths in one problem (a list or a range). */
export const MAX_WAVELENGTHS = 10_000;

const POSITIVE = 'wavelengths must be positive (vacuum wavelength in nm)';
const positiveNm = (what: string) => z.number().finite().positive({ error: POSITIVE }).describe(what);

export const WavelengthRangeSchema = z
  .strictObject({
    start: positiveNm('first vacuum wavelength, nm'),
    stop: positiveNm('last vacuum wavelength, nm (included)'),
    count: z.number().int().min(1).max(MAX_WAVELENGTHS).describe('number of evenly spaced wavelengths, start and stop included'),
  })
  .superRefine((r, ctx) => {
    if (r.count > 1 && r.stop === r.start) {
      ctx.addIssue({ code: 'custom', message: `stop equals start but count is ${r.count}; use count 1 for a single wavelength` });
    }
    if (r.count === 1 && r.stop !== r.start) {
      ctx.addIssue({ code: 'custom', message: 'count 1 with stop ≠ start is ambiguous; give count ≥ 2 or stop = start' });
    }
  })
  .describe('evenly spaced VACUUM wavelengths, nm: start, stop (both included), count');

/** The three wavelength fields, to spread into a problem's strictObject. */
export const wavelengthFields = {
  wavelength_nm: positiveNm('one VACUUM wavelength, nm (not the wavelength inside the medium)').optional(),
  wavelengths_nm: z
    .array(positiveNm('vacuum wavelength, nm'))
    .min(1)
    .max(MAX_WAVELENGTHS)
    .optional()
    .describe(`a list of VACUUM wavelengths, nm (at most ${MAX_WAVELENGTHS})`),
  wavelength_range_nm: WavelengthRangeSchema.optional(),
};

export interface WavelengthFields {
  readonly wavelength_nm?: number | undefined;
  readonly wavelengths_nm?: readonly number[] | undefined;
  readonly wavelength_range_nm?: { readonly start: number; readonly stop: number; readonly count: number } | undefined;
}

const FIELD_NAMES = ['wavelength_nm', 'wavelengths_nm', 'wavelength_range_nm'] as const;
const CHOICE = 'wavelength_nm, wavelengths_nm or wavelength_range_nm (one vacuum wavelength, a list, or {start, stop, count}; nm)';

/** The wavelength fields a problem sets. */
export function givenWavelengthFields(p: WavelengthFields): string[] {
  return FIELD_NAMES.filter((f) => p[f] !== undefined);
}

/**
 * Why the wavelength fields are wrong, or undefined: exactly one must be set, or, when not
 * `required` (a problem that can do without, such as a link budget), at most one.
 */
export function wavelengthChoiceMessage(p: WavelengthFields, required = true): string | undefined {
  const given = givenWavelengthFields(p);
  if (given.length === 1 || (given.length === 0 && !required)) return undefined;
  if (given.length === 0) return `give the vacuum wavelength(s): exactly one of ${CHOICE}`;
  return `give ${required ? 'exactly' : 'at most'} one of ${CHOICE}, not ${given.join(' and ')}`;
}

/** superRefine step for a problem schema that spreads wavelengthFields. */
export function checkWavelengthChoice(p: WavelengthFields, ctx: z.RefinementCtx, required = true): void {
  const message = wavelengthChoiceMessage(p, required);
  if (message !== undefined) ctx.addIssue({ code: 'custom', message });
}

/** `count` evenly spaced values from start to stop, both included; the last is exactly `stop`. */
export function linspace(start: number, stop: number, count: number): number[] {
  if (count === 1) return [start];
  const step = (stop - start) / (count - 1);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? stop : start + i * step));
}

/** The wavelengths as an array (vacuum, nm), in the order given. Assumes the schema's exactly-one rule held. */
export function wavelengthGrid(p: WavelengthFields): number[] {
  if (p.wavelength_nm !== undefined) return [p.wavelength_nm];
  if (p.wavelengths_nm !== undefined) return [...p.wavelengths_nm];
  const r = p.wavelength_range_nm;
  if (r === undefined) throw new Error(wavelengthChoiceMessage(p));
  return linspace(r.start, r.stop, r.count);
}
