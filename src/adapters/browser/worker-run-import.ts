/**
 * The page's run-import worker (workers/run-import.worker.ts) behind comlink and the crash guard:
 * one worker per batch of files, terminated after it, so the text and parsed objects of a 200 MB
 * file do not stay in memory. A crashed worker (out of memory on a huge file) answers as a failed
 * import naming what happened, never a hang.
 */
import { proxy } from 'comlink';
import { guardWorker } from './guarded-worker.ts';
import type { ParseOptions, ParsedImport, ProgressSink, RunImportWorkerApi, StoredImport } from '../../../workers/run-import-api.ts';

export interface RunImportParser {
  /** Reads, checks and stores the file in the worker (the page's store must be IndexedDB). */
  importFile(file: Blob, source: string, importedAt: string, opts?: Omit<ParseOptions, 'lookInStore'>, onProgress?: ProgressSink): Promise<StoredImport>;
  parseFile(file: Blob, source: string, opts?: ParseOptions, onProgress?: ProgressSink): Promise<ParsedImport>;
  parseText(text: string, source: string, opts?: ParseOptions, onProgress?: ProgressSink): Promise<ParsedImport>;
  terminate(): void;
}

export function defaultRunImportWorker(): Worker {
  return new Worker(new URL('../../../workers/run-import.worker.ts', import.meta.url), { type: 'module' });
}

export function startRunImportWorker(createWorker: () => Worker = defaultRunImportWorker): RunImportParser {
  const { remote, call, fail } = guardWorker<RunImportWorkerApi>(createWorker(), {
    crashed: (detail) => new Error(`the import worker stopped (${detail}); a file this large may need more memory than the browser gives a tab`),
    undecodable: () => new Error('the import worker sent a message that could not be decoded'),
  });
  const sink = (onProgress?: ProgressSink) => (onProgress ? proxy(onProgress) : undefined);
  // A crash is an answer too: the caller shows it as this file's failure.
  const settle = async <A extends ParsedImport | StoredImport>(run: () => Promise<A>): Promise<A | { ok: false; message: string; importError: false }> => {
    try {
      return await call(run);
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e), importError: false };
    }
  };
  return {
    importFile: (file, source, importedAt, opts, onProgress) => settle<StoredImport>(() => remote.importFile(file, source, importedAt, opts, sink(onProgress))),
    parseFile: (file, source, opts, onProgress) => settle<ParsedImport>(() => remote.parseFile(file, source, opts, sink(onProgress))),
    parseText: (text, source, opts, onProgress) => settle<ParsedImport>(() => remote.parseText(text, source, opts, sink(onProgress))),
    terminate: () => fail(new Error('the import worker was terminated')),
  };
}

/** One text (a `?results=` download) through a worker of its own, terminated after. */
export async function parseTextInWorker(text: string, source: string, opts: ParseOptions = {}): Promise<ParsedImport> {
  const parser = startRunImportWorker();
  try {
    return await parser.parseText(text, source, opts);
  } finally {
    parser.terminate();
  }
}
