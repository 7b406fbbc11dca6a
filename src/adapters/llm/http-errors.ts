/**
 * How a failed HTTP exchange becomes an LlmError: the status class, the retry-after delay, and a
 * one-line summary of the provider's error body (never the request headers, never the key).
 */
import type { LlmErrorKind, ProviderId } from '../../core/llm/types.ts';

export function kindForStatus(status: number): LlmErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'bad_request';
}

/**
 * `retry-after` (RFC 9110 §10.2.3) is either delay-seconds or an HTTP date; `retry-after-ms`
 * (sent by OpenAI and Azure) is more precise and wins when present. Returns ms >= 0, or null when
 * absent or unreadable. `now` is epoch ms, needed for the date form.
 */
export function parseRetryAfter(headers: Headers, now: number): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only the date form is left; Date.parse alone would read "-5" as a year.
  if (!/[A-Za-z]/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

const MAX_SUMMARY = 300;

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > MAX_SUMMARY ? `${one.slice(0, MAX_SUMMARY)}…` : one;
}

/**
 * The provider's own words: OpenAI `{error:{message}}`, Anthropic `{type:'error', error:{type, message}}`,
 * Gemini `{error:{code, message, status}}`; otherwise the start of the raw text.
 */
export function summariseErrorBody(body: unknown): string {
  if (typeof body === 'string') return clip(body) || '(empty body)';
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: unknown; message?: unknown };
    if (typeof b.error === 'object' && b.error !== null) {
      const e = b.error as { message?: unknown; type?: unknown; status?: unknown; code?: unknown };
      const tag = typeof e.type === 'string' ? e.type : typeof e.status === 'string' ? e.status : null;
      if (typeof e.message === 'string') return clip(tag ? `${tag}: ${e.message}` : e.message);
    }
    if (typeof b.error === 'string') return clip(b.error);
    if (typeof b.message === 'string') return clip(b.message);
    return clip(JSON.stringify(body));
  }
  return '(empty body)';
}

const STATUS_HINTS: Partial<Record<LlmErrorKind, string>> = {
  auth: 'the endpoint refused the API key (missing, wrong, or without access to this model)',
  not_found: 'check the model id and the base URL',
  rate_limit: 'rate limited',
  server: 'the provider had a server error',
};

export function httpErrorMessage(provider: ProviderId, status: number, kind: LlmErrorKind, summary: string): string {
  const hint = STATUS_HINTS[kind];
  return `${provider}: HTTP ${status}${hint ? ` (${hint})` : ''}: ${summary}`;
}

export function networkErrorMessage(provider: ProviderId, url: string, cause: unknown): string {
  const detail = describeCause(cause);
  return (
    `${provider}: could not reach ${url}${detail ? ` (${detail})` : ''}. ` +
    'The server may be down or unreachable; in a browser the most common cause is CORS: the server did not allow this page’s origin ' +
    '(for Ollama set OLLAMA_ORIGINS, for a server on localhost allow the browser’s local-network prompt).'
  );
}

/** Node's fetch hides the useful part (ECONNREFUSED, ENOTFOUND) in error.cause. */
function describeCause(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const parts = [e.message];
  const inner = e.cause;
  if (inner instanceof Error) {
    const code = (inner as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${code}: ${inner.message}` : inner.message);
  }
  return parts.filter((p) => p !== '').join(': ');
}

/** undici's own timeouts arrive as a rejected fetch with a coded cause. */
export function isTimeoutCause(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e.name === 'TimeoutError') return true;
  const code = (e.cause as { code?: unknown } | undefined)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT';
}
