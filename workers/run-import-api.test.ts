/**
 * The run-import worker's API in Node (issue 21: a 200 MB import held the page's thread 26 s): the
 * file is read with progress, parsed and validated off the page's thread, and answers carry the
 * same messages as the in-thread import. Driven directly and through comlink over a stand-in
 * Worker (the page's client, with its progress proxy and crash guard).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openIdbRunStore } from '../src/adapters/browser/runs-db.ts';
import type { RunStore } from '../src/core/store/run-store.ts';
import { buildRunExport } from '../src/core/export/run-export.ts';
import { EXPORT_META, fixtureRun } from '../src/core/export/test-run.ts';
import { parseRunFile } from '../src/core/export/import-run.ts';
import { MemoryRunStore } from '../src/core/store/memory-run-store.ts';
import { SUITES } from '../src/core/suites.ts';
import { vehSuite } from '../src/core/veh/suite.ts';
import { ImportError } from '../src/core/verify/import.ts';
import { signRunExport } from '../src/core/verify/export-signature.ts';
import { generateSigningKey } from '../src/core/verify/signing.ts';
import { storeParsedImport } from '../src/app/runs/import-run-file.ts';
import { describeImportProgress } from '../src/app/runs/import-progress.ts';
import { closeFakeWorkers, fakeWorker } from '../src/adapters/browser/fake-worker.ts';
import { startRunImportWorker } from '../src/adapters/browser/worker-run-import.ts';
import { READ_PROGRESS_STEP_BYTES, createRunImportWorkerApi, type ImportProgress, type ParsedImport } from './run-import-api.ts';

let text = '';
beforeAll(async () => {
  text = JSON.stringify(buildRunExport(vehSuite, await fixtureRun('random'), EXPORT_META));
});
afterEach(() => closeFakeWorkers());
const now = () => '2026-03-04T05:06:07.000Z';

function collect(): { events: ImportProgress[]; sink: (p: ImportProgress) => void } {
  const events: ImportProgress[] = [];
  return { events, sink: (p) => void events.push(p) };
}

const ok = (p: ParsedImport) => {
  if (!p.ok) throw new Error(`expected an accepted file, got: ${p.message}`);
  return p;
};

describe('run-import worker API', () => {
  it('parses a file as the in-thread import does, reporting reading, parsing, validating, signature in order', async () => {
    const api = createRunImportWorkerApi();
    const blob = new Blob([text]);
    const { events, sink } = collect();
    const parsed = ok(await api.parseFile(blob, 'run.json', undefined, sink));
    expect(parsed.run).toEqual(parseRunFile(SUITES, 'run.json', text));
    expect(parsed.signature).toEqual({ state: 'unsigned' });
    expect(events.map((e) => e.phase)).toEqual(['reading', 'reading', 'parsing', 'validating', 'signature']);
    expect(events[0]).toEqual({ phase: 'reading', loaded_bytes: 0, total_bytes: blob.size });
    expect(events[1]).toEqual({ phase: 'reading', loaded_bytes: blob.size, total_bytes: blob.size });
  });

  it('reports reading every 4 MiB of a large file, monotone up to its size', async () => {
    // Trailing whitespace is valid JSON: a 13 MiB file with the same run in it, in 256 KiB parts
    // (Node streams a Blob part by part; a browser streams a File in chunks of about 64 KiB).
    const blob = new Blob([text, ...Array.from({ length: 52 }, () => ' '.repeat(256 * 1024))]);
    const { events, sink } = collect();
    ok(await createRunImportWorkerApi().parseFile(blob, 'big.json', undefined, sink));
    const reads = events.filter((e): e is Extract<ImportProgress, { phase: 'reading' }> => e.phase === 'reading');
    expect(reads.length).toBeGreaterThanOrEqual(1 + Math.floor(blob.size / READ_PROGRESS_STEP_BYTES));
    reads.forEach((r, i) => i > 0 && expect(r.loaded_bytes).toBeGreaterThan(reads[i - 1]!.loaded_bytes));
    expect(reads.at(-1)?.loaded_bytes).toBe(blob.size);
  });

  it('a BOM copy gives the same content hash, and storing it twice stores one run', async () => {
    const api = createRunImportWorkerApi();
    const plain = ok(await api.parseText(text, 'a.json'));
    const bom = ok(await api.parseFile(new Blob(['\uFEFF' + text]), 'a-bom.json'));
    expect(bom.run.content_sha256).toBe(plain.run.content_sha256);
    const store = new MemoryRunStore();
    const first = await storeParsedImport(store, plain, 'a.json', now());
    expect(first.kind).toBe('imported');
    expect(await storeParsedImport(store, bom, 'a-bom.json', now())).toMatchObject({ kind: 'already', storeId: first.storeId, storedAs: 'imported' });
    expect(await store.listRuns()).toHaveLength(1);
  });

  it('a 100 000-level nesting is refused with the depth message, not a stack overflow; nothing stored', async () => {
    const depth = 100_000;
    const deep = text.replace('"events":[{', `"events":[{"deep":${'['.repeat(depth)}${']'.repeat(depth)},`);
    const answer = await createRunImportWorkerApi().parseFile(new Blob([deep]), 'deep.json');
    expect(answer).toMatchObject({ ok: false, importError: true });
    expect(!answer.ok && answer.message).toMatch(/^deep\.json nests 10000\d levels deep, over the 200-level limit/);
    const store = new MemoryRunStore();
    await expect(storeParsedImport(store, answer, 'deep.json', now())).rejects.toThrow(ImportError);
    expect(await store.listRuns()).toEqual([]);
  });

  it('a file over the size limit is refused before a byte is read', async () => {
    const { events, sink } = collect();
    const answer = await createRunImportWorkerApi().parseFile(new Blob([text]), 'run.json', { maxBytes: 100 }, sink);
    expect(answer).toMatchObject({ ok: false, importError: true });
    expect(!answer.ok && answer.message).toMatch(/^run\.json is \d+ bytes, over the 100 bytes limit for result files; nothing was read/);
    expect(events).toEqual([]);
  });

  it('checks a signature in the worker; a bad one is refused, and without WebCrypto a signed file is not accepted', async () => {
    const subtle = globalThis.crypto.subtle;
    const key = await generateSigningKey(subtle);
    const signed = JSON.stringify(await signRunExport(buildRunExport(vehSuite, await fixtureRun('random'), EXPORT_META), subtle, key.privateKey, key.publicKey));
    expect(ok(await createRunImportWorkerApi().parseText(signed, 's.json')).signature).toMatchObject({ state: 'signed', fingerprint: key.publicKey.fingerprint });
    const other = await generateSigningKey(subtle);
    const file = JSON.parse(signed) as { signature: Record<string, unknown> };
    const swapped = JSON.stringify({ ...file, signature: { ...file.signature, public_key: other.publicKey } });
    expect(await createRunImportWorkerApi().parseText(swapped, 'x.json')).toMatchObject({ ok: false, importError: true, message: expect.stringMatching(/^x\.json has a bad signature/) });
    expect(await createRunImportWorkerApi({ subtle: null }).parseText(signed, 's.json')).toMatchObject({ ok: false, message: expect.stringMatching(/cannot check its signature/) });
  });
});

describe('the duplicate search in the worker', () => {
  it("finds one's stored copy in the shared IndexedDB store, so the page stores nothing and reads nothing back", async () => {
    const idb = await openIdbRunStore(SUITES);
    await idb.clearAll();
    const api = createRunImportWorkerApi({ openStore: () => openIdbRunStore(SUITES) });
    const first = ok(await api.parseText(text, 'a.json', { lookInStore: true }));
    expect(first.same).toBeNull();
    // A page store that must not be searched: the worker's answer says already whether the run is stored.
    const noSearch: RunStore = new Proxy(idb, { get: (t, k) => (k === 'listRuns' ? () => Promise.reject(new Error('searched on the page thread')) : Reflect.get(t, k, t) as unknown) });
    const stored = await storeParsedImport(noSearch, first, 'a.json', now());
    expect(stored.kind).toBe('imported');
    const again = ok(await api.parseFile(new Blob(['\uFEFF' + text]), 'a-bom.json', { lookInStore: true }));
    expect(again.same).toEqual({ storeId: stored.storeId, storedAs: 'imported' });
    expect(await storeParsedImport(noSearch, again, 'a-bom.json', now())).toEqual({ kind: 'already', storeId: stored.storeId, runId: first.run.manifest.run_id, storedAs: 'imported', signature: { state: 'unsigned' } });
    expect(await idb.listRuns()).toHaveLength(1);
    // Without lookInStore (a memory store the worker cannot see) the page searches, as before.
    expect(ok(await api.parseText(text, 'a.json')).same).toBeUndefined();
  });

  it('importFile stores the checked run in the shared store and answers only the outcome; a BOM copy is already stored; a bad file stores nothing', async () => {
    const idb = await openIdbRunStore(SUITES);
    await idb.clearAll();
    const api = createRunImportWorkerApi({ openStore: () => openIdbRunStore(SUITES) });
    const { events, sink } = collect();
    const first = await api.importFile(new Blob([text]), 'w.json', now(), {}, sink);
    if (!first.ok) throw new Error(first.message);
    expect(first.outcome.kind).toBe('imported');
    // The answer is a few ids, never the run (whose structured clone held the page's thread for seconds).
    expect(JSON.stringify(first).length).toBeLessThan(500);
    expect(events.map((e) => e.phase).slice(-2)).toEqual(['dedupe', 'storing']);
    const run = parseRunFile(SUITES, 'w.json', text);
    expect((await idb.readRows(first.outcome.storeId)).length).toBe(run.rows.length);
    expect((await idb.getRun(first.outcome.storeId))?.summary.imported_from).toBe('w.json');
    const again = await api.importFile(new Blob(['\uFEFF' + text]), 'w-bom.json', now());
    expect(again.ok && again.outcome).toEqual({ kind: 'already', storeId: first.outcome.storeId, runId: run.manifest.run_id, storedAs: 'imported', signature: { state: 'unsigned' } });
    const bad = await api.importFile(new Blob([text.replace('"rows"', '"rowz"')]), 'bad.json', now());
    expect(bad.ok).toBe(false);
    expect(await idb.listRuns()).toHaveLength(1);
    expect((await createRunImportWorkerApi().importFile(new Blob([text]), 'w.json', now())).ok).toBe(false);
  });
});

describe("the page's import worker client", () => {
  it('parses through comlink with progress, and the answer stores as the in-thread import would', async () => {
    const fake = fakeWorker(createRunImportWorkerApi());
    const parser = startRunImportWorker(() => fake.worker);
    const { events, sink } = collect();
    const parsed = await parser.parseFile(new Blob([text]), 'run.json', undefined, sink);
    expect(ok(parsed).run.content_sha256).toBe(parseRunFile(SUITES, 'run.json', text).content_sha256);
    expect(events.map((e) => e.phase)).toEqual(['reading', 'reading', 'parsing', 'validating', 'signature']);
    expect((await storeParsedImport(new MemoryRunStore(), parsed, 'run.json', now())).kind).toBe('imported');
    parser.terminate();
    expect(fake.terminated()).toBe(true);
  });

  it('a worker that crashes mid-import answers as a failed file, naming what happened, instead of hanging', async () => {
    const api = createRunImportWorkerApi();
    const fake = fakeWorker({ ...api, parseFile: () => new Promise<never>(() => undefined) });
    const parser = startRunImportWorker(() => fake.worker);
    const pending = parser.parseFile(new Blob([text]), 'huge.json');
    fake.crash('out of memory');
    expect(await pending).toEqual({ ok: false, importError: false, message: 'the import worker stopped (out of memory); a file this large may need more memory than the browser gives a tab' });
  });
});

describe('describeImportProgress', () => {
  it('says which file, bytes read as a percentage, then the step without a made-up measure', () => {
    const MiB = 1024 * 1024;
    expect(describeImportProgress('run.json', 1, 3, { phase: 'reading', loaded_bytes: 90 * MiB, total_bytes: 200 * MiB })).toEqual({ text: 'Importing run.json (2 of 3): reading 45 % (90.0 of 200.0 MiB)', fraction: 0.45 });
    expect(describeImportProgress('run.json', 0, 1, null)).toEqual({ text: 'Importing run.json…', fraction: null });
    expect(describeImportProgress('run.json', 0, 1, { phase: 'validating' })).toEqual({ text: 'Importing run.json: checking the schema, content hash and every task line', fraction: null });
    expect(describeImportProgress('e.json', 0, 1, { phase: 'reading', loaded_bytes: 0, total_bytes: 0 }).fraction).toBe(1);
  });
});
