/**
 * The duplicate search of an import: a run already stored with the same run id and the same content
 * (content hash) is not stored again. Apart from the store writes so the import worker
 * (workers/run-import-api.ts) can run it off the page's thread: it reads back and hashes each
 * stored run with that id, as costly as the import itself for a large run.
 */
import { runContentHash } from '../../core/export/run-export.ts';
import type { RunSource, RunStore } from '../../core/store/run-store.ts';
import { readStoredRunContent } from './stored-run-content.ts';

/** The stored run (local or imported) with run id `runId` whose content hashes to `hash`, if any. */
export async function findSameImport(store: RunStore, runId: string, hash: string): Promise<{ storeId: string; storedAs: RunSource } | null> {
  for (const s of await store.listRuns()) {
    // The content hash covers the manifest, and so the run id; the id check only skips reading others back.
    if (s.run_id !== runId) continue;
    try {
      if (runContentHash(await readStoredRunContent(store, s.store_id)) === hash) return { storeId: s.store_id, storedAs: s.source };
    } catch {
      // A stored run we cannot read back (still running, interrupted) is not the same content.
    }
  }
  return null;
}

