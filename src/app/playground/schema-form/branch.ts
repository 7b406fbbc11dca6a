/**
 * Which branch of a union a value belongs to, and what to call each branch in the selector.
 * A tagged branch (a property with a const, e.g. shape: "sphere") is matched by its tag; an untagged
 * one by JSON type and by which of its required keys the value carries (e.g. wavelength_nm versus
 * wavelength_range_nm).
 */
import { constProperties, isJsonObject, resolveSchema, schemaType, type JsonSchema, type JsonValue } from './json-schema.ts';

function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function typeMatches(schemaTypeName: string | undefined, value: JsonValue): boolean {
  if (schemaTypeName === undefined) return true;
  const t = jsonTypeOf(value);
  if (schemaTypeName === 'integer') return t === 'number' && Number.isInteger(value);
  return schemaTypeName === t;
}

/** Higher is a better fit; -Infinity means the value cannot belong to the branch. */
function fitScore(branch: JsonSchema, root: JsonSchema, value: JsonValue): number {
  const b = resolveSchema(branch, root);
  if (b.const !== undefined) return JSON.stringify(b.const) === JSON.stringify(value) ? 10 : -Infinity;
  if (b.enum) return b.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)) ? 10 : -Infinity;
  if (!typeMatches(schemaType(b), value)) return -Infinity;
  if (!isJsonObject(value)) return 1;
  let score = 1;
  for (const [key, tag] of constProperties(b, root)) {
    if (JSON.stringify(value[key]) !== JSON.stringify(tag)) return -Infinity;
    score += 10;
  }
  const props = b.properties ?? {};
  for (const key of b.required ?? []) score += key in value ? 1 : -1;
  for (const key of Object.keys(value)) if (!(key in props) && b.additionalProperties === false) score -= 2;
  return score;
}

/** Index of the branch that best fits `value` (0 when none fits, so the form still shows something). */
export function matchBranch(branches: readonly JsonSchema[], root: JsonSchema, value: JsonValue): number {
  let best = 0;
  let bestScore = -Infinity;
  branches.forEach((branch, i) => {
    const s = fitScore(branch, root, value);
    if (s > bestScore) {
      best = i;
      bestScore = s;
    }
  });
  return best;
}

const TYPE_LABELS: Record<string, string> = { string: 'text', number: 'number', integer: 'integer', boolean: 'yes/no', array: 'list', object: 'object' };

/** A short label for a branch: its tag value, its title, its required keys, or its type. */
export function branchLabel(branch: JsonSchema, root: JsonSchema): string {
  const b = resolveSchema(branch, root);
  if (b.title) return b.title;
  if (b.const !== undefined) return String(b.const);
  const tags = constProperties(b, root);
  if (tags.length > 0) return tags.map(([, v]) => String(v)).join(' / ');
  const t = schemaType(b);
  if (t === 'object' && b.required && b.required.length > 0) return b.required.join(' + ');
  if (t === 'object' && b.properties) return Object.keys(b.properties).join(', ');
  return TYPE_LABELS[t ?? ''] ?? b.description ?? 'value';
}
