/**
 * JSON for prompt payloads: objects indented two spaces, but arrays of numbers/strings kept on one
 * line ("beam_length_mm": [20, 80]), which roughly halves the lines (and tokens) of a payload
 * compared with JSON.stringify(v, null, 2) while parsing back to exactly the same value.
 */

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
}

function write(v: unknown, indent: string): string {
  if (isScalar(v)) return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every(isScalar)) return `[${v.map((x) => JSON.stringify(x)).join(', ')}]`;
    return `[\n${v.map((x) => inner + write(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${write(x, inner)}`).join(',\n')}\n${indent}}`;
}

export function payloadJson(value: unknown): string {
  return write(value, '');
}
