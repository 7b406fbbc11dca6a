import 'fake-indexeddb/auto';
import { openDB, type IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeRunStoreContract } from '../../core/store/test-store-contract.ts';
import { StoreCorruptionError, StoreQuotaError } from '../../core/store/run-store.ts';
import { fixtureRecipe, fixtureRun } from '../../core/store/test-run-fixture.ts';
import { SUITES } from '../../core/suites.ts';
import { IdbRunStore } from './runs-db.ts';
import { DB_VERSION, MIGRATIONS, RUNS_STORE, runMigrations, SETTINGS_STORE, TASK_ROWS_STORE, TRANSCRIPT_BATCHES_STORE, TRANSCRIPTS_STORE } from './settings-db-migrations.ts';

let dbCount = 0;
const open: IDBPDatabase[] = [];

/** A fresh database per test (fake-indexeddb), opened the way the page opens it: every migration. */
async function freshDb(name = `pg-test-${++dbCount}`, version = DB_VERSION): Promise<IDBPDatabase> {
  const db = await openDB(name, version, { upgrade: (d, oldVersion, newVersion) => void runMigrations(d, oldVersion, newVersion ?? version) });
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describeRunStoreContract('IndexedDB (fake-indexeddb)', async () => new IdbRunStore(await freshDb(), SUITES));

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/**
 * The database as the store sees it, except that the Nth `put` (counted over the whole database)
 * fails the way a full disk does: its request rejects with QuotaExceededError while the
 * transaction's earlier puts are still pending. The store must abort them.
 */
function failingOnPut(db: IDBPDatabase, n: number): IDBPDatabase {
  let puts = 0;
  const wrapStore = (store: object) =>
    new Proxy(store, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === 'put') {
          return (...args: unknown[]) => {
            puts++;
            if (puts === n) return Promise.reject(quotaError());
            return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const wrapTx = (tx: object) =>
    new Proxy(tx, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === 'objectStore') return (name: string) => wrapStore((value as (n: string) => object).call(target, name));
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === 'transaction') return (...args: unknown[]) => wrapTx((value as (...a: unknown[]) => object).apply(target, args));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function countAll(db: IDBPDatabase) {
  return { runs: await db.count(RUNS_STORE), rows: await db.count(TASK_ROWS_STORE), transcripts: await db.count(TRANSCRIPTS_STORE), batches: await db.count(TRANSCRIPT_BATCHES_STORE) };
}

describe('IdbRunStore: a full quota leaves the database consistent', () => {
  let db: IDBPDatabase;
  beforeEach(async () => {
    db = await freshDb();
  });

  it('a commit that hits the quota is rolled back whole: done_count equals the rows stored', async () => {
    const run = await fixtureRun();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.beginRun({ run_id: 'r', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });
    for (let i = 0; i < 3; i++) {
      const [row, transcript] = [run.rows[i], run.transcripts[i]];
      if (!row || !transcript) throw new Error('fixture too small');
      await store.commitTask(id, { task_index: i, row, transcript });
    }
    // Each commit puts row, transcript batch, summary: the 2nd put of the next commit is its batch,
    // so the row put before it is pending in the same transaction and must be undone.
    const full = new IdbRunStore(failingOnPut(db, 2), SUITES);
    const [row, transcript] = [run.rows[3], run.transcripts[3]];
    if (!row || !transcript) throw new Error('fixture too small');
    const failure = full.commitTask(id, { task_index: 3, row, transcript });
    await expect(failure).rejects.toBeInstanceOf(StoreQuotaError);
    await expect(failure).rejects.toThrow(/Browser storage is full.*Delete old runs/);
    const after = await store.getRun(id);
    expect(after?.summary.done_count).toBe(3);
    expect((await store.readRows(id)).map((r) => r.task_index)).toEqual([0, 1, 2]);
    expect(await countAll(db)).toEqual({ runs: 1, rows: 3, transcripts: 0, batches: 3 });
    // And the run can go on once space is freed.
    await store.commitTask(id, { task_index: 3, row, transcript });
    expect((await store.getRun(id))?.summary.done_count).toBe(4);
  });

  it('an import that hits the quota stores nothing at all', async () => {
    const run = await fixtureRun();
    // Put number 10: the run record, then 8 rows in, then a failure in the middle of the file.
    const full = new IdbRunStore(failingOnPut(db, 10), SUITES);
    const failure = full.importRun({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts, imported_from: 'big.json', imported_at: '2026-02-01T00:00:00.000Z' });
    await expect(failure).rejects.toBeInstanceOf(StoreQuotaError);
    expect(await countAll(db)).toEqual({ runs: 0, rows: 0, transcripts: 0, batches: 0 });
    expect(await new IdbRunStore(db, SUITES).listRuns()).toEqual([]);
  });

  it('a quota failure reported by the transaction itself (at commit) is a StoreQuotaError too', async () => {
    const run = await fixtureRun();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.beginRun({ run_id: 'r', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });
    // Browsers may fail the commit rather than a request: the transaction aborts with tx.error set.
    const abortingDb = new Proxy(db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop === 'transaction') {
          return (...args: unknown[]) => {
            const tx = (value as (...a: unknown[]) => IDBTransactionLike).apply(target, args);
            const done = tx.done.then(() => Promise.reject(quotaError()));
            return new Proxy(tx, { get: (t, p) => (p === 'done' ? done : bindIfFunction(t, Reflect.get(t, p, t))) });
          };
        }
        return bindIfFunction(target, value);
      },
    });
    const [row, transcript] = [run.rows[0], run.transcripts[0]];
    if (!row || !transcript) throw new Error('fixture too small');
    await expect(new IdbRunStore(abortingDb, SUITES).commitTask(id, { task_index: 0, row, transcript })).rejects.toBeInstanceOf(StoreQuotaError);
  });
});

interface IDBTransactionLike {
  done: Promise<void>;
}
const bindIfFunction = (target: object, value: unknown): unknown => (typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value);

describe('IdbRunStore: reads are validated', () => {
  it('a damaged run record is a StoreCorruptionError naming the store and key', async () => {
    const db = await freshDb();
    await db.put(RUNS_STORE, { store_id: 'bad', summary: { status: 'weird' }, manifest: null, metrics: null });
    const store = new IdbRunStore(db, SUITES);
    await expect(store.getRun('bad')).rejects.toBeInstanceOf(StoreCorruptionError);
    await expect(store.getRun('bad')).rejects.toThrow(/runs\[bad\]/);
    // The list still opens: the damaged record is listed with the reason, and it can be deleted.
    const [listed] = await store.listRuns();
    expect(listed).toMatchObject({ store_id: 'bad', label: '(damaged record)', status: 'failed' });
    expect(listed?.error).toMatch(/runs\[bad\]/);
    await store.deleteRun('bad');
    expect(await store.listRuns()).toEqual([]);
  });

  it('a damaged transcript is a StoreCorruptionError naming its key', async () => {
    const db = await freshDb();
    await db.put(TRANSCRIPTS_STORE, { store_id: 'r', task_index: 4, transcript: { schema_version: 99 } });
    await expect(new IdbRunStore(db, SUITES).readTranscript('r', 4)).rejects.toThrow(/transcripts\[r#4\]/);
  });
});

describe('IdbRunStore across a page reload', () => {
  it('what was committed before the database closed is there when it opens again', async () => {
    const run = await fixtureRun();
    const name = `pg-reload-${++dbCount}`;
    const first = await freshDb(name);
    const store = new IdbRunStore(first, SUITES);
    const id = await store.beginRun({ run_id: 'r', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(run.rows.map((r) => r.task_id)) });
    for (let i = 0; i < 5; i++) {
      const [row, transcript] = [run.rows[i], run.transcripts[i]];
      if (!row || !transcript) throw new Error('fixture too small');
      await store.commitTask(id, { task_index: i, row, transcript });
    }
    first.close();
    const again = new IdbRunStore(await freshDb(name), SUITES);
    expect((await again.getRun(id))?.summary).toMatchObject({ status: 'running', done_count: 5 });
    expect((await again.readRows(id)).map((r) => r.row)).toEqual(run.rows.slice(0, 5));
  });

  it('upgrading a version 1 database keeps its settings and adds the run stores', async () => {
    const name = `pg-upgrade-${++dbCount}`;
    const v1 = await openDB(name, 1, { upgrade: (d, o) => void runMigrations(d, o, 1, MIGRATIONS) });
    await v1.put(SETTINGS_STORE, { provider: 'openai' }, 'model-settings');
    v1.close();
    const v2 = await freshDb(name);
    expect([...v2.objectStoreNames].sort()).toEqual([RUNS_STORE, SETTINGS_STORE, TASK_ROWS_STORE, TRANSCRIPTS_STORE, TRANSCRIPT_BATCHES_STORE].sort());
    expect(await v2.get(SETTINGS_STORE, 'model-settings')).toEqual({ provider: 'openai' });
    expect(await new IdbRunStore(v2, SUITES).listRuns()).toEqual([]);
  });
});

describe('IdbRunStore: every suite, and records from before the suite contract', () => {
  it('a run record written before the contract (P3 variant and controls at the recipe top level) reads with them as VEH options', async () => {
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.beginRun({ run_id: 'old', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(['a']) });
    const raw = (await db.get(RUNS_STORE, id)) as { summary: { recipe: Record<string, unknown> } };
    const { options: _options, ...rest } = raw.summary.recipe;
    // The shape the first store wrote (app 0.1.0): no `options`, VEH's fields beside the others.
    await db.put(RUNS_STORE, { ...raw, summary: { ...raw.summary, recipe: { ...rest, p3_variant: 'state_summary', controls: { control: 'neutral' } } } });
    expect((await store.getRun(id))?.summary.recipe?.options).toEqual({ p3Variant: 'state_summary', controls: { control: 'neutral' } });
  });

  it('a record of a suite this build does not have is listed as damaged, and deletable', async () => {
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.beginRun({ run_id: 'x', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: fixtureRecipe(['a']) });
    const raw = (await db.get(RUNS_STORE, id)) as { summary: { suite: string; recipe: Record<string, unknown> } };
    await db.put(RUNS_STORE, { ...raw, summary: { ...raw.summary, status: 'completed', suite: 'from-the-future', recipe: { ...raw.summary.recipe, suite: 'from-the-future' } } });
    await expect(store.getRun(id)).rejects.toThrow(/suite "from-the-future", which this build does not have/);
    expect((await store.listRuns())[0]).toMatchObject({ store_id: id, label: '(damaged record)' });
    await store.deleteRun(id);
    expect(await store.listRuns()).toEqual([]);
  });

  it('rows are checked with their own suite\'s schema: a VEH row under a circuit run is damaged', async () => {
    const run = await fixtureRun();
    const db = await freshDb();
    const store = new IdbRunStore(db, SUITES);
    const id = await store.beginRun({ run_id: 'c', label: 'Reference', model: null, started_at: '2026-01-01T00:00:00.000Z', recipe: { ...fixtureRecipe(['a']), suite: 'circuit', options: {} } });
    const [row, transcript] = [run.rows[0], run.transcripts[0]];
    if (!row || !transcript) throw new Error('fixture too small');
    await store.commitTask(id, { task_index: 0, row, transcript });
    await expect(store.readRows(id)).rejects.toThrow(/task_rows\[c#\(0th\)\]/);
  });
});
