/**
 * Transcripts stored in batches (DB version 3: one JSON string per commit) read back as the objects
 * that went in, beside per-task records written by version 2, which are still read; a run's export
 * is byte-for-byte the same whichever way its transcripts were stored.
 */
import 'fake-indexeddb/auto';
import { openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRunExport } from '../../core/export/run-export.ts';
import { EXPORT_META } from '../../core/export/test-run.ts';
import { StoreCorruptionError } from '../../core/store/run-store.ts';
import { fixtureRecipe, fixtureRun, type FixtureRunResult } from '../../core/store/test-run-fixture.ts';
import { SUITES } from '../../core/suites.ts';
import { vehSuite } from '../../core/veh/suite.ts';
import { readStoredRunContent } from '../../app/runs/stored-run-content.ts';
import { IdbRunStore } from './runs-db.ts';
import { DB_VERSION, runMigrations, TASK_ROWS_STORE, TRANSCRIPT_BATCHES_STORE, TRANSCRIPTS_STORE } from './settings-db-migrations.ts';

let dbCount = 0;
const open: IDBPDatabase[] = [];
async function freshDb(): Promise<IDBPDatabase> {
  const db = await openDB(`pg-batches-${++dbCount}`, DB_VERSION, { upgrade: (d, o, n) => void runMigrations(d, o, n ?? DB_VERSION) });
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const tasksOf = (run: FixtureRunResult) => run.rows.map((row, task_index) => ({ task_index, row, transcript: run.transcripts[task_index]! }));

async function begin(store: IdbRunStore, run: FixtureRunResult): Promise<string> {
  return store.beginRun({ run_id: 'r', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });
}

/** The run's export file text, as the page downloads it (same meta, so only the stored content can differ). */
async function exportText(store: IdbRunStore, id: string): Promise<string> {
  const content = await readStoredRunContent(store, id);
  return JSON.stringify(buildRunExport(vehSuite, content, EXPORT_META), null, 2);
}

/** Version 2's layout, written as that build wrote it: a row without a batch, its transcript as its own record. */
async function putLegacy(db: IDBPDatabase, id: string, task: ReturnType<typeof tasksOf>[number]): Promise<void> {
  await db.put(TASK_ROWS_STORE, { store_id: id, task_index: task.task_index, row: task.row });
  await db.put(TRANSCRIPTS_STORE, { store_id: id, task_index: task.task_index, transcript: task.transcript });
}

describe('IdbRunStore: transcripts in batches', () => {
  it('a run committed in batches of every size exports byte-identical to the run itself, one batch record per commit', async () => {
    const run = await fixtureRun();
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await begin(store, run);
    const tasks = tasksOf(run);
    // Out of task order within and across batches, as a concurrent run finishes them.
    const commits = [tasks.slice(3, 8).reverse(), tasks.slice(0, 1), tasks.slice(8), tasks.slice(1, 3)];
    for (const batch of commits) await store.commitTasks(id, batch);
    await store.finishRun(id, { status: run.status, error: run.error, manifest: run.manifest, metrics: run.metrics });
    expect(await db.count(TRANSCRIPT_BATCHES_STORE)).toBe(commits.length);
    expect(await db.count(TRANSCRIPTS_STORE)).toBe(0);
    expect(await store.readTranscripts(id)).toEqual(run.transcripts);
    for (const t of tasks) expect(await store.readTranscript(id, t.task_index)).toEqual(t.transcript);
    expect(await exportText(store, id)).toBe(JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META), null, 2));
  });

  it('a run from before batches (per-task transcript records) reads and exports as before, and a resume under this build adds batches beside them', async () => {
    const run = await fixtureRun();
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await begin(store, run);
    const tasks = tasksOf(run);
    const half = Math.floor(tasks.length / 2);
    for (const t of tasks.slice(0, half)) await putLegacy(db, id, t);
    // Task 0 again, as a resumed run may commit a task twice: its batched copy is the one read.
    await store.commitTasks(id, [tasks[0]!, ...tasks.slice(half)]);
    await store.finishRun(id, { status: run.status, error: run.error, manifest: run.manifest, metrics: run.metrics });
    expect(await db.count(TRANSCRIPTS_STORE)).toBe(half);
    expect(await store.readTranscripts(id)).toEqual(run.transcripts);
    expect(await store.readTranscript(id, 1)).toEqual(run.transcripts[1]);
    expect(await store.readTranscript(id, tasks.length - 1)).toEqual(run.transcripts[tasks.length - 1]);
    expect(await exportText(store, id)).toBe(JSON.stringify(buildRunExport(vehSuite, run, EXPORT_META), null, 2));
    await store.deleteRun(id);
    expect([await db.count(TASK_ROWS_STORE), await db.count(TRANSCRIPTS_STORE), await db.count(TRANSCRIPT_BATCHES_STORE)]).toEqual([0, 0, 0]);
  });

  it('an import is stored in batches and reads back whole', async () => {
    const run = await fixtureRun();
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.importRun({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts, imported_from: 'r.json', imported_at: '2026-02-01T00:00:00.000Z' });
    expect(await db.count(TRANSCRIPT_BATCHES_STORE)).toBe(1);
    expect(await store.readTranscripts(id)).toEqual(run.transcripts);
    expect(await store.readTranscript(id, 2)).toEqual(run.transcripts[2]);
  });

  it('splits transcripts too long for one IndexedDB value over several batch records, on import and on commit', async () => {
    // Chromium refuses a value over ~127 MiB serialised: a ~200 MB import once went in one record.
    const run = await fixtureRun();
    const long = structuredClone(run.transcripts).map((t, i) => {
      const events = (t as { events: { content?: unknown }[] }).events;
      const event = events.find((e) => typeof e.content === 'string');
      if (!event) throw new Error('fixture transcript without a text event');
      if (i < 3) event.content = `${String(event.content)} ${'x'.repeat(10 * 2 ** 20)}`;
      return t;
    });
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.importRun({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: long, imported_from: 'r.json', imported_at: '2026-02-01T00:00:00.000Z' });
    expect(await db.count(TRANSCRIPT_BATCHES_STORE)).toBeGreaterThan(1);
    expect(await store.readTranscripts(id)).toEqual(long);
    const db2 = await freshDb();
    const store2 = new IdbRunStore(db2, SUITES);
    const id2 = await begin(store2, run);
    await store2.commitTasks(id2, run.rows.map((row, task_index) => ({ task_index, row, transcript: long[task_index]! })));
    expect(await db2.count(TRANSCRIPT_BATCHES_STORE)).toBeGreaterThan(1);
    expect(await store2.readTranscripts(id2)).toEqual(long);
  });

  it('a damaged batch, or a row naming a batch that lacks its transcript, is a StoreCorruptionError naming the record', async () => {
    const run = await fixtureRun();
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await begin(store, run);
    const tasks = tasksOf(run);
    await store.commitTasks(id, tasks.slice(0, 2));
    await store.commitTasks(id, tasks.slice(2, 3));
    await db.put(TRANSCRIPT_BATCHES_STORE, { store_id: id, batch: 0, task_indices: [0, 1], transcripts: '[{"cut off' });
    await expect(store.readTranscript(id, 0)).rejects.toBeInstanceOf(StoreCorruptionError);
    await expect(store.readTranscripts(id)).rejects.toThrow(/transcript_batches\[.*\].*not JSON/);
    await db.put(TRANSCRIPT_BATCHES_STORE, { store_id: id, batch: 1, task_indices: [7], transcripts: JSON.stringify([tasks[7]!.transcript]) });
    await expect(store.readTranscript(id, 2)).rejects.toThrow(/task_rows\[.*#2\] names transcript batch 1, which does not hold its transcript/);
    // The suite's schema still checks each transcript in a batch.
    await db.put(TRANSCRIPT_BATCHES_STORE, { store_id: id, batch: 1, task_indices: [2], transcripts: JSON.stringify([{ schema_version: 99 }]) });
    await expect(store.readTranscript(id, 2)).rejects.toThrow(/transcript_batches\[.*#1\[task 2\]\]/);
  });
});
