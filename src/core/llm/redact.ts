/**
 * Defensive removal of a secret (the API key) from text and JSON values: the adapters run
 * everything that leaves them through it (src/adapters/llm/redact.ts), and the connection
 * diagnosis (diagnose.ts) scrubs its explanations with it. One placeholder everywhere: REDACTED.
 */

export const REDACTED = '[redacted]';

/**
 * Keys shorter than this are not searched for: replacing every "ab" in a body would mangle it,
 * and no provider issues keys that short.
 */
const MIN_SECRET_LENGTH = 4;

export type Redactor = {
  text(s: string): string;
  /** Deep copy of a JSON value with every string redacted (the value itself when it holds no key). */
  json(v: unknown): unknown;
  /**
   * Redacts text that arrives in pieces (streamed deltas), where a key may be split across two
   * pieces: a tail that could be the start of the key is held back until the next piece (or
   * flush) settles it.
   */
  stream(emit: (text: string) => void): { push(text: string): void; flush(): void };
};

export function createRedactor(secret: string): Redactor {
  const active = secret.length >= MIN_SECRET_LENGTH;
  const text = (s: string): string => (active && s.includes(secret) ? s.split(secret).join(REDACTED) : s);
  const deep = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(deep);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[text(k)] = deep(x);
      return out;
    }
    return v;
  };
  const json = (v: unknown): unknown => {
    if (!active) return v;
    // Cheap test first: most bodies hold no key and are returned untouched.
    const serialised = JSON.stringify(v);
    return serialised !== undefined && serialised.includes(secret) ? deep(v) : v;
  };
  const stream = (emit: (t: string) => void): { push(t: string): void; flush(): void } => {
    let held = '';
    return {
      push(t) {
        if (!active) return emit(t);
        const buffer = text(held + t);
        let keep = Math.min(secret.length - 1, buffer.length);
        while (keep > 0 && !buffer.endsWith(secret.slice(0, keep))) keep--;
        held = buffer.slice(buffer.length - keep);
        const ready = buffer.slice(0, buffer.length - keep);
        if (ready !== '') emit(ready);
      },
      flush() {
        if (held !== '') emit(held);
        held = '';
      },
    };
  };
  return { text, json, stream };
}
