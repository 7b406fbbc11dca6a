/**
 * `?results=<url>` in the page's real query string (`index.html?results=run.json#/runs`): at
 * startup the page fetches that result file (same origin, or any server that allows CORS), validates
 * it and imports it into the store marked as imported from that URL, so a static deployment doubles
 * as a result viewer. A run already stored with the same run id and content is never stored twice.
 *
 * The download is streamed and stopped as soon as it passes the size limit; every failure says what
 * happened: bad URL, HTTP status (404, …), network or CORS refusal, over the limit, not JSON, not a
 * valid run file. The state lives here (one import per page load) and the Runs page shows it.
 */
import { useSyncExternalStore } from 'react';
import { MAX_IMPORT_BYTES } from '../../core/verify/import.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { importRunText, storeParsedImport, type ImportOutcome } from '../runs/import-run-file.ts';
import type { ParsedImport } from '../../../workers/run-import-api.ts';

export const RESULTS_PARAM = 'results';

export class ResultsUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultsUrlError';
  }
}

/** Query parameters whose values look like credentials (access tokens, API keys, signed-URL signatures). */
const SECRET_PARAM = /token|key|sig|secret|pass|auth|credential|session/i;

/**
 * The URL as it may be shown and stored: no `user:password@`, and the value of every secret-looking
 * query parameter (`?token=`, `key=`, `X-Amz-Signature=` …) replaced, so an error message, the
 * Runs list and an export never repeat a credential that was in the link.
 */
export function safeUrlLabel(url: URL): string {
  const u = new URL(url.href);
  u.username = '';
  u.password = '';
  const params = new URLSearchParams(u.search);
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    if (!SECRET_PARAM.test(name)) continue;
    params.set(name, 'REDACTED');
    changed = true;
  }
  if (changed) u.search = params.toString();
  return u.href;
}

/** How long a `?results=` download may take before it is given up (ms). */
export const RESULTS_TIMEOUT_MS = 30_000;

/** The `results` parameter resolved against the page (relative paths allowed); null when absent. Only http(s). */
export function readResultsParam(search: string, pageUrl: string): URL | null {
  const raw = new URLSearchParams(search).get(RESULTS_PARAM);
  if (raw === null || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    throw new ResultsUrlError(`?results= is not a URL: ${JSON.stringify(raw.length > 200 ? `${raw.slice(0, 200)}…` : raw)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ResultsUrlError(`?results= must be an http(s) URL, not ${url.protocol}`);
  return url;
}

export type FetchLike = (url: string, init?: { signal?: AbortSignal; credentials?: 'omit' }) => Promise<Response>;

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

export interface FetchResultsOptions {
  fetch?: FetchLike;
  maxBytes?: number;
  /** Cancel (the page's Cancel button): the download stops and the error says it was cancelled. */
  signal?: AbortSignal;
  /** Whole download, headers to last byte; default RESULTS_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * GET with a byte limit and a time limit: Content-Length checked first, then the body streamed and
 * cancelled past the limit. Messages name the URL by safeUrlLabel, never with its credentials.
 */
export async function fetchResultsText(href: string, opts: FetchResultsOptions = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? MAX_IMPORT_BYTES;
  const timeoutMs = opts.timeoutMs ?? RESULTS_TIMEOUT_MS;
  const doFetch = opts.fetch ?? ((u, init) => fetch(u, init));
  const url = safeUrlLabel(new URL(href));
  const abort = new AbortController();
  const ended: { why: 'timeout' | 'cancelled' | null } = { why: null };
  const stop = (reason: 'timeout' | 'cancelled') => {
    ended.why ??= reason;
    abort.abort();
  };
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  const onCancel = () => stop('cancelled');
  if (opts.signal?.aborted) onCancel();
  opts.signal?.addEventListener('abort', onCancel);
  try {
    return await download(href, url, doFetch, maxBytes, abort.signal);
  } catch (e) {
    if (ended.why === 'timeout') throw new ResultsUrlError(`${url} did not finish downloading within ${timeoutMs / 1000} s; nothing was stored`);
    if (ended.why === 'cancelled') throw new ResultsUrlError(`Opening ${url} was cancelled; nothing was stored`);
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCancel);
  }
}

async function download(href: string, url: string, doFetch: FetchLike, maxBytes: number, signal: AbortSignal): Promise<string> {
  let res: Response;
  try {
    // No cookies: a result file is public data, and credentials would widen what a hostile link can do.
    res = await doFetch(href, { credentials: 'omit', signal });
  } catch (e) {
    if (signal.aborted) throw e;
    throw new ResultsUrlError(`${url} could not be fetched: a network error, or the server does not allow cross-origin requests from this page (CORS). (${scrubbed((e as Error).message, href, url)})`);
  }
  if (!res.ok) {
    const what = res.status === 404 ? 'not found' : res.statusText || 'request failed';
    throw new ResultsUrlError(`${url} answered HTTP ${res.status} (${what})`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new ResultsUrlError(`${url} is ${mib(declared)}, over the ${mib(maxBytes)} limit for result files; nothing was read`);
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (signal.aborted) throw new Error('aborted');
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ResultsUrlError(`${url} is over the ${mib(maxBytes)} limit for result files; the download was stopped`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A browser's fetch error may quote the URL it was given: show it by its safe label only. */
const scrubbed = (message: string, href: string, label: string): string => message.split(href).join(label);

/** Parses and validates downloaded text off the page's thread (the import worker); absent: in place. */
export type ParseResultsText = (text: string, source: string, maxBytes?: number) => Promise<ParsedImport>;

export async function openResultsUrl(url: URL, deps: { store: RunStore; now: () => string; parse?: ParseResultsText } & FetchResultsOptions): Promise<ImportOutcome> {
  const { store, now, parse, ...fetchOpts } = deps;
  const text = await fetchResultsText(url.href, fetchOpts);
  // Stored (and shown in the Runs list and exports) as the safe label: no password, no token values.
  const source = safeUrlLabel(url);
  if (parse === undefined) return importRunText(store, source, text, now(), deps.maxBytes);
  return storeParsedImport(store, await parse(text, source, deps.maxBytes), source, now());
}

// ---------------------------------------------------------------------------------------------
// The page's one startup import and its state, for the Runs page.

export type ResultsUrlState =
  | { phase: 'none' }
  | { phase: 'loading'; url: string; cancel: () => void }
  | { phase: 'done'; url: string; outcome: ImportOutcome }
  | { phase: 'error'; url: string | null; message: string };

let state: ResultsUrlState = { phase: 'none' };
const listeners = new Set<() => void>();
let started = false;

function setState(next: ResultsUrlState): void {
  state = next;
  for (const l of listeners) l();
}

/** Reads `?results=` once per page load and imports the file; later calls do nothing. */
export function startResultsUrlImport(deps: { store: () => RunStore; search?: string; pageUrl?: string; fetch?: FetchLike; now?: () => string; timeoutMs?: number; parse?: ParseResultsText }): void {
  if (started) return;
  started = true;
  let url: URL | null;
  try {
    url = readResultsParam(deps.search ?? window.location.search, deps.pageUrl ?? window.location.href);
  } catch (e) {
    setState({ phase: 'error', url: null, message: (e as Error).message });
    return;
  }
  if (url === null) return;
  const href = safeUrlLabel(url);
  // A bare viewer link (`index.html?results=…`) opens on the Runs page, where the import shows.
  if (deps.search === undefined && (window.location.hash === '' || window.location.hash === '#/')) window.location.hash = '#/runs';
  const cancel = new AbortController();
  setState({ phase: 'loading', url: href, cancel: () => cancel.abort() });
  openResultsUrl(url, { store: deps.store(), ...(deps.fetch ? { fetch: deps.fetch } : {}), ...(deps.parse ? { parse: deps.parse } : {}), ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}), signal: cancel.signal, now: deps.now ?? (() => new Date().toISOString()) }).then(
    (outcome) => setState({ phase: 'done', url: href, outcome }),
    (e: unknown) => setState({ phase: 'error', url: href, message: e instanceof Error ? e.message : String(e) }),
  );
}

const subscribe = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useResultsUrlImport(): ResultsUrlState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Tests only: forget the startup import. */
export function resetResultsUrlImportForTests(): void {
  started = false;
  setState({ phase: 'none' });
}
