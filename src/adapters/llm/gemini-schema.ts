/**
 * Gemini's `functionDeclarations[].parameters` takes an OpenAPI 3.0 Schema subset, not JSON
 * Schema, and rejects keywords outside it (`$schema`, `additionalProperties`, `const`, type
 * arrays, …) with a 400. Tool schemas come from zod via z.toJSONSchema, so they are converted:
 *
 * - kept: type, format (the ones Gemini knows), title, description, nullable, enum (strings), items,
 *   properties, required, minItems/maxItems, minProperties/maxProperties, minLength/maxLength,
 *   pattern, minimum/maximum, default, example, anyOf;
 * - rewritten: `type: [T, 'null']` → `type: T, nullable: true`; `const: "x"` → `enum: ["x"]`;
 *   `oneOf` → `anyOf`; a one-element `allOf` is inlined; local `$ref`s into `$defs`/`definitions`
 *   are inlined (to a bounded depth: a recursive schema is cut off as an untyped value);
 *   `exclusiveMinimum`/`exclusiveMaximum` become inclusive bounds (the model is told the looser
 *   bound; the suite's own zod validation still enforces the strict one);
 * - dropped: everything else, notably `$schema`, `$id`, `additionalProperties`, non-string enums
 *   and consts, multi-element `allOf`, `not`, `if/then/else`.
 */

type Json = Record<string, unknown>;

const KEPT = ['title', 'description', 'nullable', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'default', 'example'];
const FORMATS: Record<string, readonly string[]> = { string: ['enum', 'date-time'], number: ['float', 'double'], integer: ['int32', 'int64'] };
const MAX_REF_DEPTH = 8;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function toGeminiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const defs = { ...(isObject(schema.definitions) ? schema.definitions : {}), ...(isObject(schema.$defs) ? schema.$defs : {}) };
  return convert(schema, defs, 0);
}

function resolveRef(ref: string, defs: Json): Json | null {
  const m = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  const target = m?.[1] !== undefined ? defs[decodeURIComponent(m[1])] : undefined;
  return isObject(target) ? target : null;
}

function convert(node: Json, defs: Json, depth: number): Json {
  if (typeof node.$ref === 'string') {
    const target = resolveRef(node.$ref, defs);
    if (target === null || depth >= MAX_REF_DEPTH) return typeof node.description === 'string' ? { description: node.description } : {};
    return convert({ ...target, ...withoutKey(node, '$ref') }, defs, depth + 1);
  }
  if (Array.isArray(node.allOf) && node.allOf.length === 1 && isObject(node.allOf[0])) {
    return convert({ ...node.allOf[0], ...withoutKey(node, 'allOf') }, defs, depth);
  }
  const out: Json = {};
  for (const k of KEPT) if (node[k] !== undefined) out[k] = node[k];

  let type = node.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    if (nonNull.length < type.length) out.nullable = true;
    type = nonNull.length === 1 ? nonNull[0] : undefined;
  }
  if (typeof type === 'string') out.type = type;
  if (typeof node.format === 'string' && typeof type === 'string' && FORMATS[type]?.includes(node.format)) out.format = node.format;

  if (typeof node.const === 'string') {
    out.type = 'string';
    out.enum = [node.const];
  }
  if (Array.isArray(node.enum) && node.enum.every((e) => typeof e === 'string')) out.enum = node.enum;
  if (typeof node.exclusiveMinimum === 'number' && out.minimum === undefined) out.minimum = node.exclusiveMinimum;
  if (typeof node.exclusiveMaximum === 'number' && out.maximum === undefined) out.maximum = node.exclusiveMaximum;

  if (isObject(node.properties)) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, isObject(v) ? convert(v, defs, depth) : {}]));
  }
  if (Array.isArray(node.required)) out.required = node.required.filter((r) => typeof r === 'string');
  if (isObject(node.items)) out.items = convert(node.items, defs, depth);
  const alternatives = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : null;
  if (alternatives) {
    const nonNull = alternatives.filter((a) => !(isObject(a) && a.type === 'null'));
    if (nonNull.length < alternatives.length) out.nullable = true;
    const converted = nonNull.filter(isObject).map((a) => convert(a, defs, depth));
    if (converted.length === 1 && converted[0]) Object.assign(out, converted[0], out.nullable ? { nullable: true } : {});
    else if (converted.length > 1) out.anyOf = converted;
  }
  return out;
}

function withoutKey(node: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = node;
  return rest;
}
