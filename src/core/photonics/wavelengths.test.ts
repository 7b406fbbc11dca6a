import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_WAVELENGTHS, checkWavelengthChoice, linspace, wavelengthChoiceMessage, wavelengthFields, wavelengthGrid } from './wavelengths.ts';

const Schema = z.strictObject({ ...wavelengthFields }).superRefine((p, ctx) => checkWavelengthChoice(p, ctx));
const issues = (input: unknown): string[] => {
  const r = Schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('wavelengths', () => {
  it('takes exactly one of the three fields, naming them (or, when optional, at most one)', () => {
    expect(wavelengthChoiceMessage({})).toMatch(/^give the vacuum wavelength\(s\): exactly one of wavelength_nm, wavelengths_nm or wavelength_range_nm/);
    expect(wavelengthChoiceMessage({ wavelength_nm: 500, wavelengths_nm: [500] })).toMatch(/exactly one of .*, not wavelength_nm and wavelengths_nm$/);
    expect(wavelengthChoiceMessage({ wavelength_nm: 500 })).toBeUndefined();
    expect(wavelengthChoiceMessage({}, false)).toBeUndefined();
    expect(wavelengthChoiceMessage({ wavelength_nm: 500, wavelength_range_nm: { start: 1, stop: 2, count: 2 } }, false)).toMatch(
      /^give at most one of .*, not wavelength_nm and wavelength_range_nm$/,
    );
    expect(issues({})).toHaveLength(1);
    expect(issues({ wavelength_nm: 633 })).toEqual([]);
  });

  it('refuses non-positive wavelengths, oversized lists and inconsistent ranges', () => {
    expect(issues({ wavelength_nm: -500 }).join()).toMatch(/wavelength_nm: wavelengths must be positive/);
    expect(issues({ wavelength_range_nm: { start: 0, stop: 800, count: 5 } }).join()).toMatch(/wavelength_range_nm.start: wavelengths must be positive/);
    expect(issues({ wavelengths_nm: [] })).not.toEqual([]);
    expect(issues({ wavelengths_nm: new Array(MAX_WAVELENGTHS + 1).fill(500) })).not.toEqual([]);
    expect(issues({ wavelength_range_nm: { start: 400, stop: 400, count: 3 } }).join()).toMatch(/use count 1/);
    expect(issues({ wavelength_range_nm: { start: 400, stop: 500, count: 1 } }).join()).toMatch(/ambiguous/);
  });

  it('expands each form to an array, a range with both ends exact', () => {
    expect(wavelengthGrid({ wavelength_nm: 633 })).toEqual([633]);
    const list = [700, 500];
    expect(wavelengthGrid({ wavelengths_nm: list })).toEqual([700, 500]);
    expect(wavelengthGrid({ wavelengths_nm: list })).not.toBe(list);
    expect(wavelengthGrid({ wavelength_range_nm: { start: 400, stop: 800, count: 5 } })).toEqual([400, 500, 600, 700, 800]);
    expect(wavelengthGrid({ wavelength_range_nm: { start: 633, stop: 633, count: 1 } })).toEqual([633]);
    expect(() => wavelengthGrid({})).toThrow(/exactly one of/);
    const fine = linspace(0.1, 0.7, 7);
    expect(fine.at(-1)).toBe(0.7);
    expect(fine).toHaveLength(7);
  });
});
