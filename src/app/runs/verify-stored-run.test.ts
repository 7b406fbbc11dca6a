import { beforeAll, describe, expect, it } from 'vitest';
import { buildRunExport, runContentHash, type RunExport } from '../../core/export/run-export.ts';
import { summariseTasks } from '../../core/export/task-summary.ts';
import { EXPORT_META, FIXTURE_BANK_HASH, fixtureRun } from '../../core/export/test-run.ts';
import { MemoryRunStore } from '../../core/store/memory-run-store.ts';
import { fixtureBank, fixtureOracle } from '../../core/veh/protocol/test-fixtures.ts';
import { importRunText } from './import-run-file.ts';
import { buildIdFromUrl } from './build-id.ts';
import { verifyStoredRun, type DisposableEnvironment } from './verify-stored-run.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import { SUITES } from '../../core/suites.ts';
import type { VehRow } from '../../core/veh/rows.ts';
import { signRunExport } from '../../core/verify/export-signature.ts';
import { generateSigningKey } from '../../core/verify/signing.ts';

let text = '';
beforeAll(async () => {
  text = JSON.stringify(buildRunExport(vehSuite, await fixtureRun('random'), EXPORT_META));
});

const now = () => '2026-02-03T04:05:06.000Z';
const shipped = { hash: FIXTURE_BANK_HASH, tasks: fixtureBank() };
const bank = () => shipped;

/** A fresh oracle per check that records whether the check terminated it. */
function oracles() {
  const made: { terminated: boolean }[] = [];
  const createEnvironment = (): Promise<DisposableEnvironment> => {
    const rec = { terminated: false };
    made.push(rec);
    return Promise.resolve({ ...fixtureOracle, backendId: fixtureOracle.backendId, evaluate: fixtureOracle.evaluate, evaluateMany: fixtureOracle.evaluateMany, terminate: () => (rec.terminated = true) });
  };
  return { made, createEnvironment, suites: SUITES };
}

describe('verify a stored run in the page', () => {
  it('verifies an imported export with a fresh oracle, terminates it, stores the badge', async () => {
    const store = new MemoryRunStore();
    const { storeId } = await importRunText(store, 'run.json', text, now());
    const o = oracles();
    const { report, verification } = await verifyStoredRun(store, storeId, { createEnvironment: o.createEnvironment, suites: SUITES, bank, appVersion: 't', now });
    expect(report.outcome).toBe('verified');
    expect(o.made).toEqual([{ terminated: true }]);
    expect(verification).toMatchObject({ outcome: 'verified', checked_at: now(), app_version: 't' });
    expect(verification.summary).toMatch(/^17 tasks verified, \d+ oracle calls re-executed; replayed: the built-in agent re-run from the seed reproduced every reply byte for byte$/);
    expect((await store.getRun(storeId))?.summary.verification).toEqual(verification);
  });

  it('an edited score gives a mismatch badge naming the task and field', async () => {
    const f = JSON.parse(text) as Omit<RunExport, 'rows'> & { rows: VehRow[] };
    const row = f.rows.find((r) => r.probe === 'P2');
    if (row?.probe !== 'P2') throw new Error('fixture run has no P2 row');
    row.final.result.load_power_uw *= 2;
    const edited = JSON.stringify({ ...f, tasks: summariseTasks(vehSuite.scoring, f.rows, f.transcripts), content_sha256: runContentHash(f) });
    const store = new MemoryRunStore();
    const { storeId } = await importRunText(store, 'edited.json', edited, now());
    const { verification } = await verifyStoredRun(store, storeId, { ...oracles(), bank, appVersion: 't', now });
    expect(verification.outcome).toBe('mismatch');
    expect(verification.summary).toContain(`${row.task_id} final.result.load_power_uw`);
  });

  it('without the shipped bank the run is unverifiable, saying why', async () => {
    const store = new MemoryRunStore();
    const { storeId } = await importRunText(store, 'run.json', text, now());
    const { verification } = await verifyStoredRun(store, storeId, { ...oracles(), bank: () => null, appVersion: 't', now });
    expect(verification.outcome).toBe('unverifiable');
    expect(verification.summary).toMatch(/^unverifiable: no shipped bank/);
  });

  it('a signed import keeps its signature, re-checked at verify; a run changed in the store after import reads as a bad signature', async () => {
    const subtle = globalThis.crypto.subtle;
    const key = await generateSigningKey(subtle);
    const signed = await signRunExport(JSON.parse(text) as RunExport, subtle, key.privateKey, key.publicKey);
    const store = new MemoryRunStore();
    const { storeId } = await importRunText(store, 'signed.json', JSON.stringify(signed), now());
    expect((await store.getRun(storeId))?.summary.signature).toEqual(signed.signature);
    const good = await verifyStoredRun(store, storeId, { ...oracles(), bank, appVersion: 't', now });
    expect(good.verification).toMatchObject({ outcome: 'verified', signature: { state: 'signed', fingerprint: key.publicKey.fingerprint } });

    // The same block stored beside other content (an edited store): the signature no longer matches it.
    const f = JSON.parse(text) as RunExport;
    const edited = await store.importRun({ manifest: { ...f.manifest, app_version: 'edited' }, rows: f.rows, metrics: f.metrics, transcripts: f.transcripts, imported_from: 'x', imported_at: now(), signature: signed.signature! });
    const bad = await verifyStoredRun(store, edited, { ...oracles(), bank, appVersion: 't', now });
    expect(bad.verification).toMatchObject({ outcome: 'mismatch', signature: { state: 'bad' } });
    expect(bad.verification.summary).toMatch(/^mismatch: file signature/);

    const plain = await importRunText(new MemoryRunStore(), 'run.json', text, now());
    expect(plain.signature).toEqual({ state: 'unsigned' });
  });

  it('a bad file changes nothing already stored', async () => {
    const store = new MemoryRunStore();
    await importRunText(store, 'run.json', text, now());
    const before = await store.listRuns();
    await expect(importRunText(store, 'cut.json', text.slice(0, 999), now())).rejects.toThrow(/looks truncated/);
    expect(await store.listRuns()).toEqual(before);
  });
});

describe('buildIdFromUrl', () => {
  it('reads the hash Vite puts in a bundled script name', () => {
    expect(buildIdFromUrl('https://x/pg/assets/main-Bq3x_9aZ.js')).toBe('Bq3x_9aZ');
    expect(buildIdFromUrl('http://localhost:5173/src/app/runs/build-id.ts')).toBeNull();
  });
});
