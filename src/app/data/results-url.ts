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
import { importRunText, type ImportOutcome } from '../runs/import-run-file.ts';

export const RESULTS_PARAM = 'results';

export class ResultsUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultsUrlError';
  }
}

/** The `results` parameter resolved against the page (relative paths allowed); null when absent. Only http(s). */
export function readResultsParam(search: string, pageUrl: string): URL | null {
  const raw = new URLSearchParams(search).get(RESULTS_PARAM);
  if (raw === null || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw, pageUrl);
  } catch {
    throw new ResultsUrlError(`?results= is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ResultsUrlError(`?results= must be an http(s) URL, not ${url.protocol}`);
  return url;
}

export type FetchLike = (url: string, init?: { signal?: AbortSignal; credentials?: 'omit' }) => Promise<Response>;

const mib = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** GET with a byte limit: Content-Length checked first, then the body streamed and cancelled past the limit. */
export async function fetchResultsText(url: string, opts: { fetch?: FetchLike; maxBytes?: number; signal?: AbortSignal } = {}): Promise<string> {
  const maxBytes = opts.maxBytes ?? MAX_IMPORT_BYTES;
  const doFetch = opts.fetch ?? ((u, init) => fetch(u, init));
  let res: Response;
  try {
    // No cookies: a result file is public data, and credentials would widen what a hostile link can do.
    res = await doFetch(url, { credentials: 'omit', ...(opts.signal ? { signal: opts.signal } : {}) });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ResultsUrlError(`${url} could not be fetched: a network error, or the server does not allow cross-origin requests from this page (CORS). (${(e as Error).message})`);
  }
  if (!res.ok) {
    const what = res.status === 404 ? 'not found' : res.statusText || 'request failed';
    throw new ResultsUrlError(`${url} answered HTTP ${res.status} (${what})`);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw new ResultsUrlError(`${url} is ${mib(declared)}, over the ${mib(maxBytes)} limit for result files; nothing was read`);
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
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

export async function openResultsUrl(url: URL, deps: { store: RunStore; fetch?: FetchLike; maxBytes?: number; now: () => string }): Promise<ImportOutcome> {
  const text = await fetchResultsText(url.href, { ...(deps.fetch ? { fetch: deps.fetch } : {}), ...(deps.maxBytes !== undefined ? { maxBytes: deps.maxBytes } : {}) });
  return importRunText(deps.store, url.href, text, deps.now(), deps.maxBytes);
}

// ---------------------------------------------------------------------------------------------
// The page's one startup import and its state, for the Runs page.

export type ResultsUrlState =
  | { phase: 'none' }
  | { phase: 'loading'; url: string }
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
export function startResultsUrlImport(deps: { store: () => RunStore; search?: string; pageUrl?: string; fetch?: FetchLike; now?: () => string }): void {
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
  const href = url.href;
  // A bare viewer link (`index.html?results=…`) opens on the Runs page, where the import shows.
  if (deps.search === undefined && (window.location.hash === '' || window.location.hash === '#/')) window.location.hash = '#/runs';
  setState({ phase: 'loading', url: href });
  openResultsUrl(url, { store: deps.store(), ...(deps.fetch ? { fetch: deps.fetch } : {}), now: deps.now ?? (() => new Date().toISOString()) }).then(
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
