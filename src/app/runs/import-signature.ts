/**
 * The signature check of a parsed run file, apart from the store so the import worker
 * (workers/run-import-api.ts) can run it beside the parse. A signed export's signature is checked
 * (async, WebCrypto) after the sync content checks and before anything is stored: a bad signature
 * refuses the file as a wrong content_sha256 does.
 */
import type { ImportedRun } from '../../core/export/import-run.ts';
import { checkExportSignature, type ExportSignatureState } from '../../core/verify/export-signature.ts';
import { ImportError } from '../../core/verify/import.ts';

/** The signature check of a parsed file; a bad signature is an ImportError naming the field, so nothing is stored. */
export async function checkImportedSignature(run: ImportedRun, source: string, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<ExportSignatureState> {
  if (run.signature === undefined) return { state: 'unsigned' };
  // WebCrypto exists only in a secure context (https, localhost): a claim that cannot be checked is not accepted.
  if (subtle === null) throw new ImportError(`${source} is signed, but this page cannot check its signature (WebCrypto needs https or localhost). Nothing was imported.`);
  const state = await checkExportSignature(run, subtle);
  if (state.state === 'bad') throw new ImportError(`${source} has a bad signature: ${state.reason}. Nothing was imported.`);
  return state;
}

