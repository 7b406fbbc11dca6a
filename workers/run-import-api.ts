/**
 * What the run-import worker exposes over comlink, kept apart from the worker entry so Node tests can
 * drive it without a Worker. Reading, JSON parsing and validating a run file (schema, content hash,
 * every task line, the signature) all happen here, off the page's thread: a 200 MB export held the
 * main thread for 26 s when the Runs page did it in place (issue 21). With the page's store on
 * IndexedDB (which this worker shares), `importFile` stores the validated run here too: handing the
 * parsed run back to the page and writing it there cost the page's thread a structured clone of
 * the whole run each way (seconds for a 200 MB export, e2e/import-large.spec.ts). With a memory
 * store the page stores what `parseFile` returns (src/app/runs/store-imported-run.ts, as the worker does). Either way a bad
 * file changes nothing.
 *
 * Answers are values, not thrown errors: comlink would rebuild a thrown ImportError as a plain Error,
 * and the page shows an ImportError's message as it is but prefixes any other failure.
 */
import type { ImportedRun } from '../src/core/export/import-run.ts';
import type { ExportSignatureState } from '../src/core/verify/export-signature.ts';
import type { RunStore } from '../src/core/store/run-store.ts';
import type { ImportOutcome, SameStoredRun } from '../src/app/runs/store-imported-run.ts';

/** Where an import is: bytes read of the file, then the checks (one step each, no finer measure exists). */
export type ImportProgress =
  | { phase: 'reading'; loaded_bytes: number; total_bytes: number }
  | { phase: 'parsing' }
  | { phase: 'validating' }
  | { phase: 'signature' }
  | { phase: 'dedupe' }
  | { phase: 'storing' };

export type { SameStoredRun };

export type ParsedImport =
  /** `same`: set when the worker looked in the store (lookInStore), so the page need not read and hash runs back. */
  | { ok: true; run: ImportedRun; signature: ExportSignatureState; same?: SameStoredRun }
  /** `importError`: the file was refused (its message names why); false: something else failed. */
  | { ok: false; message: string; importError: boolean };

/** What `importFile` answers: the stored outcome (a few ids, not the run), or why nothing was stored. */
export type StoredImport = { ok: true; outcome: ImportOutcome } | { ok: false; message: string; importError: boolean };

export type ProgressSink = (p: ImportProgress) => void;

/** A reading report at most every this many bytes (and at the end): ~50 messages for a 200 MB file. */
export const READ_PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

/** The file's text, decoded as it streams in, with progress; `stream()` keeps memory to the text itself. */
export async function readBlobText(file: Blob, onProgress?: ProgressSink): Promise<string> {
  const total = file.size;
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let loaded = 0;
  let reported = 0;
  onProgress?.({ phase: 'reading', loaded_bytes: 0, total_bytes: total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    if (loaded - reported >= READ_PROGRESS_STEP_BYTES) {
      reported = loaded;
      onProgress?.({ phase: 'reading', loaded_bytes: loaded, total_bytes: total });
    }
  }
  parts.push(decoder.decode());
  if (reported !== loaded) onProgress?.({ phase: 'reading', loaded_bytes: loaded, total_bytes: total });
  return parts.join('');
}

export interface RunImportWorkerOptions {
  /** WebCrypto for signed exports; default the worker's own (null outside a secure context). */
  subtle?: SubtleCrypto | null;
  /**
   * The page's store as this worker can open it (IndexedDB is shared with the page): reading back and
   * hashing a stored run to find a duplicate costs as much as the import itself, so it happens here too.
   */
  openStore?: () => Promise<RunStore>;
}

export interface ParseOptions {
  maxBytes?: number;
  /** Look for the same run in the store (the page passes true when its store is IndexedDB, which this worker shares). */
  lookInStore?: boolean;
}

export function createRunImportWorkerApi(options: RunImportWorkerOptions = {}) {
  // Heavy modules (every suite's schemas) load on the first call, so the entry reaches expose() at once.
  const load = async () => {
    const [{ parseRunFile }, { SUITES }, { checkImportedSignature }, { ImportError, checkImportSize }, { findSameImport }, { storeImportedRun }] = await Promise.all([
      import('../src/core/export/import-run.ts'),
      import('../src/core/suites.ts'),
      import('../src/app/runs/import-signature.ts'),
      import('../src/core/verify/import.ts'),
      import('../src/app/runs/find-same-import.ts'),
      import('../src/app/runs/store-imported-run.ts'),
    ]);
    return { parseRunFile, SUITES, checkImportedSignature, ImportError, checkImportSize, findSameImport, storeImportedRun };
  };
  let modules: ReturnType<typeof load> | undefined;
  let store: Promise<RunStore> | undefined;

  const parse = async (source: string, text: () => Promise<string>, opts: ParseOptions, onProgress?: ProgressSink): Promise<ParsedImport> => {
    const m = await (modules ??= load());
    try {
      const body = await text();
      onProgress?.({ phase: 'parsing' });
      const run = m.parseRunFile(m.SUITES, source, body, opts.maxBytes, () => onProgress?.({ phase: 'validating' }));
      onProgress?.({ phase: 'signature' });
      const signature = await m.checkImportedSignature(run, source, options.subtle === undefined ? (globalThis.crypto?.subtle ?? null) : options.subtle);
      if (opts.lookInStore !== true || options.openStore === undefined) return { ok: true, run, signature };
      onProgress?.({ phase: 'dedupe' });
      const same = await m.findSameImport(await (store ??= options.openStore()), run.manifest.run_id, run.content_sha256);
      return { ok: true, run, signature, same };
    } catch (e) {
      if (e instanceof m.ImportError) return { ok: false, message: e.message, importError: true };
      return { ok: false, message: e instanceof Error ? e.message : String(e), importError: false };
    }
  };

  const parseBlob = async (file: Blob, source: string, opts: ParseOptions, onProgress?: ProgressSink): Promise<ParsedImport> => {
    const m = await (modules ??= load());
    return parse(
      source,
      async () => {
        m.checkImportSize(source, file.size, opts.maxBytes);
        return readBlobText(file, onProgress);
      },
      opts,
      onProgress,
    );
  };

  return {
    /**
     * A picked or dropped file read, checked and stored in the page's store, all in this worker;
     * only the outcome goes back. Needs `openStore` (the worker entry gives it the page's IndexedDB).
     */
    async importFile(file: Blob, source: string, importedAt: string, opts: Omit<ParseOptions, 'lookInStore'> = {}, onProgress?: ProgressSink): Promise<StoredImport> {
      if (options.openStore === undefined) return { ok: false, message: 'this import worker has no store to write to', importError: false };
      const parsed = await parseBlob(file, source, { ...opts, lookInStore: true }, onProgress);
      if (!parsed.ok) return parsed;
      const m = await (modules ??= load());
      try {
        onProgress?.({ phase: 'storing' });
        const outcome = await m.storeImportedRun(await (store ??= options.openStore()), parsed.run, source, importedAt, parsed.signature, parsed.same);
        return { ok: true, outcome };
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : String(e), importError: false };
      }
    },
    /** A picked or dropped file: size checked before a byte is read, then read with progress. */
    parseFile(file: Blob, source: string, opts: ParseOptions = {}, onProgress?: ProgressSink): Promise<ParsedImport> {
      return parseBlob(file, source, opts, onProgress);
    },
    /** Text already downloaded (`?results=`). */
    async parseText(text: string, source: string, opts: ParseOptions = {}, onProgress?: ProgressSink): Promise<ParsedImport> {
      return parse(source, async () => text, opts, onProgress);
    },
  };
}

export type RunImportWorkerApi = ReturnType<typeof createRunImportWorkerApi>;
