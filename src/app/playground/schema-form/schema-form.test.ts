/**
 * The form generator's pure logic, against JSON Schema as z.toJSONSchema really emits it (the slab
 * mode problem, plus small zod schemas for the union shapes the other kinds use).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MaterialSpecSchema } from '../../../core/photonics/material-spec.ts';
import { ModeProblemSchema } from '../../../core/photonics/slab/problem.ts';
import { CircuitProblemSchema } from '../../../core/photonics/circuit/problem.ts';
import { branchLabel, matchBranch } from './branch.ts';
import { constraintText, unitOf } from './field-label.ts';
import { initialValue, switchBranchValue } from './initial-value.ts';
import { resolveSchema, unionBranches, type JsonSchema } from './json-schema.ts';
import { materialBranches } from './material-schema.ts';
import { parseNumber } from './NumberField.tsx';
import { parseNumberList } from './NumberListField.tsx';

const toSchema = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const Particle = z.discriminatedUnion('shape', [
  z.strictObject({ shape: z.literal('sphere'), radius_nm: z.number().positive(), material: MaterialSpecSchema }),
  z.strictObject({ shape: z.literal('coated_sphere'), core_radius_nm: z.number().positive(), shell_thickness_nm: z.number().nonnegative(), core_material: MaterialSpecSchema, shell_material: MaterialSpecSchema }),
]);

describe('json-schema helpers', () => {
  it('follows $ref into $defs, keeping keywords written beside the reference', () => {
    const root: JsonSchema = { $defs: { Len: { type: 'number', exclusiveMinimum: 0 } }, properties: { a: { $ref: '#/$defs/Len', description: 'a length' } } };
    expect(resolveSchema(root.properties?.a as JsonSchema, root)).toEqual({ type: 'number', exclusiveMinimum: 0, description: 'a length' });
    expect(() => resolveSchema({ $ref: '#/$defs/Missing' }, root)).toThrow('unresolvable $ref #/$defs/Missing');
  });

  it('merges allOf members (what zod emits for an intersection) into one object', () => {
    const root = toSchema(z.strictObject({ a: z.number() }).and(z.strictObject({ b: z.string().optional() })));
    const merged = resolveSchema(root, root);
    expect(Object.keys(merged.properties ?? {}).sort()).toEqual(['a', 'b']);
    expect(merged.required).toEqual(['a']);
  });
});

describe('initial values', () => {
  it('fills required fields, uses defaults and consts, and starts bounded numbers inside their bounds', () => {
    const root = toSchema(z.strictObject({ kind: z.literal('x'), r_nm: z.number().positive(), n: z.number().min(1), pol: z.enum(['s', 'p']), opt: z.number().optional(), medium: MaterialSpecSchema.default({ n: 1.33, k: 0 }) }));
    // medium has a default, so on the input side it is optional and is left out until chosen.
    expect(initialValue(root, root)).toEqual({ kind: 'x', r_nm: 1, n: 1, pol: 's' });
    const medium = root.properties?.medium as JsonSchema;
    expect(initialValue(medium, root)).toEqual({ n: 1.33, k: 0 });
  });

  it('the slab mode problem starts as a slab with its required fields', () => {
    const root = toSchema(ModeProblemSchema);
    const v = initialValue(root, root) as Record<string, unknown>;
    expect(v.kind).toBe('mode');
    expect(v.structure).toMatchObject({ type: 'slab', core: { thickness_nm: 1 } });
    expect(v.polarization).toBe('TE');
  });

  it('keeps shared fields when switching union branches, but takes the new tag', () => {
    const root = toSchema(Particle);
    const branches = unionBranches(root) as JsonSchema[];
    const coated = switchBranchValue(branches[1] as JsonSchema, root, { shape: 'sphere', radius_nm: 50, material: 'Au' });
    expect(coated).toMatchObject({ shape: 'coated_sphere' });
    expect(coated).not.toHaveProperty('radius_nm');
  });
});

describe('union branches', () => {
  it('matches a tagged value by its tag, and an untagged object by the keys it carries', () => {
    const root = toSchema(Particle);
    const branches = unionBranches(root) as JsonSchema[];
    expect(matchBranch(branches, root, { shape: 'coated_sphere' })).toBe(1);
    expect(matchBranch(branches, root, { shape: 'sphere', radius_nm: 3 })).toBe(0);
    expect(branches.map((b) => branchLabel(b, root))).toEqual(['sphere', 'coated_sphere']);

    const W = toSchema(z.union([z.strictObject({ wavelength_nm: z.number() }), z.strictObject({ wavelength_range_nm: z.strictObject({ start: z.number(), stop: z.number(), count: z.number().int() }) })]));
    const wb = unionBranches(W) as JsonSchema[];
    expect(matchBranch(wb, W, { wavelength_range_nm: { start: 1, stop: 2, count: 3 } })).toBe(1);
    expect(matchBranch(wb, W, { wavelength_nm: 500 })).toBe(0);
    expect(wb.map((b) => branchLabel(b, W))).toEqual(['wavelength_nm', 'wavelength_range_nm']);
  });

  it('matches a material value to the name or the literal branch', () => {
    const root = toSchema(MaterialSpecSchema);
    const branches = unionBranches(root) as JsonSchema[];
    expect(matchBranch(branches, root, 'Au')).toBe(0);
    expect(matchBranch(branches, root, { n: 1.5, k: 0 })).toBe(1);
  });
});

describe('material fields', () => {
  it('are recognised by a name branch beside an {n, k} branch, wherever they sit', () => {
    const root = toSchema(ModeProblemSchema);
    const structure = resolveSchema(root.properties?.structure as JsonSchema, root);
    const slab = resolveSchema((unionBranches(structure) as JsonSchema[])[0] as JsonSchema, root);
    expect(materialBranches(slab.properties?.cover as JsonSchema, root)).toEqual({ name: 0, literal: 1 });
    expect(materialBranches(root.properties?.polarization as JsonSchema, root)).toBeNull();
    expect(materialBranches(toSchema(z.union([z.string(), z.number()])), {})).toBeNull();
  });
});

describe('records and tuples (the circuit netlist)', () => {
  it('a netlist has a free-key record of instances and connections as string pairs', () => {
    const root = toSchema(CircuitProblemSchema);
    const circuit = resolveSchema(root.properties?.circuit as JsonSchema, root);
    const branches = unionBranches(circuit) as JsonSchema[];
    const netlist = resolveSchema(branches[matchBranch(branches, root, { type: 'netlist' })] as JsonSchema, root);
    expect(branchLabel(netlist, root)).toBe('netlist');
    const instances = resolveSchema(netlist.properties?.instances as JsonSchema, root);
    // What SchemaField routes to RecordField: an object with a value schema and no listed properties.
    expect(instances.properties).toBeUndefined();
    expect(typeof instances.additionalProperties).toBe('object');
    const pair = resolveSchema((resolveSchema(netlist.properties?.connections as JsonSchema, root).items ?? {}) as JsonSchema, root);
    expect(pair.prefixItems).toHaveLength(2);
    expect(initialValue(pair, root)).toEqual(['', '']);
    expect(initialValue(netlist, root)).toEqual({ type: 'netlist', instances: {}, connections: [], ports: {} });
  });
});

describe('labels and parsing', () => {
  it('reads the unit from the field name', () => {
    expect(unitOf('radius_nm')).toBe('nm');
    expect(unitOf('length_um')).toBe('µm');
    expect(unitOf('angle_deg')).toBe('degrees');
    expect(unitOf('loss_db_per_cm')).toBe('dB/cm');
    expect(unitOf('kappa_per_um')).toBe('µm⁻¹');
    expect(unitOf('polarization')).toBeNull();
  });

  it('states bounds as the schema gives them', () => {
    expect(constraintText({ type: 'integer', minimum: 3, maximum: 10000 })).toBe('≥ 3, ≤ 10000, integer');
    expect(constraintText({ type: 'number', exclusiveMinimum: 0 })).toBe('> 0');
  });

  it('accepts complete numbers only, exponents included', () => {
    expect(parseNumber('1e-3', false)).toBe(0.001);
    expect(parseNumber(' 632.8 ', false)).toBe(632.8);
    expect(parseNumber('1e', false)).toBeNull();
    expect(parseNumber('-', false)).toBeNull();
    expect(parseNumber('', false)).toBeNull();
    expect(parseNumber('2.5', true)).toBeNull();
    expect(parseNumber('1e400', false)).toBeNull();
  });

  it('reads number lists separated by commas, spaces or semicolons, naming a bad entry', () => {
    expect(parseNumberList('400, 500\n600;700')).toEqual([400, 500, 600, 700]);
    expect(parseNumberList('400, 5x0')).toBe('entry 2 ("5x0") is not a number');
  });
});
