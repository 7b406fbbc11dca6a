import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EmeProblemSchema, MAX_EME_POINTS } from './problem.ts';

const base = {
  kind: 'eme',
  cladding: { n: 1.45, k: 0 },
  window_um: 8,
  wavelength_nm: 1550,
  sections: [{ length_um: 2, cores: [{ center_um: 0, width_um: 1, material: { n: 2, k: 0 } }] }],
};

describe('EmeProblemSchema', () => {
  it('fills the defaults an agent may leave out', () => {
    const p = EmeProblemSchema.parse(base);
    expect(p.polarization).toBe('TE');
    expect(p.grid_nm).toBe(20);
    expect(p.modes).toBe(40);
    expect(p.input_mode).toBe(0);
    expect(p.sections[0]?.taper_steps).toBe(20);
    expect(p.field_map).toBe(true);
  });

  it('prints as JSON Schema with every field (the form and `schema photonics --kind eme` are built from it)', () => {
    const schema = z.toJSONSchema(EmeProblemSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['cladding', 'window_um', 'grid_nm', 'modes', 'sections', 'sweep', 'wavelength_nm']));
    expect(schema.required).toEqual(expect.arrayContaining(['kind', 'cladding', 'window_um', 'sections']));
  });

  it('rejects a missing wavelength, too many cascades, a grid too fine for the window and a swept taper', () => {
    const { wavelength_nm: _w, ...noWavelength } = base;
    expect(EmeProblemSchema.safeParse(noWavelength).success).toBe(false);
    const tooMany = { ...base, wavelength_nm: undefined, wavelength_range_nm: { start: 1500, stop: 1600, count: 200 }, sweep: { section: 0, lengths_um: Array.from({ length: 101 }, (_, i) => i) } };
    expect(200 * 101).toBeGreaterThan(MAX_EME_POINTS);
    expect(EmeProblemSchema.safeParse(tooMany).success).toBe(false);
    expect(EmeProblemSchema.safeParse({ ...base, window_um: 1000, grid_nm: 1 }).success).toBe(false);
    const taper = { ...base, sections: [{ ...base.sections[0], taper_to: [{ center_um: 0, width_um: 2 }] }], sweep: { section: 0, lengths_um: [1] } };
    expect(EmeProblemSchema.safeParse(taper).success).toBe(false);
  });

  it('takes TE or TM polarisation and nothing else', () => {
    expect(EmeProblemSchema.parse({ ...base, polarization: 'TM' }).polarization).toBe('TM');
    expect(EmeProblemSchema.safeParse({ ...base, polarization: 'TEM' }).success).toBe(false);
    const schema = z.toJSONSchema(EmeProblemSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { enum?: unknown[] }> };
    expect(schema.properties['polarization']?.enum).toEqual(['TE', 'TM']);
  });
});
