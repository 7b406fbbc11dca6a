/**
 * Importing run files into the page's store: validate (src/core/export/import-run.ts) and only then
 * write, in one store transaction, so a bad file changes nothing. A run already stored with the same
 * run id and the same content (content hash) is not stored again, whatever its source: the same file
 * twice, a copy with a BOM or other whitespace, or one's own export of a run made in this page.
 *
 * A signed export's signature is checked (async, WebCrypto) right after the sync content checks and
 * before anything is stored: a bad signature refuses the file as a wrong content_sha256 does.
 */
import { parseRunFile, type ImportedRun } from '../../core/export/import-run.ts';
import type { ExportSignatureState } from '../../core/verify/export-signature.ts';
import { checkImportedSignature } from './import-signature.ts';
import type { RunSource, RunStore } from '../../core/store/run-store.ts';
import { findSameImport } from './find-same-import.ts';
import { ImportError } from '../../core/verify/import.ts';
import type { ParsedImport, SameStoredRun } from '../../../workers/run-import-api.ts';
import { SUITES } from '../../core/suites.ts';

export { checkImportedSignature, findSameImport };

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

/** Parses, validates (content, then signature) and stores one file's text; throws ImportError (nothing stored) for a bad file. */
export async function importRunText(store: RunStore, source: string, text: string, importedAt: string, maxBytes?: number): Promise<ImportOutcome> {
  const run = parseRunFile(SUITES, source, text, maxBytes);
  const signature = await checkImportedSignature(run, source);
  return storeImportedRun(store, run, source, importedAt, signature);
}

/**
 * Stores what the import worker answered (workers/run-import-api.ts): a refused file is its
 * ImportError again, so callers show the worker's message exactly as an in-thread import would.
 */
export async function storeParsedImport(store: RunStore, parsed: ParsedImport, source: string, importedAt: string): Promise<ImportOutcome> {
  if (!parsed.ok) throw parsed.importError ? new ImportError(parsed.message) : new Error(parsed.message);
  return storeImportedRun(store, parsed.run, source, importedAt, parsed.signature, parsed.same);
}
