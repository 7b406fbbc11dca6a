import { describe, expect, it } from 'vitest';
import { DB_VERSION, MIGRATIONS, runMigrations, SETTINGS_STORE, type Migration, type UpgradeTarget } from './settings-db-migrations.ts';

function fakeDb(existing: string[] = []): UpgradeTarget & { stores: string[] } {
  const stores = [...existing];
  return {
    stores,
    objectStoreNames: { contains: (name) => stores.includes(name) },
    createObjectStore: (name) => {
      if (stores.includes(name)) throw new Error(`store ${name} exists`);
      stores.push(name);
    },
  };
}

describe('settings database migrations', () => {
  it('are numbered 1, 2, … with no gaps, so each version upgrades from the one before', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(DB_VERSION).toBe(MIGRATIONS.length);
  });

  it('a fresh database (version 0) gets the settings store', () => {
    const db = fakeDb();
    expect(runMigrations(db, 0, DB_VERSION)).toEqual([1]);
    expect(db.stores).toEqual([SETTINGS_STORE]);
  });

  it('an up-to-date database runs nothing', () => {
    const db = fakeDb([SETTINGS_STORE]);
    expect(runMigrations(db, DB_VERSION, DB_VERSION)).toEqual([]);
    expect(db.stores).toEqual([SETTINGS_STORE]);
  });

  it('a later version applies only the migrations the stored version has not seen, in order', () => {
    const order: string[] = [];
    const later: Migration[] = [
      ...MIGRATIONS,
      { version: 2, description: 'runs', apply: (db) => void (order.push('runs'), db.createObjectStore('runs')) },
      { version: 3, description: 'results', apply: (db) => void (order.push('results'), db.createObjectStore('results')) },
    ];
    const db = fakeDb([SETTINGS_STORE]);
    expect(runMigrations(db, 1, 3, later)).toEqual([2, 3]);
    expect(order).toEqual(['runs', 'results']);
    expect(db.stores).toEqual([SETTINGS_STORE, 'runs', 'results']);
  });

  it('refuses a target version it has no migration for', () => {
    expect(() => runMigrations(fakeDb(), 0, DB_VERSION + 1)).toThrow(/no migration to database version/);
  });
});
