import { describe, expect, it } from 'vitest';
import { DB_VERSION, MIGRATIONS, RUNS_STORE, runMigrations, SETTINGS_STORE, TASK_ROWS_STORE, TRANSCRIPT_BATCHES_STORE, TRANSCRIPTS_STORE, type Migration, type UpgradeTarget } from './settings-db-migrations.ts';

function fakeDb(existing: string[] = []): UpgradeTarget & { stores: string[]; options: Record<string, IDBObjectStoreParameters | undefined> } {
  const stores = [...existing];
  const options: Record<string, IDBObjectStoreParameters | undefined> = {};
  return {
    stores,
    options,
    objectStoreNames: { contains: (name) => stores.includes(name) },
    createObjectStore: (name, opts) => {
      if (stores.includes(name)) throw new Error(`store ${name} exists`);
      stores.push(name);
      options[name] = opts;
    },
  };
}

const V2_STORES = [SETTINGS_STORE, RUNS_STORE, TASK_ROWS_STORE, TRANSCRIPTS_STORE];
const ALL_STORES = [...V2_STORES, TRANSCRIPT_BATCHES_STORE];

describe('settings database migrations', () => {
  it('are numbered 1, 2, … with no gaps, so each version upgrades from the one before', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(DB_VERSION).toBe(MIGRATIONS.length);
  });

  it('a fresh database (version 0) gets the settings store, then the run stores', () => {
    const db = fakeDb();
    expect(runMigrations(db, 0, DB_VERSION)).toEqual([1, 2, 3]);
    expect(db.stores).toEqual(ALL_STORES);
  });

  it('version 2 adds the run stores to a version 1 database and leaves settings alone', () => {
    const db = fakeDb([SETTINGS_STORE]);
    expect(runMigrations(db, 1, 2)).toEqual([2]);
    expect(db.stores).toEqual(V2_STORES);
    expect(db.options[RUNS_STORE]).toEqual({ keyPath: 'store_id' });
    expect(db.options[TASK_ROWS_STORE]).toEqual({ keyPath: ['store_id', 'task_index'] });
    expect(db.options[TRANSCRIPTS_STORE]).toEqual({ keyPath: ['store_id', 'task_index'] });
  });

  it('version 3 adds the transcript batches store to a version 2 database and leaves its stores alone', () => {
    const db = fakeDb(V2_STORES);
    expect(runMigrations(db, 2, 3)).toEqual([3]);
    expect(db.stores).toEqual(ALL_STORES);
    expect(db.options[TRANSCRIPT_BATCHES_STORE]).toEqual({ keyPath: ['store_id', 'batch'] });
  });

  it('an up-to-date database runs nothing', () => {
    const db = fakeDb(ALL_STORES);
    expect(runMigrations(db, DB_VERSION, DB_VERSION)).toEqual([]);
    expect(db.stores).toEqual(ALL_STORES);
  });

  it('a later version applies only the migrations the stored version has not seen, in order', () => {
    const order: string[] = [];
    const later: Migration[] = [
      ...MIGRATIONS.slice(0, 1),
      { version: 2, description: 'a', apply: (db) => void (order.push('a'), db.createObjectStore('a')) },
      { version: 3, description: 'b', apply: (db) => void (order.push('b'), db.createObjectStore('b')) },
    ];
    const db = fakeDb([SETTINGS_STORE]);
    expect(runMigrations(db, 1, 3, later)).toEqual([2, 3]);
    expect(order).toEqual(['a', 'b']);
    expect(db.stores).toEqual([SETTINGS_STORE, 'a', 'b']);
  });

  it('refuses a target version it has no migration for', () => {
    expect(() => runMigrations(fakeDb(), 0, DB_VERSION + 1)).toThrow(/no migration to database version/);
  });
});
