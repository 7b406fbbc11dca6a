/**
 * The JSON Schema the form is generated from: one problem kind's member of the zod union, converted
 * on the input side (fields with defaults are optional), exactly what `proving-ground schema
 * photonics --kind K` prints. Computed once per kind.
 */
import type { PhotonicsKind } from '../../core/photonics/problem.ts';
import { photonicsKindJsonSchema } from '../../core/photonics/problem.ts';
import type { JsonSchema } from './schema-form/json-schema.ts';

const cache = new Map<PhotonicsKind, JsonSchema>();

export function kindJsonSchema(kind: PhotonicsKind): JsonSchema {
  let schema = cache.get(kind);
  if (!schema) {
    schema = photonicsKindJsonSchema(kind) as JsonSchema;
    cache.set(kind, schema);
  }
  return schema;
}
