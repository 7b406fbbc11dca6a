import { describe, expect, it } from 'vitest';
import { PHOTONICS_KINDS } from '../../src/core/photonics/problem.ts';
import { parseSchemaArgs, schemaCommand } from './schema.ts';
import { capture } from '../test-capture.ts';

interface Node {
  oneOf?: Node[];
  anyOf?: Node[];
  properties?: Record<string, Node & { const?: unknown; description?: string }>;
  required?: string[];
}

/** Every property name anywhere in a schema. */
function propertyNames(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) propertyNames(n, out);
  else if (typeof node === 'object' && node !== null) {
    const props = (node as Node).properties;
    if (props) for (const k of Object.keys(props)) out.add(k);
    for (const v of Object.values(node)) propertyNames(v, out);
  }
  return out;
}

describe('schema photonics', () => {
  it('prints the whole problem union: one member per kind, tagged by its kind', async () => {
    const { io, out, err } = capture();
    expect(await schemaCommand(['photonics'], io)).toBe(0);
    expect(err).toEqual([]);
    const schema = JSON.parse(out.join('')) as Node & { $schema: string };
    expect(schema.$schema).toContain('2020-12');
    const members = schema.oneOf ?? schema.anyOf ?? [];
    expect(members.map((m) => m.properties?.kind?.const)).toEqual([...PHOTONICS_KINDS]);
  });

  it('--kind prints one kind; a sphere takes radius_nm, and no field anywhere is a diameter', async () => {
    const { io, out } = capture();
    expect(await schemaCommand(['photonics', '--kind', 'scattering'], io)).toBe(0);
    const schema = JSON.parse(out.join('')) as Node;
    expect(schema.properties?.kind?.const).toBe('scattering');
    const names = propertyNames(schema);
    expect(names).toContain('radius_nm');
    expect([...names].filter((n) => n.includes('diameter'))).toEqual([]);
  });

  it('every length, wavelength and angle field names its unit', async () => {
    const { io, out } = capture();
    await schemaCommand(['photonics'], io);
    const dimensional = [...propertyNames(JSON.parse(out.join('')))].filter((n) => /wavelength|radius|thickness|length|angle/.test(n));
    expect(dimensional.length).toBeGreaterThan(5);
    // _a: in units of the lattice constant (photonic-crystal cells are scale-free).
    for (const name of dimensional) expect(name).toMatch(/_(nm|um|mm|deg|a)$/);
  });

  it('--kind works for every kind', async () => {
    for (const kind of PHOTONICS_KINDS) {
      const { io, out } = capture();
      expect(await schemaCommand(['photonics', `--kind=${kind}`], io)).toBe(0);
      expect((JSON.parse(out.join('')) as Node).properties?.kind?.const).toBe(kind);
    }
  });

  it('usage errors exit 2 and say what is wrong', async () => {
    expect(parseSchemaArgs([])).toBe('which schema? available: photonics');
    expect(parseSchemaArgs(['veh'])).toBe('unknown schema "veh"; available: photonics');
    expect(parseSchemaArgs(['photonics', '--kind', 'fdtd'])).toBe('unknown kind "fdtd": --kind must be one of scattering, layer_stack, mode, circuit, grating, grating_2d, bands, dda, eme, inverse_design');
    expect(parseSchemaArgs(['photonics', 'extra'])).toBe('unexpected argument "extra"');
    expect(parseSchemaArgs(['photonics', '--pretty'])).toBe('unknown argument "--pretty"');
    const { io, err } = capture();
    expect(await schemaCommand(['photonics', '--kind'], io)).toBe(2);
    expect(err[0]).toMatch(/^schema: --kind needs a value\nusage: proving-ground schema photonics/);
  });
});
