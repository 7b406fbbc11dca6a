import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LayerStackProblemSchema } from './problem.ts';
import { problemAngles, problemWavelengths } from './sampling.ts';

const base = { kind: 'layer_stack', layers: [{ material: { n: 1.38, k: 0 }, thickness_nm: 100 }], exit_medium: { n: 1.52, k: 0 } };
const issues = (input: unknown): string[] => {
  const r = LayerStackProblemSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('layer_stack problem schema', () => {
  it('fills the documented defaults: air in front, front incidence, unpolarized, coherent layers, normal incidence', () => {
    const p = LayerStackProblemSchema.parse({ ...base, wavelength_nm: 550 });
    expect(p.incident_medium).toEqual({ n: 1, k: 0 });
    expect(p.incidence).toBe('front');
    expect(p.polarization).toBe('unpolarized');
    expect(p.layers[0]?.coherent).toBe(true);
    expect(problemAngles(p)).toEqual([0]);
  });

  it('takes exactly one wavelength form and says so', () => {
    expect(issues(base).join()).toMatch(/exactly one of wavelength_nm, wavelengths_nm or wavelength_range_nm/);
    expect(issues({ ...base, wavelength_nm: 500, wavelengths_nm: [500] }).join()).toMatch(/not wavelength_nm and wavelengths_nm/);
    const p = LayerStackProblemSchema.parse({ ...base, wavelength_range_nm: { start: 400, stop: 800, count: 5 } });
    expect(problemWavelengths(p)).toEqual([400, 500, 600, 700, 800]);
  });

  it('takes at most one angle form, each angle in [0°, 90°)', () => {
    expect(issues({ ...base, wavelength_nm: 500, angle_deg: 10, angles_deg: [20] }).join()).toMatch(/at most one of angle_deg/);
    expect(issues({ ...base, wavelength_nm: 500, angle_deg: 90 }).join()).toMatch(/below 90°/);
    expect(issues({ ...base, wavelength_nm: 500, angle_range_deg: { start: 0, stop: 90, count: 10 } }).join()).toMatch(/below 90/);
    const p = LayerStackProblemSchema.parse({ ...base, wavelength_nm: 500, angle_range_deg: { start: 0, stop: 80, count: 3 } });
    expect(problemAngles(p)).toEqual([0, 40, 80]);
  });

  it('refuses an absorbing literal medium on the side the light comes from, naming it', () => {
    expect(issues({ ...base, wavelength_nm: 500, incident_medium: { n: 1.5, k: 0.1 } }).join()).toMatch(/incident_medium: incident_medium is where the light comes from .* must be non-absorbing/);
    // From the back the exit medium is the source; an absorbing front medium is then allowed.
    expect(issues({ ...base, wavelength_nm: 500, incidence: 'back', exit_medium: { n: 3.5, k: 0.01 } }).join()).toMatch(/exit_medium is where the light comes from/);
    expect(issues({ ...base, wavelength_nm: 500, incidence: 'back', incident_medium: { n: 3.5, k: 0.01 } })).toEqual([]);
  });

  it('refuses non-positive thicknesses and wavelengths, unknown fields, and oversized problems', () => {
    expect(issues({ ...base, wavelength_nm: 500, layers: [{ material: { n: 1.4, k: 0 }, thickness_nm: 0 }] }).join()).toMatch(/layers.0.thickness_nm/);
    expect(issues({ ...base, wavelength_nm: -500 }).join()).toMatch(/wavelength_nm/);
    expect(issues({ ...base, wavelength_nm: 500, thickness_um: 3 }).join()).toMatch(/thickness_um/);
    expect(issues({ ...base, wavelength_range_nm: { start: 400, stop: 800, count: 10000 }, angle_range_deg: { start: 0, stop: 80, count: 100 } }).join()).toMatch(/at most 200000/);
  });

  it('describes every field in the JSON Schema the playground builds its form from', () => {
    const schema = z.toJSONSchema(LayerStackProblemSchema, { io: 'input' }) as { properties: Record<string, { description?: string }> };
    for (const [name, prop] of Object.entries(schema.properties)) {
      if (name === 'kind') continue;
      expect(prop.description, name).toBeTruthy();
    }
    expect(schema.properties.incidence?.description).toMatch(/from the substrate side/);
    expect(schema.properties.angle_deg?.description).toMatch(/degrees/);
  });
});
