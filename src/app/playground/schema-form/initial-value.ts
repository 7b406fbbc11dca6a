/**
 * The value a new form field starts with: the schema's default, else its const or first enum
 * member, else an empty value of its type holding only the required properties. A required number
 * with a lower bound starts at a value inside the bound rather than at an invalid 0.
 */
import { isJsonObject, resolveSchema, schemaType, unionBranches, type JsonSchema, type JsonValue } from './json-schema.ts';

export function initialValue(schema: JsonSchema, root: JsonSchema): JsonValue {
  const s = resolveSchema(schema, root);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0] as JsonValue;
  const branches = unionBranches(s);
  if (branches) return initialValue(branches[0] as JsonSchema, root);
  switch (schemaType(s)) {
    case 'object': {
      const out: Record<string, JsonValue> = {};
      for (const key of s.required ?? []) {
        const prop = s.properties?.[key];
        if (prop) out[key] = initialValue(prop, root);
      }
      return out;
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((p) => initialValue(p, root));
      const count = s.minItems ?? 0;
      return Array.from({ length: count }, () => (s.items ? initialValue(s.items, root) : null));
    }
    case 'number':
    case 'integer':
      return initialNumber(s);
    case 'string':
      return '';
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function initialNumber(s: JsonSchema): number {
  if (s.minimum !== undefined) return s.minimum;
  if (s.exclusiveMinimum !== undefined) return s.exclusiveMinimum + 1;
  if (s.maximum !== undefined && s.maximum < 0) return s.maximum;
  if (s.exclusiveMaximum !== undefined && s.exclusiveMaximum <= 0) return s.exclusiveMaximum - 1;
  return 0;
}

/**
 * The starting value of a union branch the user just switched to. Properties the old value shares
 * with the new branch are kept (switching a sphere to a coated sphere keeps nothing it cannot use,
 * but switching between two wavelength forms keeps the rest of an object untouched).
 */
export function switchBranchValue(branch: JsonSchema, root: JsonSchema, previous: JsonValue): JsonValue {
  const fresh = initialValue(branch, root);
  const b = resolveSchema(branch, root);
  if (!isJsonObject(fresh) || !isJsonObject(previous) || !b.properties) return fresh;
  const kept: Record<string, JsonValue> = { ...fresh };
  for (const [key, value] of Object.entries(previous)) {
    const prop = b.properties[key];
    if (prop && resolveSchema(prop, root).const === undefined) kept[key] = value;
  }
  return kept;
}
