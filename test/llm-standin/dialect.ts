/**
 * What the stand-in needs to know about one provider's wire format: how to read (and strictly
 * validate, as the real APIs do) a chat request, how to write a reply as JSON or as SSE frames,
 * and how that provider words its errors.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ProviderId } from '../../src/core/llm/types.ts';
import type { BrainMessage, BrainReply, StandinUsage } from './brain.ts';

export interface ParsedChat {
  readonly model: string;
  readonly messages: BrainMessage[];
  readonly tools: string[];
  readonly stream: boolean;
  readonly maxTokens: number;
  /** OpenAI sends the usage chunk only when asked (stream_options.include_usage). */
  readonly streamUsage: boolean;
  /** Thinking was requested (Anthropic `thinking.type: enabled`, Gemini a non-zero thinkingBudget). */
  readonly thinking?: boolean;
}

export interface ReplyToRender {
  readonly model: string;
  /** The version string the "provider" reports (OpenAI model, Anthropic model, Gemini modelVersion). */
  readonly version: string;
  readonly reply: BrainReply;
  readonly usage: StandinUsage;
  /** 'length' when the reply was cut at max tokens. */
  readonly finish: 'stop' | 'length';
  /** The reasoning text when the request enabled thinking, else null. */
  readonly thinking: string | null;
  /** Fresh ids for tool calls (formats that have them). */
  readonly nextId: () => string;
}

export interface Frame {
  readonly event?: string;
  readonly data: string;
}

export type ErrorKind = 'missing_key' | 'invalid_key' | 'browser_header' | 'not_found' | 'rate_limit' | 'server' | 'bad_request';

export interface Refusal {
  readonly status: number;
  readonly kind: ErrorKind;
  readonly message: string;
}

export interface RequestHead {
  readonly headers: IncomingHttpHeaders;
  readonly query: URLSearchParams;
}

export interface Dialect {
  readonly provider: ProviderId;
  /** Line ending between SSE fields (Gemini uses CRLF). */
  readonly eol: '\n' | '\r\n';
  /** Auth (and, for Anthropic, the browser header) check; null when the request may proceed. */
  checkAuth(head: RequestHead, expectedKey: string | null): Refusal | null;
  parseChat(body: unknown, pathModel: string | null): ParsedChat | { error: string };
  chatJson(r: ReplyToRender): unknown;
  chatFrames(r: ReplyToRender, parsed: ParsedChat): Frame[];
  modelList(models: readonly string[]): unknown;
  errorBody(refusal: Refusal, retryAfterSeconds: number | null): unknown;
  unknownModel(model: string): Refusal;
}

/**
 * The stand-in's reasoning signatures (Anthropic thinking `signature`, Gemini `thoughtSignature`):
 * opaque to clients but checkable here, so a client that drops, moves or edits the state it was
 * given is refused, as the real APIs refuse it. `what` is what the signature vouches for.
 */
export function signature(what: string): string {
  return `standin-sig.${createHash('sha256').update(`llm-standin|${what}`).digest('base64url')}`;
}

/** JSON with object keys sorted, so a signature over arguments survives a client's key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Splits text into the pieces a stream sends, so deltas come in several events. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** zod issues in one line, the way the APIs list the offending field. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 4)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}
