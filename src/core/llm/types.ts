/**
 * The provider-agnostic chat contract between the agent loop (core) and the provider adapters
 * (src/adapters/llm/: OpenAI-compatible chat completions, Anthropic Messages, Gemini native).
 * Core never calls fetch: an adapter is built with the transport handed in, so the page, the CLI
 * and the tests (a local stand-in server) run the same adapters.
 *
 * Secrets: the API key is given to the adapter's constructor and used only to build request headers.
 * Nothing in LlmResponse, LlmCallLog or any error message may contain it (adapters redact).
 */
import { z } from 'zod';

export const ProviderIdSchema = z.enum(['openai', 'anthropic', 'gemini']);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** A tool the model may call; `parameters` is JSON Schema (from a zod schema via z.toJSONSchema). */
export interface LlmToolDef {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

export interface LlmToolCall {
  /** Provider's call id (Gemini has none: adapters synthesise `call_<n>`). */
  readonly id: string;
  readonly name: string;
  /** Arguments as the model sent them (text), and parsed when they are valid JSON (else null). */
  readonly arguments_text: string;
  readonly arguments: unknown;
}

export type LlmMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | {
      readonly role: 'assistant';
      readonly content: string;
      readonly tool_calls?: readonly LlmToolCall[];
      /** The LlmResponse.provider_state of the reply this turn records, kept verbatim (see there). */
      readonly provider_state?: unknown;
    }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly name: string; readonly content: string };

export const ReasoningEffortSchema = z.enum(['none', 'low', 'medium', 'high']);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;

export interface LlmRequest {
  readonly model: string;
  readonly messages: readonly LlmMessage[];
  readonly tools?: readonly LlmToolDef[];
  /** 0 by default in every suite (the VEH protocol fixes it). */
  readonly temperature: number;
  readonly max_output_tokens: number;
  /** Passed where the provider supports it (OpenAI reasoning_effort, Anthropic thinking budget, Gemini thinkingConfig). */
  readonly reasoning_effort?: ReasoningEffort;
  readonly stream: boolean;
}

export const LlmUsageSchema = z.strictObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  /** Input tokens served from the provider's prompt cache (billed at the cached rate), when reported. */
  cached_input_tokens: z.number().int().nonnegative().optional(),
  reasoning_tokens: z.number().int().nonnegative().optional(),
});
export type LlmUsage = z.infer<typeof LlmUsageSchema>;

/** What one HTTP exchange looked like, for the transcript: no headers, no key, bodies as sent/received. */
export interface LlmCallLog {
  readonly url: string;
  readonly status: number | null;
  readonly request_body: unknown;
  /** Parsed JSON body, or for streams the list of SSE data payloads; raw text when it did not parse. */
  readonly response_body: unknown;
  readonly duration_ms: number;
}

export interface LlmResponse {
  readonly text: string;
  readonly tool_calls: readonly LlmToolCall[];
  /** null when the provider reported none (never guessed). */
  readonly usage: LlmUsage | null;
  /** Normalised: 'stop' | 'tool_calls' | 'length' | 'content_filter' | other provider value as is. */
  readonly finish_reason: string;
  /** The model version string the provider reported (e.g. "gpt-4o-2024-08-06"), when it did. */
  readonly model_version: string | null;
  /**
   * Provider reasoning state that must go back with this turn (Anthropic `thinking` /
   * `redacted_thinking` blocks with their signatures, Gemini parts carrying a `thoughtSignature`).
   * Opaque and adapter-owned: the caller stores it on the assistant message that records this reply
   * and sends it back unchanged; only the adapter of the same provider reads it (others ignore it).
   * Absent when the provider returned none (always for OpenAI chat completions). Never shown as
   * answer text; redacted like the rest of the response.
   */
  readonly provider_state?: unknown;
  readonly log: LlmCallLog;
}

export interface ChatOptions {
  readonly signal: AbortSignal;
  /** Streaming text deltas, in order, as they arrive (only when request.stream is true). */
  readonly onDelta?: (text: string) => void;
}

export interface LlmClient {
  readonly provider: ProviderId;
  /** Base URL without a trailing slash, as the requests use it (never with a key in it). */
  readonly baseUrl: string;
  /** One HTTP exchange, no retries (the caller's retry policy wraps it). Throws LlmError subclasses. */
  chat(request: LlmRequest, options: ChatOptions): Promise<LlmResponse>;
  /** Model ids the endpoint lists, where it supports listing. */
  listModels(signal: AbortSignal): Promise<string[]>;
}

/** The fetch signature adapters need; the page passes window.fetch, Node its global fetch, tests a stand-in. */
export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => Promise<Response>;

export interface ClientConfig {
  readonly provider: ProviderId;
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1, https://api.anthropic.com, https://generativelanguage.googleapis.com */
  readonly baseUrl: string;
  /** May be empty for local servers that need none. */
  readonly apiKey: string;
  readonly extraHeaders?: Readonly<Record<string, string>>;
  readonly fetch: FetchLike;
  /** Injected clock for durations (core stays free of ambient time). */
  readonly clock: () => number;
  /** The most bytes one reply may have before it is cut off (the adapters' default: 8 MiB). */
  readonly maxResponseBytes?: number;
}

/** Why an exchange failed, in categories the retry policy and the "test connection" diagnosis use. */
export type LlmErrorKind =
  | 'auth' // 401/403
  | 'not_found' // 404 (usually a wrong model id or base URL)
  | 'rate_limit' // 429
  | 'server' // 5xx
  | 'bad_request' // other 4xx
  | 'network' // fetch rejected: offline, DNS, CORS blocked, connection refused
  | 'timeout'
  | 'protocol'; // 2xx with a body that is not the provider's format (garbage, truncated)

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status: number | null;
  /** From a retry-after header (seconds or HTTP date), in ms; null when absent. */
  readonly retryAfterMs: number | null;
  readonly log: LlmCallLog | null;
  constructor(kind: LlmErrorKind, message: string, opts: { status?: number | null; retryAfterMs?: number | null; log?: LlmCallLog | null; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'LlmError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.log = opts.log ?? null;
  }

  /** 429, 5xx, network and timeout errors are worth retrying; the rest will fail the same way again. */
  get retryable(): boolean {
    return this.kind === 'rate_limit' || this.kind === 'server' || this.kind === 'network' || this.kind === 'timeout';
  }
}
