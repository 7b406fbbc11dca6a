import { beforeAll, describe, expect, it } from 'vitest';
import { buildRunExport } from '../../core/export/run-export.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import { EXPORT_META, fixtureRun } from '../../core/export/test-run.ts';
import type { VehRunResult as RunResult } from '../../core/veh/run/run-veh.ts';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { createRunImportWorkerApi } from '../../../workers/run-import-api.ts';
import { fetchResultsText, openResultsUrl, readResultsParam, safeUrlLabel, type FetchLike } from './results-url.ts';

const PAGE = 'https://example.org/pg/index.html?results=x#/runs';
let run: RunResult;
let text = '';
beforeAll(async () => {
  run = await fixtureRun('random');
  text = JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META));
});

/** A fetch that answers with `body` streamed in `chunk`-byte pieces; records whether the stream was cancelled. */
function fakeFetch(body: string, init: { status?: number; headers?: Record<string, string>; chunk?: number } = {}) {
  const seen = { cancelled: false, calls: 0 };
  const bytes = new TextEncoder().encode(body);
  const chunk = init.chunk ?? 1024;
  const fetch: FetchLike = async () => {
    seen.calls++;
    await Promise.resolve();
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) controller.close();
        else {
          controller.enqueue(bytes.slice(at, at + chunk));
          at += chunk;
        }
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(stream, { status: init.status ?? 200, ...(init.headers ? { headers: init.headers } : {}) });
  };
  return { fetch, seen };
}

const message = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a rejection');
};

describe('readResultsParam', () => {
  it('is null without the parameter and resolves relative paths against the page', () => {
    expect(readResultsParam('', PAGE)).toBeNull();
    expect(readResultsParam('?results=runs/a.json', PAGE)?.href).toBe('https://example.org/pg/runs/a.json');
    expect(readResultsParam('?results=https%3A%2F%2Fcdn.example.com%2Fr.json', PAGE)?.href).toBe('https://cdn.example.com/r.json');
  });
  it('refuses anything but http(s)', () => {
    expect(() => readResultsParam('?results=javascript:alert(1)', PAGE)).toThrow(/must be an http\(s\) URL, not javascript:/);
    expect(() => readResultsParam('?results=data:application/json,{}', PAGE)).toThrow(/not data:/);
  });
});

describe('safeUrlLabel', () => {
  it('drops user:password@ and replaces secret-looking query values, keeping the rest', () => {
    expect(safeUrlLabel(new URL('https://user:hunter2@host.example/r.json'))).toBe('https://host.example/r.json');
    expect(safeUrlLabel(new URL('https://h.example/r.json?token=abc123&key=k9&X-Amz-Signature=s1&sig=zz&v=2'))).toBe('https://h.example/r.json?token=REDACTED&key=REDACTED&X-Amz-Signature=REDACTED&sig=REDACTED&v=2');
    expect(safeUrlLabel(new URL('https://h.example/r.json?v=2'))).toBe('https://h.example/r.json?v=2');
  });
});

/** A fetch that never answers until its signal aborts (a server that hangs). */
const hangingFetch: FetchLike = (_u, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));

describe('fetchResultsText', () => {
  it('gives up after the timeout with a clear message', async () => {
    expect(await message(fetchResultsText('https://x/slow.json', { fetch: hangingFetch, timeoutMs: 50 }))).toBe('https://x/slow.json did not finish downloading within 0.05 s; nothing was stored');
  });
  it('stops on Cancel (also mid-body) and says so', async () => {
    const c = new AbortController();
    const p = fetchResultsText('https://x/slow.json', { fetch: hangingFetch, signal: c.signal });
    c.abort();
    expect(await message(p)).toBe('Opening https://x/slow.json was cancelled; nothing was stored');
    const mid = new AbortController();
    let closed = false;
    const endless: FetchLike = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull: (ctl) => new Promise((r) => setTimeout(() => r(closed ? undefined : ctl.enqueue(new Uint8Array(10))), 5)),
            cancel: () => void (closed = true),
          }),
        ),
      );
    const q = fetchResultsText('https://x/endless.json', { fetch: endless, signal: mid.signal });
    setTimeout(() => mid.abort(), 30);
    expect(await message(q)).toMatch(/was cancelled/);
    expect(closed).toBe(true);
  });
  it('never echoes a password or a token from the URL in an error', async () => {
    const refuse: FetchLike = (u) => Promise.reject(new TypeError(`Failed to fetch ${u}`));
    const m = await message(fetchResultsText('https://user:hunter2@x.example/r.json?token=abc123', { fetch: refuse }));
    expect(m).toMatch(/^https:\/\/x\.example\/r\.json\?token=REDACTED could not be fetched/);
    expect(m).not.toMatch(/hunter2|abc123/);
    expect(await message(fetchResultsText('https://u:hunter2@x/missing.json', { fetch: fakeFetch('no', { status: 404 }).fetch }))).toBe('https://x/missing.json answered HTTP 404 (not found)');
  });
  it('reads a streamed body whole', async () => {
    expect(await fetchResultsText('https://x/r.json', { fetch: fakeFetch(text, { chunk: 333 }).fetch })).toBe(text);
  });
  it('names 404 and other HTTP errors', async () => {
    expect(await message(fetchResultsText('https://x/missing.json', { fetch: fakeFetch('nope', { status: 404 }).fetch }))).toBe('https://x/missing.json answered HTTP 404 (not found)');
    expect(await message(fetchResultsText('https://x/r.json', { fetch: fakeFetch('', { status: 500 }).fetch }))).toMatch(/answered HTTP 500/);
  });
  it('explains a network or CORS refusal (fetch rejects with a TypeError there)', async () => {
    const refuse: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await message(fetchResultsText('https://other.example/r.json', { fetch: refuse }))).toMatch(/could not be fetched: a network error, or the server does not allow cross-origin requests .*CORS.*Failed to fetch/);
  });
  it('refuses a declared size over the limit before reading', async () => {
    const f = fakeFetch(text, { headers: { 'content-length': String(10 * 1024 * 1024) } });
    expect(await message(fetchResultsText('https://x/r.json', { fetch: f.fetch, maxBytes: 1024 * 1024 }))).toMatch(/is 10\.0 MiB, over the 1\.0 MiB limit/);
  });
  it('stops streaming once over the limit (no or false Content-Length)', async () => {
    const f = fakeFetch('x'.repeat(50_000), { chunk: 4096 });
    expect(await message(fetchResultsText('https://x/r.json', { fetch: f.fetch, maxBytes: 10_000 }))).toMatch(/over the .* limit for result files; the download was stopped/);
    expect(f.seen.cancelled).toBe(true);
  });
});

describe('openResultsUrl', () => {
  const url = new URL('https://example.org/pg/run.json');
  const now = () => '2026-01-01T00:00:00.000Z';

  it('imports the file marked as from that URL, and not twice for the same content', async () => {
    const store = new MemoryRunStore();
    const first = await openResultsUrl(url, { store, fetch: fakeFetch(text).fetch, now });
    expect(first.kind).toBe('imported');
    const [summary] = await store.listRuns();
    expect(summary).toMatchObject({ source: 'imported', imported_from: url.href, run_id: run.manifest.run_id, done_count: run.rows.length });
    expect((await store.readRows(first.storeId)).map((t) => t.row)).toEqual(run.rows);
    const again = await openResultsUrl(url, { store, fetch: fakeFetch(text).fetch, now });
    expect(again).toEqual({ kind: 'already', storeId: first.storeId, runId: run.manifest.run_id, storedAs: 'imported', signature: { state: 'unsigned' } });
    expect(await store.listRuns()).toHaveLength(1);
  });

  it('stores the source as the safe label: no password, no token value', async () => {
    const store = new MemoryRunStore();
    await openResultsUrl(new URL('https://me:hunter2@example.org/pg/run.json?token=abc123'), { store, fetch: fakeFetch(text).fetch, now });
    expect((await store.listRuns())[0]?.imported_from).toBe('https://example.org/pg/run.json?token=REDACTED');
  });

  it('with the import worker, parses off the thread and stores the same run under the safe label; a refusal keeps its message', async () => {
    const api = createRunImportWorkerApi();
    const seen: string[] = [];
    const parse = (t: string, source: string, maxBytes?: number) => {
      seen.push(source);
      return api.parseText(t, source, maxBytes === undefined ? {} : { maxBytes });
    };
    const store = new MemoryRunStore();
    const secret = new URL('https://me:hunter2@example.org/pg/run.json?sig=s3cr3t');
    expect((await openResultsUrl(secret, { store, fetch: fakeFetch(text).fetch, now, parse })).kind).toBe('imported');
    expect(seen).toEqual(['https://example.org/pg/run.json?sig=REDACTED']);
    expect((await store.listRuns())[0]?.imported_from).toBe('https://example.org/pg/run.json?sig=REDACTED');
    expect((await openResultsUrl(url, { store, fetch: fakeFetch('\uFEFF' + text).fetch, now, parse })).kind).toBe('already');
    const deep = text.replace('"events":[{', `"events":[{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    expect(await message(openResultsUrl(url, { store, fetch: fakeFetch(deep, { chunk: 1 << 20 }).fetch, now, parse }))).toMatch(/^https:\/\/example\.org\/pg\/run\.json nests 10000\d levels deep, over the 200-level limit/);
    expect(await store.listRuns()).toHaveLength(1);
  });

  it('reads a file served with a UTF-8 BOM', async () => {
    const store = new MemoryRunStore();
    expect((await openResultsUrl(url, { store, fetch: fakeFetch('\uFEFF' + text).fetch, now })).kind).toBe('imported');
  });

  it('refuses a 100 000-level nesting with the depth limit, not a stack overflow', async () => {
    const store = new MemoryRunStore();
    const deep = text.replace('"events":[{', `"events":[{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    expect(await message(openResultsUrl(url, { store, fetch: fakeFetch(deep, { chunk: 1 << 20 }).fetch, now }))).toMatch(/nests 10000\d levels deep, over the 200-level limit/);
    expect(await store.listRuns()).toEqual([]);
  });

  it('imports again when the content at the URL changed', async () => {
    const store = new MemoryRunStore();
    await openResultsUrl(url, { store, fetch: fakeFetch(text).fetch, now });
    const other = await fixtureRun('reference');
    const second = await openResultsUrl(url, { store, fetch: fakeFetch(JSON.stringify(buildRunExport(vehSuite, other, EXPORT_META))).fetch, now });
    expect(second.kind).toBe('imported');
    expect(await store.listRuns()).toHaveLength(2);
  });

  it('stores nothing for a file that is not JSON or not valid', async () => {
    const store = new MemoryRunStore();
    expect(await message(openResultsUrl(url, { store, fetch: fakeFetch('<!doctype html><h1>Not found</h1>').fetch, now }))).toMatch(/run\.json is not valid JSON/);
    expect(await message(openResultsUrl(url, { store, fetch: fakeFetch(text.slice(0, 5000)).fetch, now }))).toMatch(/looks truncated/);
    expect(await store.listRuns()).toEqual([]);
  });
});
