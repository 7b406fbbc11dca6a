/**
 * Defensive removal of the API key from anything that leaves an adapter (error messages, logged
 * bodies, URLs). Adapters never put the key there on purpose; this guards against a server that
 * echoes it back (some echo the key they rejected) or a user who pasted it into a prompt.
 */

import type { LlmClient, LlmToolCall } from '../../core/llm/types.ts';

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

/**
 * The response as the caller sees it, with the key taken out of the text and tool arguments too
 * (a model asked to repeat its prompt would repeat a key pasted into it), and out of the provider
 * state (thinking text). A state that held the key no longer matches its signature, so the
 * provider refuses the next turn: a loud failure in a case that should never arise, rather than a
 * key in the caller's hands.
 */
export function redactResponse<T extends { text: string; tool_calls: readonly LlmToolCall[]; provider_state?: unknown }>(r: T, redactor: Redactor): T {
  return {
    ...r,
    ...(r.provider_state !== undefined ? { provider_state: redactor.json(r.provider_state) } : {}),
    text: redactor.text(r.text),
    tool_calls: r.tool_calls.map((c) => {
      const argumentsText = redactor.text(c.arguments_text);
      return argumentsText === c.arguments_text ? c : { ...c, arguments_text: argumentsText, arguments: redactor.json(c.arguments) };
    }),
  };
}

/** Wraps an adapter so streamed deltas and the final response pass through the redactor. */
export function withRedaction(client: LlmClient, redactor: Redactor): LlmClient {
  return {
    provider: client.provider,
    baseUrl: client.baseUrl,
    listModels: (signal) => client.listModels(signal),
    async chat(request, options) {
      if (!options.onDelta) return redactResponse(await client.chat(request, options), redactor);
      const deltas = redactor.stream(options.onDelta);
      const response = await client.chat(request, { signal: options.signal, onDelta: (t) => deltas.push(t) });
      deltas.flush();
      return redactResponse(response, redactor);
    },
  };
}
