/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, numbers in JavaScript's
 * shortest round-trip form (-0 written as 0), `undefined` properties left out as JSON.stringify does.
 * Non-finite numbers have no JSON form and throw. A hash over it (contentHash) names a file's content
 * independently of key order and formatting — it catches accidental damage only: anyone who edits a
 * file can recompute the hash. Re-executing the logged oracle calls is the real check (verify.ts).
 */
import { sha256Hex } from '../hash/sha256.ts';

export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(v: unknown, path: string): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`canonicalJson: ${path} is ${String(v)}, which JSON cannot hold`);
      return Object.is(v, -0) ? '0' : JSON.stringify(v);
    case 'string':
      return JSON.stringify(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(v)) return `[${v.map((x, i) => (x === undefined || typeof x === 'function' ? 'null' : write(x, `${path}[${i}]`))).join(',')}]`;
      const obj = v as Record<string, unknown>;
      if (typeof (obj as { toJSON?: unknown }).toJSON === 'function') return write((obj as { toJSON: () => unknown }).toJSON(), path);
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined && typeof obj[k] !== 'function')
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(obj[k], `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new Error(`canonicalJson: ${path} is a ${typeof v}, which JSON cannot hold`);
  }
}

/** SHA-256 (hex) of the canonical JSON of `value`. Detects accidental damage, not deliberate edits. */
export function contentHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}
