/**
 * The write step of an import, shared by the page (import-run-file.ts, a memory store) and the import
 * worker (workers/run-import-api.ts, which stores into IndexedDB itself): a run already stored with
 * the same run id and content is not stored again; a signature block is kept only once it verified.
 * Apart from import-run-file.ts so the worker does not import the page's side of the import.
 */
import type { ImportedRun } from '../../core/export/import-run.ts';
import type { RunSource, RunStore } from '../../core/store/run-store.ts';
import type { ExportSignatureState } from '../../core/verify/export-signature.ts';
import { findSameImport } from './find-same-import.ts';

/** The stored run with the same run id and content (found by the worker or here); null: none. */
export type SameStoredRun = { storeId: string; storedAs: RunSource } | null;

/** `signature`: who vouches for the file (a page download, which has no signature block, reads as unsigned). */
export type ImportOutcome =
  | { kind: 'imported'; storeId: string; runId: string; signature: ExportSignatureState }
  /** `storedAs`: whether the copy already stored was imported or run in this page. */
  | { kind: 'already'; storeId: string; runId: string; storedAs: RunSource; signature: ExportSignatureState };

/** `known`: the duplicate search already done (by the import worker); absent, it is done here. */
export async function storeImportedRun(store: RunStore, run: ImportedRun, source: string, importedAt: string, signature: ExportSignatureState = { state: 'unsigned' }, known?: SameStoredRun): Promise<ImportOutcome> {
  const same = known !== undefined ? known : await findSameImport(store, run.manifest.run_id, run.content_sha256);
  if (same !== null) return { kind: 'already', storeId: same.storeId, runId: run.manifest.run_id, storedAs: same.storedAs, signature };
  // The block is kept only once it verified, so the run's badge can say who vouches for it.
  const block = signature.state === 'signed' && run.signature !== undefined ? { signature: run.signature } : {};
  const storeId = await store.importRun({ manifest: run.manifest, rows: run.rows, metrics: run.metrics, transcripts: run.transcripts, imported_from: source, imported_at: importedAt, ...block });
  return { kind: 'imported', storeId, runId: run.manifest.run_id, signature };
}
