/**
 * The subset of JSON Schema (draft 2020-12) that z.toJSONSchema emits for the photonics problems,
 * and the few operations the form needs on it: follow a $ref, merge an allOf, list a union's
 * branches. The form is generated from this schema, so a new field in a solver's zod schema appears
 * in the page without touching the page.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  title?: string;
  description?: string;
  default?: JsonValue;
  const?: JsonValue;
  enum?: JsonValue[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows local `#/$defs/...` (and `#/definitions/...`) references against the root schema. */
export function resolveSchema(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let node = schema;
  for (let guard = 0; node.$ref !== undefined && guard < 32; guard++) {
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(node.$ref);
    const target = match ? (root as Record<string, Record<string, JsonSchema> | undefined>)[match[1] as string]?.[decodeURIComponent(match[2] as string)] : undefined;
    if (!target) throw new Error(`unresolvable $ref ${node.$ref}`);
    const { $ref: _ref, ...rest } = node;
    // Keywords beside a $ref (a description, a default) annotate the target; they win over its own.
    node = { ...target, ...rest };
  }
  return node.allOf ? mergeAllOf(node, root) : node;
}

/** Merges `allOf` members of object type into one object schema (properties and required lists joined). */
function mergeAllOf(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const { allOf = [], ...base } = schema;
  let merged: JsonSchema = base;
  for (const part of allOf.map((p) => resolveSchema(p, root))) {
    merged = {
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    };
  }
  return merged;
}

/** The branches of a union node (anyOf or oneOf), or null for a node that is not a union. */
export function unionBranches(schema: JsonSchema): JsonSchema[] | null {
  const branches = schema.oneOf ?? schema.anyOf;
  return branches && branches.length > 0 ? branches : null;
}

/** The node's single JSON type, inferring "object" from properties and ignoring a "null" alternative. */
export function schemaType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type !== undefined) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.const !== undefined) return typeof schema.const;
  return undefined;
}

/** Properties with a `const` value: the discriminators of a tagged-union branch (e.g. shape: "sphere"). */
export function constProperties(schema: JsonSchema, root: JsonSchema): [string, JsonValue][] {
  const out: [string, JsonValue][] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const p = resolveSchema(prop, root);
    if (p.const !== undefined) out.push([key, p.const]);
    else if (p.enum?.length === 1 && p.enum[0] !== undefined) out.push([key, p.enum[0]]);
  }
  return out;
}
