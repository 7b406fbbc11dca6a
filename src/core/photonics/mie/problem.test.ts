import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_WAVELENGTHS, ScatteringProblemSchema, outerRadiusNm, scatteringWavelengths } from './problem.ts';

const sphere = { shape: 'sphere', radius_nm: 50, material: { n: 1.5, k: 0 } };
const messages = (input: unknown): string[] => {
  const r = ScatteringProblemSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('scattering problem schema', () => {
  it('accepts a sphere with one vacuum wavelength and defaults the medium to vacuum', () => {
    const p = ScatteringProblemSchema.parse({ kind: 'scattering', particle: sphere, wavelength_nm: 500 });
    expect(p.medium).toEqual({ n: 1, k: 0 });
    expect(scatteringWavelengths(p)).toEqual([500]);
    expect(outerRadiusNm(p.particle)).toBe(50);
  });

  it('refuses a diameter and says that spheres take a radius', () => {
    const m = messages({ kind: 'scattering', particle: { shape: 'sphere', diameter_nm: 100, material: 'Au' }, wavelength_nm: 500 });
    expect(m.join('\n')).toMatch(/"diameter_nm".*RADIUS/);
    const coated = messages({
      kind: 'scattering',
      particle: { shape: 'coated_sphere', core_diameter_nm: 60, shell_thickness_nm: 10, core_material: 'Au', shell_material: 'SiO2' },
      wavelength_nm: 500,
    });
    expect(coated.join('\n')).toMatch(/"core_diameter_nm".*RADIUS/);
  });

  it('needs exactly one of wavelength_nm, wavelengths_nm, wavelength_range_nm', () => {
    expect(messages({ kind: 'scattering', particle: sphere }).join()).toMatch(/exactly one of wavelength_nm, wavelengths_nm or wavelength_range_nm/);
    expect(messages({ kind: 'scattering', particle: sphere, wavelength_nm: 500, wavelengths_nm: [400] }).join()).toMatch(
      /not wavelength_nm and wavelengths_nm/,
    );
    expect(messages({ kind: 'scattering', particle: sphere, wavelengths_nm: new Array(MAX_WAVELENGTHS + 1).fill(500) })).not.toEqual([]);
    expect(messages({ kind: 'scattering', particle: sphere, wavelengths_nm: [] })).not.toEqual([]);
    expect(messages({ kind: 'scattering', particle: sphere, wavelength_nm: -500 })).not.toEqual([]);
  });

  it('expands a range with both ends included', () => {
    const p = ScatteringProblemSchema.parse({ kind: 'scattering', particle: sphere, wavelength_range_nm: { start: 400, stop: 800, count: 5 } });
    expect(scatteringWavelengths(p)).toEqual([400, 500, 600, 700, 800]);
    const one = ScatteringProblemSchema.parse({ kind: 'scattering', particle: sphere, wavelength_range_nm: { start: 633, stop: 633, count: 1 } });
    expect(scatteringWavelengths(one)).toEqual([633]);
    expect(messages({ kind: 'scattering', particle: sphere, wavelength_range_nm: { start: 400, stop: 400, count: 3 } }).join()).toMatch(/count 1/);
  });

  it('coated spheres: outer radius = core + shell, and it must be positive', () => {
    const p = ScatteringProblemSchema.parse({
      kind: 'scattering',
      particle: { shape: 'coated_sphere', core_radius_nm: 60, shell_thickness_nm: 15, core_material: { n: 1.45, k: 0 }, shell_material: 'Au' },
      wavelength_nm: 800,
    });
    expect(outerRadiusNm(p.particle)).toBe(75);
    const zero = { shape: 'coated_sphere', core_radius_nm: 0, shell_thickness_nm: 0, core_material: 'Au', shell_material: 'Au' };
    expect(messages({ kind: 'scattering', particle: zero, wavelength_nm: 500 }).join()).toMatch(/outer radius/);
  });

  it('describes every field in the JSON Schema the playground builds its form from', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      const props = o.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [key, child] of Object.entries(props ?? {})) {
        // discriminator literals (kind, shape, model) describe themselves
        if (child.const === undefined && typeof child.description !== 'string') undescribed.push(`${path}.${key}`);
        walk(child, `${path}.${key}`);
      }
      for (const k of ['oneOf', 'anyOf', 'allOf'] as const) {
        const list = o[k];
        if (Array.isArray(list)) list.forEach((c, i) => walk(c, `${path}[${k}${i}]`));
      }
      if (o.items) walk(o.items, `${path}[]`);
    };
    walk(z.toJSONSchema(ScatteringProblemSchema, { io: 'input' }), 'scattering');
    expect(undescribed).toEqual([]);
  });
});
