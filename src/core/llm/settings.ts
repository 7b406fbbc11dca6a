/**
 * The model settings of one run (what the page's settings form and the CLI flags produce) and the
 * HTTP retry policy. No key field on purpose: the API key lives only in the adapter that builds the
 * request headers (ClientConfig.apiKey), so settings can be stored, exported and written into run
 * manifests without ever carrying a secret.
 */
import { z } from 'zod';
import { ProviderIdSchema, ReasoningEffortSchema } from './types.ts';

/** The VEH protocol fixes temperature 0 (Appendix N.9); every suite starts from it. */
export const DEFAULT_TEMPERATURE = 0;
/** Enough for one JSON action with a short reason; reasoning models need more (raise it per run). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;

const httpUrl = z.string().refine(
  (s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'base_url must be an absolute http:// or https:// URL' },
);

export const ModelSettingsSchema = z.strictObject({
  provider: ProviderIdSchema,
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1, https://api.anthropic.com, https://generativelanguage.googleapis.com */
  base_url: httpUrl,
  model: z.string().trim().min(1, 'model id is required'),
  temperature: z.number().min(0).max(2).default(DEFAULT_TEMPERATURE),
  max_output_tokens: z.number().int().positive().default(DEFAULT_MAX_OUTPUT_TOKENS),
  /** Sent only where the provider supports it (see LlmRequest.reasoning_effort). */
  reasoning_effort: ReasoningEffortSchema.optional(),
  /** Stream text deltas into the live view when the provider supports it. */
  stream: z.boolean().default(true),
  /**
   * Extra request headers (e.g. OpenRouter's HTTP-Referer, a proxy's routing header). By contract
   * these are NOT secrets: they are stored with the settings and written into the run manifest.
   * Never put a key here; keys go to ClientConfig.apiKey.
   */
  extra_headers: z.record(z.string(), z.string()).optional(),
});
/** Settings after defaults are applied (what the agent and the manifest use). */
export type ModelSettings = z.infer<typeof ModelSettingsSchema>;
/** Settings as a form or CLI may write them (defaults optional). */
export type ModelSettingsInput = z.input<typeof ModelSettingsSchema>;

/**
 * HTTP-level retries of one model request (429, 5xx, network errors, timeouts), distinct from the
 * suite's parse-retry policy (EpisodeLoop: corrective messages after an unusable reply).
 * Waits: exponential backoff base_delay_ms · 2^(retry−1), capped at max_delay_ms, with "equal
 * jitter" (half fixed, half uniform from the seeded RNG). When respect_retry_after is true and the
 * server sent retry-after, that wait is used instead, capped at max_delay_ms (a server asking for
 * longer than the cap is retried at the cap; the next 429 then spends another retry).
 */
export const RetryPolicySchema = z.strictObject({
  max_retries: z.number().int().nonnegative().max(20).default(4),
  base_delay_ms: z.number().nonnegative().default(1000),
  max_delay_ms: z.number().nonnegative().default(60_000),
  respect_retry_after: z.boolean().default(true),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;
export type RetryPolicyInput = z.input<typeof RetryPolicySchema>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = RetryPolicySchema.parse({});

/**
 * The endpoint as it may be recorded (manifest, transcript, UI): scheme, host, port and path only.
 * User info (`https://user:key@host`), query (`?key=…`, Gemini's key parameter) and fragment are
 * dropped, so a key pasted into a URL never reaches a file.
 */
export function safeEndpoint(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    return `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}
