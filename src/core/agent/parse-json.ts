/**
 * Finds the first valid JSON object in free model text (Appendix N.1: "the harness parses the
 * first valid JSON object in each model response"). Models wrap JSON in ```json fences, add prose
 * before and after, or stop mid-object; a brace scan that respects strings handles all of these
 * without special-casing fences.
 */

export type JsonObject = Record<string, unknown>;

export type ParseJsonResult = { ok: true; value: JsonObject; start: number; end: number } | { ok: false; error: string };

/** Index just past the `}` that closes the object opened at `start`, or -1 when it never closes. */
function matchObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 123 /* { */) depth++;
    else if (ch === 125 /* } */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseFirstJsonObject(text: string): ParseJsonResult {
  let sawBrace = false;
  let sawUnclosed = false;
  for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
    sawBrace = true;
    const end = matchObjectEnd(text, start);
    if (end === -1) {
      // An unclosed object here may still contain a complete inner object further on.
      sawUnclosed = true;
      continue;
    }
    try {
      const value: unknown = JSON.parse(text.slice(start, end));
      if (isPlainObject(value)) return { ok: true, value, start, end };
    } catch {
      // Not valid JSON from this brace: try the next one (e.g. an inner object of a broken outer one).
    }
  }
  if (!sawBrace) return { ok: false, error: 'no JSON object found in the reply' };
  if (sawUnclosed) return { ok: false, error: 'the JSON object in the reply is incomplete (unbalanced braces; output truncated?)' };
  return { ok: false, error: 'the reply contains braces but no valid JSON object (check quotes, commas and trailing commas)' };
}
