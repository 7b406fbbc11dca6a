/** CircuitProblemSchema: wavelength rules per type, unknown fields and types refused with a path. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CircuitProblemSchema } from './problem.ts';

const ring = { type: 'ring_all_pass', radius_um: 10, waveguide: { n_eff: 2.4, n_g: 4.2 }, coupling: { power_coupling: 0.1 } };
const issues = (input: unknown): string[] => {
  const r = CircuitProblemSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('CircuitProblemSchema', () => {
  it('a spectral circuit needs exactly one wavelength field; a link budget needs none', () => {
    expect(issues({ kind: 'circuit', circuit: ring }).join()).toMatch(/exactly one of wavelength_nm/);
    expect(issues({ kind: 'circuit', circuit: ring, wavelength_nm: 1550 })).toEqual([]);
    expect(issues({ kind: 'circuit', circuit: { type: 'link_budget', laser_power_dbm: 0, elements: [], detector_sensitivity_dbm: -30 } })).toEqual([]);
  });

  it('refuses unknown types and fields (e.g. a diameter) and a power coupling above 1', () => {
    expect(issues({ kind: 'circuit', circuit: { ...ring, type: 'ring' }, wavelength_nm: 1550 }).length).toBeGreaterThan(0);
    expect(issues({ kind: 'circuit', circuit: { ...ring, diameter_um: 20 }, wavelength_nm: 1550 }).join()).toMatch(/diameter_um/);
    expect(issues({ kind: 'circuit', circuit: { ...ring, coupling: { power_coupling: 1.2 } }, wavelength_nm: 1550 }).join()).toMatch(/circuit\.coupling/);
  });

  it('fills defaults: 50:50 MZI couplers, zero loss, zero detuning', () => {
    const p = CircuitProblemSchema.parse({ kind: 'circuit', circuit: { type: 'mzi', arm_length_um: 100, delta_length_um: 20, waveguide: { n_eff: 2.4, n_g: 4.2 } }, wavelength_nm: 1550 });
    if (p.circuit.type !== 'mzi') throw new Error('expected an mzi');
    expect(p.circuit.splitter).toEqual({ power_coupling: 0.5 });
    expect(p.circuit.waveguide.loss_db_per_cm).toBe(0);
  });
});

describe('JSON Schema (the playground builds its form from it)', () => {
  it('converts, with descriptions that carry units', () => {
    const schema = JSON.stringify(z.toJSONSchema(CircuitProblemSchema, { io: 'input' }));
    expect(schema).toContain('dB/cm');
    expect(schema).toContain('kappa_per_um');
    expect(schema).toContain('1/µm');
  });
});
