/** Small helpers the three adapters share for reading a provider's format. */
import type { z } from 'zod';
import type { LlmError, LlmToolCall } from '../../core/llm/types.ts';

/** Validates a provider body at the boundary; a mismatch is the provider's protocol error, with zod's account of it. */
export function parseWire<T>(schema: z.ZodType<T>, json: unknown, what: string, fail: (message: string) => LlmError): T {
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issues = r.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  throw fail(`the response is not ${what} (${issues})`);
}

/** Tool arguments as the model sent them, parsed when they are valid JSON (null otherwise, per LlmToolCall). */
export function toolCall(id: string, name: string, argumentsText: string): LlmToolCall {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText) as unknown;
  } catch {
    parsed = null;
  }
  return { id, name, arguments_text: argumentsText, arguments: parsed };
}

/** Providers that take arguments as an object (Anthropic input, Gemini args) need one even when the model sent junk. */
export function argumentsObject(call: LlmToolCall): Record<string, unknown> {
  const a = call.arguments;
  return typeof a === 'object' && a !== null && !Array.isArray(a) ? (a as Record<string, unknown>) : {};
}

/** Base URL as requests use it: no trailing slash. */
export function trimBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
