/**
 * Importing run files into the page's store: validate (src/core/export/import-run.ts) and only then
 * write, in one store transaction, so a bad file changes nothing. A run already stored with the same
 * run id and the same content (content hash) is not stored again, whatever its source: the same file
 * twice, a copy with a BOM or other whitespace, or one's own export of a run made in this page.
 *
 * A signed export's signature is checked (async, WebCrypto) right after the sync content checks and
 * before anything is stored: a bad signature refuses the file as a wrong content_sha256 does.
 */
import { parseRunFile } from '../../core/export/import-run.ts';
import { checkImportedSignature } from './import-signature.ts';
import type { RunStore } from '../../core/store/run-store.ts';
import { findSameImport } from './find-same-import.ts';
import { ImportError } from '../../core/verify/import.ts';
import type { ParsedImport } from '../../../workers/run-import-api.ts';
import { storeImportedRun, type ImportOutcome } from './store-imported-run.ts';
import { SUITES } from '../../core/suites.ts';

export { checkImportedSignature, findSameImport, storeImportedRun };
export type { ImportOutcome };

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
