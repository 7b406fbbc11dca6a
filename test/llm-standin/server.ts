/**
 * A local stand-in for the three LLM providers, on 127.0.0.1, with no internet: it speaks OpenAI
 * chat completions, Anthropic Messages and Gemini generateContent faithfully enough for the
 * adapters, the agent loop, the settings page and the CLI to be tested end to end.
 *
 * One server serves all three, each under its own prefix, at the real services' paths below it:
 *   OpenAI     {url}/openai/v1     → POST /chat/completions, GET /models
 *   Anthropic  {url}/anthropic     → POST /v1/messages, GET /v1/models
 *   Gemini     {url}/gemini        → POST /v1beta/models/{m}:generateContent, :streamGenerateContent?alt=sse, GET /v1beta/models
 * so a client's base URL is `{url}/openai/v1`, `{url}/anthropic` or `{url}/gemini`.
 *
 * It answers CORS preflights like the real services (so the page can call it from a browser),
 * checks the key, validates request bodies strictly, streams in each provider's SSE format with
 * usage, injects queued faults, and records every request (secrets included, for assertions).
 *
 * A served model id with the suffix `@slow` (e.g. `veh-always-propose@slow`) is answered by that
 * model, but a streamed reply then waits `slowFrameDelayMs` before each SSE event, so a client's
 * live view can be watched filling up. Non-streamed replies are not slowed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderId } from '../../src/core/llm/types.ts';
import { usageFor, type Brain, type BrainReply } from './brain.ts';
import { anthropicDialect } from './anthropic-dialect.ts';
import type { Dialect, Frame, ParsedChat, Refusal, ReplyToRender } from './dialect.ts';
import { FLOOD_LIMIT_BYTES, type Fault } from './faults.ts';
import { geminiDialect } from './gemini-dialect.ts';
import { openAiDialect } from './openai-dialect.ts';

export type { Fault } from './faults.ts';

export interface StandinOptions {
  readonly brain: Brain;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The key every request must carry; null accepts any (or none), like a local server. Default 'test-key'. */
  readonly key?: string | null;
  /** Model ids served; a request for another is a 404 in the provider's format. null serves any. */
  readonly models?: readonly string[] | null;
  /** The version string reported for a model id. Default `${model}-standin-001`. */
  readonly versionOf?: (model: string) => string;
  /** Request headers a CORS preflight may ask for, beyond the providers' own. */
  readonly extraAllowedHeaders?: readonly string[];
  /** At most this many requests are kept in `requests` (oldest dropped). Default 1000. */
  readonly maxRecorded?: number;
  /** Wait before each SSE event of a stream for a `…@slow` model id, 1–150 ms. Default 100. */
  readonly slowFrameDelayMs?: number;
}

/** The model-id suffix that makes a stream slow (see the header). */
export const SLOW_SUFFIX = '@slow';
export const DEFAULT_SLOW_FRAME_DELAY_MS = 100;
const MAX_SLOW_FRAME_DELAY_MS = 150;

/** Made-up reasoning when a request enables thinking and the brain gave none. */
function defaultThinking(messages: readonly { role: string }[]): string {
  return `Stand-in reasoning: ${messages.length} message(s) in, deciding what to answer.`;
}

export interface RecordedRequest {
  readonly provider: ProviderId | null;
  readonly method: string;
  /** Path and query as received, e.g. /gemini/v1beta/models/m:generateContent. */
  readonly url: string;
  /** Lower-cased header names, values as sent (including keys: this is for assertions). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Standin {
  /** e.g. http://127.0.0.1:43127 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  /** Base URLs to give the adapters. */
  readonly baseUrls: Readonly<Record<ProviderId, string>>;
  readonly requests: readonly RecordedRequest[];
  /** Queues faults for the next generation requests, one each, in order. */
  inject(...faults: Fault[]): void;
  /** Faults still queued. */
  pendingFaults(): number;
  /** Drops queued faults (a test whose client gave up before its request arrived leaves one behind). */
  clearFaults(): void;
  clearRequests(): void;
  close(): Promise<void>;
}

/** The headers the real services allow in a preflight (plus what OpenRouter's docs ask for). */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access', 'anthropic-beta', 'x-goog-api-key', 'http-referer', 'x-title'];
const EXPOSED_HEADERS = ['retry-after', 'retry-after-ms', 'request-id', 'x-request-id'];
const MAX_BODY_BYTES = 8 * 1024 * 1024;

interface Route {
  readonly dialect: Dialect;
  readonly endpoint: 'chat' | 'models';
  readonly pathModel: string | null;
  readonly stream: boolean | null;
}

function route(method: string, path: string, query: URLSearchParams): Route | null {
  if (path === '/openai/v1/chat/completions' && method === 'POST') return { dialect: openAiDialect, endpoint: 'chat', pathModel: null, stream: null };
  if (path === '/openai/v1/models' && method === 'GET') return { dialect: openAiDialect, endpoint: 'models', pathModel: null, stream: null };
  if (path === '/anthropic/v1/messages' && method === 'POST') return { dialect: anthropicDialect, endpoint: 'chat', pathModel: null, stream: null };
  if (path === '/anthropic/v1/models' && method === 'GET') return { dialect: anthropicDialect, endpoint: 'models', pathModel: null, stream: null };
  if (path === '/gemini/v1beta/models' && method === 'GET') return { dialect: geminiDialect, endpoint: 'models', pathModel: null, stream: null };
  const m = /^\/gemini\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (m?.[1] !== undefined && method === 'POST') {
    // Without alt=sse the real streamGenerateContent sends a JSON array; the adapters always ask for SSE.
    const stream = m[2] === 'streamGenerateContent';
    if (stream && query.get('alt') !== 'sse') return null;
    return { dialect: geminiDialect, endpoint: 'chat', pathModel: decodeURIComponent(m[1]), stream };
  }
  return null;
}

function providerOfPath(path: string): ProviderId | null {
  if (path.startsWith('/openai/')) return 'openai';
  if (path.startsWith('/anthropic/')) return 'anthropic';
  if (path.startsWith('/gemini/')) return 'gemini';
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Waits ms, or less when the client goes away; resolves whether the client is still there. */
function waitUnlessClosed(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed || res.writableEnded) return resolve(false);
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
    vary: 'Origin',
  };
}

/** Text cut at max tokens (4 characters a token, as the usage counts), finish 'length'. */
function limitReply(reply: BrainReply, maxTokens: number): { reply: BrainReply; finish: 'stop' | 'length' } {
  const text = reply.text ?? '';
  if (text.length <= maxTokens * 4 || (reply.tool_calls?.length ?? 0) > 0) return { reply, finish: 'stop' };
  return { reply: { ...reply, text: text.slice(0, maxTokens * 4) }, finish: 'length' };
}

export function startStandin(options: StandinOptions): Promise<Standin> {
  const key = options.key === undefined ? 'test-key' : options.key;
  const models = options.models === undefined ? null : options.models;
  const versionOf = options.versionOf ?? ((m: string) => `${m}-standin-001`);
  const maxRecorded = options.maxRecorded ?? 1000;
  const slowDelay = options.slowFrameDelayMs ?? DEFAULT_SLOW_FRAME_DELAY_MS;
  if (!Number.isInteger(slowDelay) || slowDelay < 1 || slowDelay > MAX_SLOW_FRAME_DELAY_MS) {
    return Promise.reject(new Error(`slowFrameDelayMs must be an integer 1–${MAX_SLOW_FRAME_DELAY_MS}, got ${slowDelay}`));
  }
  const allowedHeaders = [...ALLOWED_HEADERS, ...(options.extraAllowedHeaders ?? []).map((h) => h.toLowerCase())];
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  let idCounter = 0;
  const nextId = (): string => `standin${++idCounter}`;

  function send(res: ServerResponse, req: IncomingMessage, status: number, body: unknown, extra: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(req), ...extra });
    res.end(JSON.stringify(body));
  }

  function refuse(res: ServerResponse, req: IncomingMessage, dialect: Dialect, refusal: Refusal, retryAfter?: string): void {
    const seconds = retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
    send(res, req, refusal.status, dialect.errorBody(refusal, seconds), retryAfter !== undefined ? { 'retry-after': retryAfter } : {});
  }

  /** Writes `chunk` over and over, honouring backpressure, until the client hangs up (the 'flood' fault). */
  async function flood(res: ServerResponse, chunk: string): Promise<void> {
    let sent = 0;
    while (!res.destroyed && sent < FLOOD_LIMIT_BYTES) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    res.end();
  }

  async function writeStream(res: ServerResponse, req: IncomingMessage, dialect: Dialect, frames: Frame[], fault: Fault | undefined, frameDelayMs: number): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...corsHeaders(req) });
    const eol = dialect.eol;
    const write = (f: Frame): void => {
      res.write(`${f.event !== undefined ? `event: ${f.event}${eol}` : ''}data: ${f.data}${eol}${eol}`);
    };
    const half = Math.max(1, Math.floor(frames.length / 2));
    for (const [i, f] of frames.entries()) {
      if (res.destroyed) return;
      if (i === half && fault?.kind === 'truncate') return void res.end();
      if (i === half && fault?.kind === 'reset') return void res.destroy();
      if (i === half && fault?.kind === 'flood') {
        const repeated = frames[half - 1] ?? f;
        return flood(res, `${repeated.event !== undefined ? `event: ${repeated.event}${eol}` : ''}data: ${repeated.data}${eol}${eol}`.repeat(64));
      }
      if (i === 1 && fault?.kind === 'malformed') {
        write({ data: '{"choices": [{"delta": {"content": "unterminated' });
        return void res.end();
      }
      if (i === half && fault?.kind === 'stall' && !(await waitUnlessClosed(fault.ms, res))) return;
      if (frameDelayMs > 0 && !(await waitUnlessClosed(frameDelayMs, res))) return;
      write(f);
    }
    res.end();
  }

  async function answerChat(res: ServerResponse, req: IncomingMessage, r: Route, parsed: ParsedChat, slow: boolean): Promise<void> {
    const fault = faults.shift();
    if (fault?.kind === 'status') {
      const kind = fault.status === 429 ? 'rate_limit' : fault.status >= 500 ? 'server' : fault.status === 404 ? 'not_found' : 'bad_request';
      const message = fault.message ?? (kind === 'rate_limit' ? 'Rate limit reached for requests (stand-in fault).' : kind === 'server' ? 'The server had an error while processing your request (stand-in fault).' : 'stand-in fault');
      return refuse(res, req, r.dialect, { status: fault.status, kind, message }, fault.retryAfter);
    }
    if (fault?.kind === 'delay' && !(await waitUnlessClosed(fault.ms, res))) return;
    const raw = await options.brain({ provider: r.dialect.provider, model: parsed.model, messages: parsed.messages, tools: parsed.tools });
    const limited = limitReply(raw, parsed.maxTokens);
    const thinking = parsed.thinking === true ? (raw.thinking ?? defaultThinking(parsed.messages)) : null;
    // Thinking is billed as output: it counts as reasoning tokens unless the brain names a number.
    const billed = thinking !== null && limited.reply.reasoning_tokens === undefined ? { ...limited.reply, reasoning_tokens: Math.ceil(thinking.length / 4) } : limited.reply;
    const render: ReplyToRender = { model: parsed.model, version: versionOf(parsed.model), reply: limited.reply, usage: usageFor(parsed.messages, billed), finish: limited.finish, thinking, nextId };
    const stream = r.stream ?? parsed.stream;
    if (stream) return writeStream(res, req, r.dialect, r.dialect.chatFrames(render, parsed), fault, slow ? slowDelay : 0);
    const text = JSON.stringify(r.dialect.chatJson(render));
    res.writeHead(200, { 'content-type': 'application/json', ...corsHeaders(req) });
    if (fault?.kind === 'malformed') return void res.end(`${text.slice(0, 40)}<html>Bad gateway`);
    if (fault?.kind === 'truncate') return void res.end(text.slice(0, Math.floor(text.length / 2)));
    if (fault?.kind === 'flood') {
      res.write(`${text.slice(0, -1)},"padding":"`);
      return flood(res, 'x'.repeat(64 * 1024));
    }
    if (fault?.kind === 'reset') {
      res.write(text.slice(0, Math.floor(text.length / 2)));
      return void res.destroy();
    }
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    requests.push({
      provider: providerOfPath(url.pathname),
      method,
      url: req.url ?? '/',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      body,
    });
    if (requests.length > maxRecorded) requests.splice(0, requests.length - maxRecorded);

    if (method === 'OPTIONS') {
      const asked = (req.headers['access-control-request-headers'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
      const refused = asked.filter((h) => !allowedHeaders.includes(h));
      // A preflight asking for a header the service does not allow gets no CORS grant, so the browser blocks the call.
      if (refused.length > 0) return void res.writeHead(403, { 'content-type': 'text/plain' }).end(`header(s) not allowed: ${refused.join(', ')}`);
      res.writeHead(204, {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': allowedHeaders.join(', '),
        'access-control-max-age': '600',
        // Chrome's private/local network access preflight for a page calling 127.0.0.1.
        ...(req.headers['access-control-request-private-network'] === 'true' ? { 'access-control-allow-private-network': 'true' } : {}),
        vary: 'Origin',
      });
      return void res.end();
    }

    const r = route(method, url.pathname, url.searchParams);
    if (!r) return send(res, req, 404, { error: { message: `stand-in: no route for ${method} ${url.pathname}` } });
    const authRefusal = r.dialect.checkAuth({ headers: req.headers, query: url.searchParams }, key);
    if (authRefusal) return refuse(res, req, r.dialect, authRefusal);
    if (r.endpoint === 'models') return send(res, req, 200, r.dialect.modelList(models ?? ['standin-model']));

    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return refuse(res, req, r.dialect, { status: 400, kind: 'bad_request', message: 'The request body is not valid JSON.' });
    }
    const asked = r.dialect.parseChat(json, r.pathModel);
    if ('error' in asked) return refuse(res, req, r.dialect, { status: 400, kind: 'bad_request', message: asked.error });
    // `<served model>@slow`: the same model, streamed slowly; anything else must be served as is.
    const slow = asked.model.endsWith(SLOW_SUFFIX) && asked.model.length > SLOW_SUFFIX.length;
    const parsed = slow ? { ...asked, model: asked.model.slice(0, -SLOW_SUFFIX.length) } : asked;
    if (models !== null && !models.includes(parsed.model)) return refuse(res, req, r.dialect, r.dialect.unknownModel(asked.model));
    await answerChat(res, req, r, parsed, slow);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (res.headersSent) return void res.destroy();
      send(res, req, 500, { error: { message: `stand-in: ${e instanceof Error ? e.message : String(e)}` } });
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      const url = `http://127.0.0.1:${port}`;
      resolve({
        url,
        port,
        baseUrls: { openai: `${url}/openai/v1`, anthropic: `${url}/anthropic`, gemini: `${url}/gemini` },
        requests,
        inject: (...f) => void faults.push(...f),
        pendingFaults: () => faults.length,
        clearFaults: () => void faults.splice(0),
        clearRequests: () => void requests.splice(0),
        close: () =>
          new Promise<void>((done) => {
            faults.splice(0);
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
