/**
 * Page import (the same function the Runs page's file picker calls): a file with a UTF-8 BOM reads
 * as the file without it, a run already stored (same run id, same content) is never stored a second
 * time whatever its source, and an absurdly nested file is refused by the depth limit with a clear
 * message instead of overflowing the stack somewhere later.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRunExport } from '../../core/export/run-export.ts';
import { EXPORT_META, fixtureRun } from '../../core/export/test-run.ts';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { fixtureRecipe } from '../../core/store/test-run-fixture.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import type { VehRunResult } from '../../core/veh/run/run-veh.ts';
import { ImportError } from '../../core/verify/import.ts';
import { signRunExport } from '../../core/verify/export-signature.ts';
import { generateSigningKey } from '../../core/verify/signing.ts';
import { checkImportedSignature, importRunText } from './import-run-file.ts';
import { parseRunFile } from '../../core/export/import-run.ts';
import { SUITES } from '../../core/suites.ts';

let run: VehRunResult;
let text = '';
beforeAll(async () => {
  run = await fixtureRun('random');
  text = JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META));
});
const now = () => '2026-03-04T05:06:07.000Z';

describe('importRunText', () => {
  it('reads a file with a UTF-8 BOM as the same file, and does not store it twice', async () => {
    const store = new MemoryRunStore();
    const first = await importRunText(store, 'run-bom.json', '\uFEFF' + text, now());
    expect(first).toMatchObject({ kind: 'imported', runId: run.manifest.run_id });
    // The same content under another name, without the BOM and pretty-printed: still the same run.
    const again = await importRunText(store, 'copy.json', JSON.stringify(JSON.parse(text), null, 2), now());
    expect(again).toEqual({ kind: 'already', storeId: first.storeId, runId: run.manifest.run_id, storedAs: 'imported', signature: { state: 'unsigned' } });
    expect(await store.listRuns()).toHaveLength(1);
  });

  it("one's own export of a run made in this page is recognised as already stored", async () => {
    const store = new MemoryRunStore();
    const id = await store.beginRun({ run_id: run.manifest.run_id, label: 'Random', model: null, started_at: now(), recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });
    for (const [i, row] of run.rows.entries()) await store.commitTask(id, { task_index: i, row, transcript: run.transcripts[i]! });
    await store.finishRun(id, { status: 'completed', error: null, manifest: run.manifest, metrics: run.metrics });
    expect(await importRunText(store, 'my-export.json', text, now())).toEqual({ kind: 'already', storeId: id, runId: run.manifest.run_id, storedAs: 'local', signature: { state: 'unsigned' } });
    expect(await store.listRuns()).toHaveLength(1);
  });

  it('the same run id with different content is stored (it is another result)', async () => {
    const store = new MemoryRunStore();
    await importRunText(store, 'a.json', text, now());
    // Same run id, another seed in the manifest: a different content hash, so a different result.
    const other = JSON.stringify(buildRunExport(vehSuite, { ...run, manifest: { ...run.manifest, seed: run.manifest.seed + 1 } }, EXPORT_META));
    expect((await importRunText(store, 'b.json', other, now())).kind).toBe('imported');
    expect(await store.listRuns()).toHaveLength(2);
  });

  it('a 100 000-level nesting inside a free-form field is refused by the depth limit, nothing stored', async () => {
    const store = new MemoryRunStore();
    const depth = 100_000;
    // Inside the first transcript's first event, where unknown keys are tolerated: only the depth check can catch it.
    const deep = text.replace('"events":[{', `"events":[{"deep":${'['.repeat(depth)}${']'.repeat(depth)},`);
    expect(deep).not.toBe(text);
    const p = importRunText(store, 'deep.json', deep, now());
    await expect(p).rejects.toThrow(ImportError);
    await expect(importRunText(store, 'deep.json', deep, now())).rejects.toThrow(/deep\.json nests 10000\d levels deep, over the 200-level limit/);
    await expect(importRunText(store, 'deep.json', deep, now())).rejects.not.toThrow(/call stack/);
    expect(await store.listRuns()).toEqual([]);
  });

  it('a signed export imports as signed by its key; a bad signature is refused naming the field, nothing stored', async () => {
    const subtle = globalThis.crypto.subtle;
    const key = await generateSigningKey(subtle);
    const signed = await signRunExport(buildRunExport(vehSuite, run, EXPORT_META), subtle, key.privateKey, key.publicKey);
    const store = new MemoryRunStore();
    expect(await importRunText(store, 'signed.json', JSON.stringify(signed), now())).toMatchObject({ kind: 'imported', signature: { state: 'signed', fingerprint: key.publicKey.fingerprint } });

    const other = await generateSigningKey(subtle);
    const swapped = JSON.stringify({ ...signed, signature: { ...signed.signature, public_key: other.publicKey } });
    const empty = new MemoryRunStore();
    await expect(importRunText(empty, 'swapped.json', swapped, now())).rejects.toThrow(/swapped\.json has a bad signature: signed by key .*not by the key given.*Nothing was imported/);
    expect(await empty.listRuns()).toEqual([]);
    // Without WebCrypto (an http page) a signed file is refused rather than imported with its claim unchecked.
    await expect(checkImportedSignature(parseRunFile(SUITES, 's.json', JSON.stringify(signed)), 's.json', null)).rejects.toThrow(/cannot check its signature/);
  });
});
