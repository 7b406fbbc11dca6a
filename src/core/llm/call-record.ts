/**
 * What an LLM reply records in the transcript: one entry per HTTP attempt (status, error kind,
 * duration, the wait before the next attempt, and the logged bodies) plus the provider's metadata.
 *
 * Bodies: the response body is kept as received; the request body is kept minus its
 * `messages`/`contents`/`system` conversation fields, which only duplicate the conversation the
 * transcript already holds as message and reply events. Headers are never logged, so no key can
 * reach a transcript through them (the adapters redact any key they must put in a URL).
 */
import { z } from 'zod';
import type { LlmCallLog, LlmErrorKind } from './types.ts';
import { ProviderIdSchema } from './types.ts';

const ERROR_KINDS = ['auth', 'not_found', 'rate_limit', 'server', 'bad_request', 'network', 'timeout', 'protocol'] as const;
export const LlmErrorKindSchema = z.enum(ERROR_KINDS);
// Compile-time check that the schema lists exactly the contract's kinds.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _kindsMatch: Same<(typeof ERROR_KINDS)[number], LlmErrorKind> = true;
void _kindsMatch;

export const LlmCallRecordSchema = z.strictObject({
  /** 1 for the first HTTP attempt of this request, 2 for the first retry, … */
  attempt: z.number().int().positive(),
  url: z.string(),
  status: z.number().int().nullable(),
  /** null when the attempt succeeded. */
  error_kind: LlmErrorKindSchema.nullable(),
  error: z.string().nullable(),
  duration_ms: z.number(),
  /** Wait before the next attempt (null: no next attempt). */
  wait_ms: z.number().nullable(),
  request_body: z.unknown(),
  response_body: z.unknown(),
});
export type LlmCallRecord = z.infer<typeof LlmCallRecordSchema>;

export const LlmReplyMetaSchema = z.strictObject({
  provider: ProviderIdSchema,
  model: z.string(),
  /** The version string the provider reported for this reply (e.g. "gpt-4o-2024-08-06"), when it did. */
  model_version: z.string().nullable(),
  finish_reason: z.string(),
  calls: z.array(LlmCallRecordSchema),
  /**
   * The reply's provider reasoning state as the adapter assembled it (LlmResponse.provider_state:
   * Anthropic thinking blocks, Gemini thought signatures), already redacted; absent when none came.
   */
  provider_state: z.unknown().optional(),
});
export type LlmReplyMeta = z.infer<typeof LlmReplyMetaSchema>;

/** One retried HTTP attempt, as the retry policy reports it (becomes an `llm_retry` transcript event). */
export interface LlmRetryReport {
  /** Which retry this wait precedes: 1 for the first retry. */
  retry: number;
  error_kind: LlmErrorKind;
  status: number | null;
  wait_ms: number;
  message: string;
}

/** Conversation fields of the providers' request bodies (OpenAI/Anthropic `messages`, Gemini `contents`, Anthropic `system`, Gemini `systemInstruction`). */
const CONVERSATION_FIELDS = new Set(['messages', 'contents', 'system', 'systemInstruction', 'system_instruction']);

/** The request body minus the conversation (see the header); non-objects are kept as they are. */
export function stripConversation(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!CONVERSATION_FIELDS.has(k)) out[k] = v;
  return out;
}

export function callRecord(
  attempt: number,
  log: LlmCallLog | null,
  outcome: { error_kind: LlmErrorKind | null; error: string | null; status: number | null; wait_ms: number | null; duration_ms: number },
  url: string,
): LlmCallRecord {
  return {
    attempt,
    url: log?.url ?? url,
    status: log?.status ?? outcome.status,
    error_kind: outcome.error_kind,
    error: outcome.error,
    duration_ms: log?.duration_ms ?? outcome.duration_ms,
    wait_ms: outcome.wait_ms,
    request_body: stripConversation(log?.request_body ?? null),
    response_body: log?.response_body ?? null,
  };
}

/**
 * A model request that failed for good (non-retryable error, or retries exhausted). Carries every
 * attempt so the transcript's error event shows what the endpoint answered.
 */
export class LlmRequestFailedError extends Error {
  readonly kind: LlmErrorKind;
  readonly status: number | null;
  readonly calls: readonly LlmCallRecord[];
  constructor(message: string, kind: LlmErrorKind, status: number | null, calls: readonly LlmCallRecord[], cause?: unknown) {
    super(message, { cause });
    this.name = 'LlmRequestFailedError';
    this.kind = kind;
    this.status = status;
    this.calls = calls;
  }
}
