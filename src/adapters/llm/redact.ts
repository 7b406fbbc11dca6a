/**
 * Defensive removal of the API key from anything that leaves an adapter (error messages, logged
 * bodies, URLs). Adapters never put the key there on purpose; this guards against a server that
 * echoes it back (some echo the key they rejected) or a user who pasted it into a prompt.
 */

import type { Redactor } from '../../core/llm/redact.ts';
import type { LlmClient, LlmToolCall } from '../../core/llm/types.ts';

export { createRedactor, REDACTED, type Redactor } from '../../core/llm/redact.ts';

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
