/**
 * The page's IndexedDB database `proving-ground` (via idb). Version 1 has one object store,
 * `settings`, with out-of-line keys: one row per setting (the non-secret model settings, and — only
 * after the user opts in — the remembered API key and the export signing key). Schema changes go through
 * settings-db-migrations.ts. Reads are validated by the caller's zod schema (settings-db-row.ts).
 * Covered by the e2e tests (a real browser's IndexedDB); the pure parts have unit tests.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { z } from 'zod';
import type { RememberedKeyPersistence } from './secret-store.ts';
import type { SigningKeyPersistence } from './signing-key-store.ts';
import { DB_VERSION, runMigrations, SETTINGS_STORE } from './settings-db-migrations.ts';
import { validateRow, type ValidatedRow } from './settings-db-row.ts';

export const DB_NAME = 'proving-ground';

/** Fixed row keys of the settings store. */
export const SETTINGS_ROWS = {
  modelSettings: 'model-settings',
  /** The only row that may hold a key, and only while "remember on this device" is on. */
  rememberedApiKey: 'remembered-api-key',
  /** The export signing key, only while "keep it in this browser" is on: a non-extractable CryptoKey, never its bytes. */
  signingKey: 'signing-key',
} as const;

let dbPromise: Promise<IDBPDatabase> | null = null;

export function openSettingsDb(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, DB_VERSION, {
    upgrade: (db, oldVersion, newVersion) => {
      runMigrations(db, oldVersion, newVersion ?? DB_VERSION);
    },
    // Another tab holds an older version open: it must let go, or this upgrade waits forever.
    blocking: () => {
      void dbPromise?.then((db) => db.close());
      dbPromise = null;
    },
    terminated: () => {
      dbPromise = null;
    },
  }).catch((e: unknown) => {
    // A failed open (private mode, quota, a newer version open elsewhere) is retried on the next call.
    dbPromise = null;
    throw new Error(`This browser’s IndexedDB could not be opened: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  });
  return dbPromise;
}

export async function readSettingRow<T>(key: string, schema: z.ZodType<T>, defaults: T, what: string): Promise<ValidatedRow<T>> {
  const db = await openSettingsDb();
  return validateRow(await db.get(SETTINGS_STORE, key), schema, defaults, what);
}

export async function writeSettingRow(key: string, value: unknown): Promise<void> {
  const db = await openSettingsDb();
  await db.put(SETTINGS_STORE, value, key);
}

export async function deleteSettingRow(key: string): Promise<void> {
  const db = await openSettingsDb();
  await db.delete(SETTINGS_STORE, key);
}

/** The secret store's opt-in row, in this database. */
export const rememberedKeyRow: RememberedKeyPersistence = {
  read: async () => (await openSettingsDb()).get(SETTINGS_STORE, SETTINGS_ROWS.rememberedApiKey),
  write: (row) => writeSettingRow(SETTINGS_ROWS.rememberedApiKey, row),
  remove: () => deleteSettingRow(SETTINGS_ROWS.rememberedApiKey),
};

/** The signing key's opt-in row (a non-extractable CryptoKey and its public half), in this database. */
export const signingKeyRow: SigningKeyPersistence = {
  read: async () => (await openSettingsDb()).get(SETTINGS_STORE, SETTINGS_ROWS.signingKey),
  write: (row) => writeSettingRow(SETTINGS_ROWS.signingKey, row),
  remove: () => deleteSettingRow(SETTINGS_ROWS.signingKey),
};
