/**
 * The page's IndexedDB schema, as an ordered list of migrations. Migration n upgrades version n−1 to
 * n; opening the database at DB_VERSION runs every migration the stored version has not seen, in
 * order, inside the one `versionchange` transaction. A later version (runs, results…) appends an
 * entry here and never edits an old one, so every stored database upgrades the same way.
 */

/** The part of an upgrading IDBDatabase (or idb's wrapper of it) that migrations use. */
export interface UpgradeTarget {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string, options?: IDBObjectStoreParameters): unknown;
}

export interface Migration {
  readonly version: number;
  readonly description: string;
  apply(db: UpgradeTarget): void;
}

export const SETTINGS_STORE = 'settings';
export const RUNS_STORE = 'runs';
export const TASK_ROWS_STORE = 'task_rows';
export const TRANSCRIPTS_STORE = 'transcripts';
export const TRANSCRIPT_BATCHES_STORE = 'transcript_batches';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'settings: one row per key (model settings, the opt-in remembered API key)',
    // Out-of-line keys: rows are looked up by fixed names, not by a field inside the value.
    apply: (db) => {
      db.createObjectStore(SETTINGS_STORE);
    },
  },
  {
    version: 2,
    description: 'runs: one record per run (summary, manifest, metrics); task_rows and transcripts keyed by [store_id, task_index]',
    // Rows and transcripts live apart so lists and leaderboards read small rows, never whole transcripts;
    // the compound key keeps a run's tasks contiguous and in task order for one range read or delete.
    apply: (db) => {
      db.createObjectStore(RUNS_STORE, { keyPath: 'store_id' });
      db.createObjectStore(TASK_ROWS_STORE, { keyPath: ['store_id', 'task_index'] });
      db.createObjectStore(TRANSCRIPTS_STORE, { keyPath: ['store_id', 'task_index'] });
    },
  },
  {
    version: 3,
    description: 'transcript_batches: the transcripts of one commit as one JSON string, keyed by [store_id, batch]',
    // Thousands of mid-sized transcript records made the browser's IndexedDB backend the page run's
    // bottleneck; one large value per commit is written out whole (runs-db.ts). Version 2's
    // transcripts store stays: records written there are still read, and nothing moves.
    apply: (db) => {
      db.createObjectStore(TRANSCRIPT_BATCHES_STORE, { keyPath: ['store_id', 'batch'] });
    },
  },
];

export const DB_VERSION = MIGRATIONS.length;

/** Runs migrations oldVersion+1 … newVersion; returns the versions applied (for tests and logs). */
export function runMigrations(db: UpgradeTarget, oldVersion: number, newVersion: number, migrations: readonly Migration[] = MIGRATIONS): number[] {
  if (newVersion > migrations.length) throw new Error(`no migration to database version ${newVersion}; the latest is ${migrations.length}`);
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version <= oldVersion || m.version > newVersion) continue;
    m.apply(db);
    applied.push(m.version);
  }
  return applied;
}
