import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toGeminiSchema } from './gemini-schema.ts';

describe('toGeminiSchema', () => {
  it('turns a zod-generated JSON Schema into the OpenAPI subset Gemini accepts', () => {
    const schema = z.object({
      action: z.literal('propose_design'),
      mode: z.enum(['fast', 'slow']),
      design: z.object({ beam_length_mm: z.number().positive().max(200), tags: z.array(z.string()).min(1) }),
      note: z.string().nullable(),
      count: z.number().int().optional(),
      extra: z.record(z.string(), z.number()),
    });
    const json = z.toJSONSchema(schema) as Record<string, unknown>;
    // What zod emits and Gemini would reject:
    expect(json).toHaveProperty('$schema');
    expect(json).toHaveProperty('additionalProperties', false);
    expect(toGeminiSchema(json)).toEqual({
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['propose_design'] },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        design: {
          type: 'object',
          properties: {
            // exclusiveMinimum 0 becomes an inclusive minimum (documented loosening).
            beam_length_mm: { type: 'number', minimum: 0, maximum: 200 },
            tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
          },
          required: ['beam_length_mm', 'tags'],
        },
        note: { type: 'string', nullable: true },
        count: { type: 'integer', minimum: expect.any(Number) as number, maximum: expect.any(Number) as number },
        extra: { type: 'object' },
      },
      required: ['action', 'mode', 'design', 'note', 'extra'],
    });
  });

  it('inlines local $refs, cuts recursion at a bounded depth, and unwraps a one-element allOf', () => {
    const converted = toGeminiSchema({
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' }, wrapped: { allOf: [{ type: 'string' }], description: 'w' }, ty: { type: ['number', 'null'] } },
    });
    const props = converted.properties as Record<string, Record<string, unknown>>;
    expect(props.wrapped).toEqual({ type: 'string', description: 'w' });
    expect(props.ty).toEqual({ type: 'number', nullable: true });
    let depth = 0;
    let node: Record<string, unknown> | undefined = props.root;
    while (node && node.properties) {
      node = (node.properties as Record<string, Record<string, unknown>>).child;
      depth++;
    }
    expect(depth).toBe(8);
    expect(node).toEqual({});
  });

  it('drops non-string enums and consts (Gemini enums are strings only)', () => {
    expect(toGeminiSchema({ type: 'integer', enum: [1, 2] })).toEqual({ type: 'integer' });
    expect(toGeminiSchema({ const: 3 })).toEqual({});
  });
});
