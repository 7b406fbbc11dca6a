/**
 * Importing run files into the page's store: validate (src/core/export/import-run.ts) and only then
 * write, in one store transaction, so a bad file changes nothing. A file already imported from the
 * same source with the same content (content hash) is not stored twice.
 */
import { parseRunFile, type ImportedRun } from '../../core/export/import-run.ts';
import { runContentHash } from '../../core/export/run-export.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { readStoredRunContent } from './stored-run-content.ts';
import { SUITES } from '../../core/suites.ts';

export type ImportOutcome = { kind: 'imported'; storeId: string; runId: string } | { kind: 'already'; storeId: string; runId: string };

/** The stored run imported from `source` whose content hashes to `hash`, if any. */
export async function findSameImport(store: RunStore, source: string, hash: string): Promise<string | null> {
  for (const s of await store.listRuns()) {
    if (s.source !== 'imported' || s.imported_from !== source) continue;
    try {
      if (runContentHash(await readStoredRunContent(store, s.store_id)) === hash) return s.store_id;
    } catch {
      // A stored run we cannot read back is not the same content.
    }
  }
  return null;
}

export async function storeImportedRun(store: RunStore, run: ImportedRun, source: string, importedAt: string): Promise<ImportOutcome> {
  const same = await findSameImport(store, source, run.content_sha256);
  if (same !== null) return { kind: 'already', storeId: same, runId: run.manifest.run_id };
  const storeId = await store.importRun({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts, imported_from: source, imported_at: importedAt });
  return { kind: 'imported', storeId, runId: run.manifest.run_id };
}

/** Parses, validates and stores one file's text; throws ImportError (nothing stored) for a bad file. */
export async function importRunText(store: RunStore, source: string, text: string, importedAt: string, maxBytes?: number): Promise<ImportOutcome> {
  return storeImportedRun(store, parseRunFile(SUITES, source, text, maxBytes), source, importedAt);
}
