/**
 * The JSON Schema the form is generated from: one problem kind's member of the zod union, converted
 * on the input side (fields with defaults are optional), exactly what `proving-ground schema
 * photonics --kind K` prints. Computed once per kind.
 */
import { z } from 'zod';
import { PhotonicsProblemSchema, type PhotonicsKind } from '../../core/photonics/problem.ts';
import type { JsonSchema } from './schema-form/json-schema.ts';

const cache = new Map<PhotonicsKind, JsonSchema>();

export function kindJsonSchema(kind: PhotonicsKind): JsonSchema {
  let schema = cache.get(kind);
  if (!schema) {
    const member = PhotonicsProblemSchema.options.find((o) => o.shape.kind.value === kind);
    if (!member) throw new Error(`no problem schema for kind "${kind}"`);
    schema = z.toJSONSchema(member, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cache.set(kind, schema);
  }
  return schema;
}
