/**
 * Hardened reading of result files for import and verification: a size limit checked before any
 * parsing, JSON errors reported as such (with a hint when the text looks truncated), and schema
 * validation whose error names the path of the first problems. Pure: callers pass text (and, where
 * they can check it before reading, the byte size).
 */
import type { z } from 'zod';

/** Largest file accepted (bytes): above it nothing is parsed. Node strings top out near 512 MiB too. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

const MAX_ISSUES = 5;

/** "rows.3.final.result.load_power_uw: Invalid input: expected number, received string; …" */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : '(root)'}: ${i.message}`);
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return shown.join('; ') + more;
}

const formatSize = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB (${bytes} bytes)` : `${bytes} bytes`);

/** Throws when `bytes` is over the limit; call with the file size before reading it. */
export function checkImportSize(what: string, bytes: number, maxBytes: number = MAX_IMPORT_BYTES): void {
  if (bytes > maxBytes) throw new ImportError(`${what} is ${formatSize(bytes)}, over the ${formatSize(maxBytes)} limit for result files; nothing was read`);
}

/** Text without a leading UTF-8 byte-order mark (U+FEFF), which Windows editors add and JSON.parse refuses. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** JSON.parse with a readable error; text that ends early is called truncated. A leading BOM is ignored. */
export function parseJsonText(what: string, withBom: string, maxBytes: number = MAX_IMPORT_BYTES): unknown {
  const text = stripBom(withBom);
  // Text length in UTF-16 units is at most the UTF-8 byte count, so this never rejects a file under the limit.
  if (text.length > maxBytes) checkImportSize(what, new TextEncoder().encode(text).length, maxBytes);
  if (text.trim() === '') throw new ImportError(`${what} is empty`);
  const shape = bracketScan(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const truncated = shape.inString || shape.endDepth > 0;
    throw new ImportError(`${what} is not valid JSON${truncated ? ' (the file looks truncated: it ends before the JSON does)' : ''}: ${msg}`);
  }
  // Checked on the text, before any recursive walk (schema, hashing, comparison) could overflow the stack.
  if (shape.maxDepth > MAX_JSON_DEPTH) throw new ImportError(`${what} nests ${shape.maxDepth} levels deep, over the ${MAX_JSON_DEPTH}-level limit for result files (a real run nests under 20); nothing was read`);
  return value;
}

/** Deepest nesting a result file may have: real runs stay under 20 levels. */
export const MAX_JSON_DEPTH = 200;

/** Bracket depth of JSON text outside strings: the deepest level, where it ends (> 0: cut off), and an open string. */
function bracketScan(text: string): { maxDepth: number; endDepth: number; inString: boolean } {
  let depth = 0;
  let maxDepth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') maxDepth = Math.max(maxDepth, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return { maxDepth, endDepth: depth, inString };
}

// Validation against a suite's schemas: src/core/suite/files.ts.

/** Which kind of result file a parsed JSON value is meant to be (before validation). */
export function resultFileKind(raw: unknown): 'bundle' | 'results' | 'unknown' {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'unknown';
  if ('transcripts' in raw) return 'bundle';
  if ('schema_version' in raw && 'rows' in raw) return 'results';
  return 'unknown';
}
