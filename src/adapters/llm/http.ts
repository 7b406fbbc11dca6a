/**
 * One HTTP exchange with a provider, shared by the three adapters: send through the injected
 * fetch, time it with the injected clock, turn every failure into an LlmError of the right kind
 * (or an AbortError when the caller cancelled), and keep the bodies for the transcript with the
 * key redacted. Adapters only build bodies and read the provider's format.
 */
import { LlmError, type FetchLike, type LlmCallLog, type LlmErrorKind, type ProviderId } from '../../core/llm/types.ts';
import { httpErrorMessage, isTimeoutCause, kindForStatus, networkErrorMessage, parseRetryAfter, summariseErrorBody } from './http-errors.ts';
import type { Redactor } from './redact.ts';
import { SseParser, type SseEvent } from './sse.ts';

export interface HttpContext {
  readonly provider: ProviderId;
  readonly fetch: FetchLike;
  /** Epoch ms (durations, and the HTTP-date form of retry-after). */
  readonly clock: () => number;
  readonly redact: Redactor;
  /** A kind other than the status class, where a provider needs one (Gemini's 400 API_KEY_INVALID is an auth failure). */
  readonly classifyError?: (status: number, body: unknown) => LlmErrorKind | null;
  /** A retry hint inside the error body, used when no retry-after header came (Gemini's RetryInfo). */
  readonly retryAfterFromBody?: (body: unknown) => number | null;
  /** The most bytes one reply may have (body or whole stream); default DEFAULT_MAX_RESPONSE_BYTES. */
  readonly maxResponseBytes?: number;
}

/**
 * An endless stream or a runaway body would grow one string until V8's limit (~512 MiB) throws,
 * and a 300 MB reply crashed the transcript writer: a reply over this is cut off and its task
 * fails with a 'protocol' error (not retried — the same request would flood again).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const mib = (bytes: number): string => `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  /** JSON body; sent serialised, logged as given. */
  readonly body?: unknown;
  readonly signal: AbortSignal;
}

/** What a stream consumer does with each event, and how it decides the stream was complete. */
export interface SseConsumer<T> {
  /** Return 'done' at the provider's terminal event; throw an LlmError for an in-stream error. */
  onEvent(event: SseEvent): 'done' | void;
  /** Called once the stream ended; throws a 'protocol' LlmError when it ended before its terminal event. */
  finish(): T;
}

/** The caller cancelled: surface a plain AbortError, never an LlmError, so retry policies stay out of it. */
function abortError(cause: unknown): Error {
  if (cause instanceof Error && cause.name === 'AbortError') return cause;
  return new DOMException('The request was aborted', 'AbortError');
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

class Exchange {
  private readonly started: number;
  status: number | null = null;
  responseBody: unknown = null;

  constructor(
    private readonly ctx: HttpContext,
    private readonly req: HttpRequest,
  ) {
    this.started = ctx.clock();
  }

  log(): LlmCallLog {
    const r = this.ctx.redact;
    return {
      url: r.text(this.req.url),
      status: this.status,
      request_body: this.req.body === undefined ? null : r.json(this.req.body),
      response_body: r.json(this.responseBody),
      duration_ms: Math.max(0, this.ctx.clock() - this.started),
    };
  }

  error(kind: LlmErrorKind, message: string, extra: { retryAfterMs?: number | null; cause?: unknown } = {}): LlmError {
    return new LlmError(kind, this.ctx.redact.text(message), { status: this.status, log: this.log(), ...extra });
  }

  /** Sends; resolves with a 2xx Response, throws an LlmError for anything else. */
  async send(): Promise<Response> {
    const { ctx, req } = this;
    let response: Response;
    try {
      response = await ctx.fetch(req.url, {
        method: req.method,
        headers: req.headers,
        ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
        signal: req.signal,
      });
    } catch (e) {
      if (req.signal.aborted) throw abortError(e);
      if (isTimeoutCause(e)) throw this.error('timeout', `${ctx.provider}: ${req.url} timed out`, { cause: e });
      throw this.error('network', networkErrorMessage(ctx.provider, req.url, e), { cause: e });
    }
    this.status = response.status;
    if (response.ok) return response;
    const text = await this.readText(response);
    const body = parseJsonOrText(text);
    this.responseBody = body;
    const kind = ctx.classifyError?.(response.status, body) ?? kindForStatus(response.status);
    const retryAfterMs = parseRetryAfter(response.headers, ctx.clock()) ?? ctx.retryAfterFromBody?.(body) ?? null;
    throw this.error(kind, httpErrorMessage(ctx.provider, response.status, kind, summariseErrorBody(body)), { retryAfterMs });
  }

  get cap(): number {
    return this.ctx.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** The reply was over the cap: only a note is logged (the bytes read so far are what overflowed). */
  tooLarge(read: number): LlmError {
    this.responseBody = `(reply cut off after ${read} bytes: over the ${mib(this.cap)} response limit)`;
    return this.error('protocol', `${this.ctx.provider}: the reply is larger than the response limit of ${mib(this.cap)} (cut off after ${read} bytes; raise it with --max-response-mib)`);
  }

  /** The body as text, read chunk by chunk so a runaway body stops at the cap instead of filling memory. */
  async readText(response: Response): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let read = 0;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (e) {
          if (this.req.signal.aborted) throw abortError(e);
          throw this.error('network', `${this.ctx.provider}: the connection dropped while reading the response (${e instanceof Error ? e.message : String(e)})`, { cause: e });
        }
        if (chunk.done) return text + decoder.decode();
        read += chunk.value.byteLength;
        if (read > this.cap) {
          await reader.cancel().catch(() => undefined);
          throw this.tooLarge(read);
        }
        text += decoder.decode(chunk.value, { stream: true });
      }
    } finally {
      reader.releaseLock();
    }
  }
}

/** A JSON request answered by a JSON body. The body that comes back is redacted, not yet validated. */
export async function exchangeJson(ctx: HttpContext, req: HttpRequest): Promise<{ json: unknown; log: () => LlmCallLog; protocolError: (message: string) => LlmError }> {
  const ex = new Exchange(ctx, req);
  const response = await ex.send();
  const text = await ex.readText(response);
  const body = parseJsonOrText(text);
  ex.responseBody = body;
  if (typeof body === 'string') {
    throw ex.error('protocol', `${ctx.provider}: HTTP ${response.status} but the body is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
  }
  return {
    json: ctx.redact.json(body),
    log: () => ex.log(),
    protocolError: (message) => ex.error('protocol', `${ctx.provider}: ${message}`),
  };
}

/**
 * A JSON request answered by a server-sent event stream. Every data payload is kept (parsed JSON,
 * or the raw text) for the transcript. A stream that ends before the consumer's terminal event was
 * cut mid-way (a proxy or server closing the connection early, as good as a dropped connection),
 * so it is a 'network' error and retried, like a connection that drops mid-stream; a stream over
 * the response limit is a 'protocol' error.
 */
export async function exchangeSse<T>(ctx: HttpContext, req: HttpRequest, consumer: SseConsumer<T>): Promise<{ result: T; log: LlmCallLog }> {
  const ex = new Exchange(ctx, req);
  const response = await ex.send();
  const payloads: unknown[] = [];
  ex.responseBody = payloads;
  if (!response.body) throw ex.error('protocol', `${ctx.provider}: HTTP ${response.status} with no body to stream`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const handle = (events: SseEvent[]): boolean => {
    for (const event of events) {
      payloads.push(parseJsonOrText(event.data));
      if (consumer.onEvent(event) === 'done') return true;
    }
    return false;
  };
  try {
    let done = false;
    let read = 0;
    while (!done) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (req.signal.aborted) throw abortError(e);
        throw ex.error('network', `${ctx.provider}: the connection dropped mid-stream (${e instanceof Error ? e.message : String(e)})`, { cause: e });
      }
      if (chunk.done) {
        done = handle(parser.push(decoder.decode()));
        parser.end();
        break;
      }
      read += chunk.value.byteLength;
      if (read > ex.cap) {
        await reader.cancel().catch(() => undefined);
        throw ex.tooLarge(read);
      }
      done = handle(parser.push(decoder.decode(chunk.value, { stream: true })));
    }
    if (done) {
      await drainAfterEnd(reader);
      return { result: consumer.finish(), log: ex.log() };
    }
    try {
      return { result: consumer.finish(), log: ex.log() };
    } catch (e) {
      if (!(e instanceof LlmError && e.kind === 'protocol')) throw e;
      throw ex.error('network', `${ctx.provider}: the stream was cut before its end, so the connection was closed mid-way (${e.message})`, { cause: e });
    }
  } catch (e) {
    if (req.signal.aborted && !(e instanceof LlmError && e.log)) throw abortError(e);
    // Consumers throw LlmErrors without a log (they cannot see the exchange): attach it here.
    if (e instanceof LlmError && e.log === null) {
      throw new LlmError(e.kind, ctx.redact.text(e.message), { status: ex.status, retryAfterMs: e.retryAfterMs, log: ex.log(), cause: e.cause });
    }
    throw e;
  } finally {
    reader.releaseLock();
  }
}

/** How long to wait for the server to close a stream after its terminal event. */
const DRAIN_MS = 1_000;

/**
 * Servers close the stream right after their terminal event; reading on to that close (rather
 * than cancelling) keeps the browser from reporting the request as aborted. A server that holds
 * the connection open is cut off after DRAIN_MS.
 */
async function drainAfterEnd(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_MS);
  });
  try {
    for (;;) {
      const r = await Promise.race([reader.read(), timeout]);
      if (r === 'timeout') {
        await reader.cancel().catch(() => undefined);
        return;
      }
      if (r.done) return;
    }
  } catch {
    // The stream failed after its terminal event: the answer is already complete.
  } finally {
    clearTimeout(timer);
  }
}

/** A 'protocol' error a stream consumer throws; exchangeSse attaches the log. */
export function streamProtocolError(provider: ProviderId, message: string): LlmError {
  return new LlmError('protocol', `${provider}: ${message}`);
}
