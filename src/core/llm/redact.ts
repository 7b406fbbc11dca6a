/**
 * Defensive removal of a secret (the API key) from text and JSON values: the adapters run
 * everything that leaves them through it (src/adapters/llm/redact.ts), and the connection
 * diagnosis (diagnose.ts) scrubs its explanations with it. One placeholder everywhere: REDACTED.
 * Not only the exact key: servers were seen echoing it uppercased, reversed or base64-encoded
 * (secretForms lists what is matched: also URL-, percent-, hex-, base64url-encoded).
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

/**
 * Below this length only the key itself is searched for: an encoded form of a short key is a few
 * base64 characters, which would match by chance inside unrelated base64 (images, signatures).
 */
const MIN_ENCODED_LENGTH = 8;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Standard base64 of the UTF-8 bytes, without padding (btoa: the page and Node both have it). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/=+$/, '');
}

/**
 * The base64 text the key becomes inside any longer base64 string (a Basic auth header, a
 * data: URL, an echoed token), for each of the three byte alignments it can start at: only the
 * characters made of the key's bits alone, so a match does not depend on the bytes around it.
 * The 1–2 edge characters left beside a redaction carry at most 4 bits of the key each.
 */
export function base64Cores(secret: string): string[] {
  const key = new TextEncoder().encode(secret);
  const cores: string[] = [];
  for (let k = 0; k < 3; k++) {
    const padded = new Uint8Array(k + key.length);
    padded.set(key, k);
    const b64 = base64(padded);
    const first = Math.ceil((8 * k) / 6);
    const end = Math.floor((8 * (k + key.length)) / 6);
    cores.push(b64.slice(first, end));
  }
  return cores;
}

/** Hex of the UTF-8 bytes, each byte prefixed by `sep` (`''` for plain hex, `'%'` for percent-encoding every byte). */
function hexBytes(secret: string, sep: string): string {
  return [...new TextEncoder().encode(secret)].map((b) => `${sep}${b.toString(16).padStart(2, '0')}`).join('');
}

/**
 * The forms a key was found echoed in (issue 21): as given, in any letter case, reversed, URL-
 * encoded (only the reserved characters, or every byte), hex, and base64 or base64url encoded. The
 * first group matches case-insensitively (hex and percent-escapes come in either case), the second
 * exactly (base64 is case-sensitive).
 */
export function secretForms(secret: string): { anyCase: string[]; exact: string[] } {
  const anyCase = new Set([secret, [...secret].reverse().join('')]);
  const exact = new Set<string>();
  if (secret.length >= MIN_ENCODED_LENGTH) {
    anyCase.add(encodeURIComponent(secret));
    anyCase.add(hexBytes(secret, ''));
    anyCase.add(hexBytes(secret, '%'));
    for (const core of base64Cores(secret)) {
      exact.add(core);
      exact.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  const longestFirst = (a: string, b: string): number => b.length - a.length;
  return { anyCase: [...anyCase].sort(longestFirst), exact: [...exact].sort(longestFirst) };
}

export function createRedactor(secret: string): Redactor {
  const active = secret.length >= MIN_SECRET_LENGTH;
  const forms = secretForms(secret);
  const anyCase = new RegExp(forms.anyCase.map(escapeRegExp).join('|'), 'gi');
  const exact = forms.exact.length > 0 ? new RegExp(forms.exact.map(escapeRegExp).join('|'), 'g') : null;
  const holds = (s: string): boolean => {
    anyCase.lastIndex = 0;
    if (anyCase.test(s)) return true;
    if (exact === null) return false;
    exact.lastIndex = 0;
    return exact.test(s);
  };
  const text = (s: string): string => {
    if (!active || !holds(s)) return s;
    const once = s.replace(anyCase, REDACTED);
    return exact === null ? once : once.replace(exact, REDACTED);
  };
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
    return serialised !== undefined && holds(serialised) ? deep(v) : v;
  };
  const lowerForms = forms.anyCase.map((f) => f.toLowerCase());
  const longest = Math.max(...forms.anyCase.map((f) => f.length), ...forms.exact.map((f) => f.length));
  /** Whether `tail` could be the start of some form of the key (then it waits for the next piece). */
  const mayStartForm = (tail: string): boolean => {
    const lower = tail.toLowerCase();
    return lowerForms.some((f) => f.startsWith(lower)) || forms.exact.some((f) => f.startsWith(tail));
  };
  const stream = (emit: (t: string) => void): { push(t: string): void; flush(): void } => {
    let held = '';
    return {
      push(t) {
        if (!active) return emit(t);
        const buffer = text(held + t);
        let keep = Math.min(longest - 1, buffer.length);
        while (keep > 0 && !mayStartForm(buffer.slice(buffer.length - keep))) keep--;
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
