import { useState, type DragEvent } from 'react';
import { ImportError } from '../../core/verify/import.ts';
import { startRunImportWorker, type RunImportParser } from '../../adapters/browser/worker-run-import.ts';
import { getRunStore, getRunStoreBackend } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { storeParsedImport, type ImportOutcome } from './import-run-file.ts';
import { describeImportProgress, type ImportProgressView } from './import-progress.ts';
import { SignatureText } from './VerificationBadge.tsx';
import type { ProgressSink } from '../../../workers/run-import-api.ts';

type FileResult = { name: string; ok: true; outcome: ImportOutcome } | { name: string; ok: false; message: string };

/**
 * Reading, parsing, validating and (on IndexedDB) storing happen in the import worker, so this
 * thread never holds the run; with a memory store (private windows) the checked run is stored here.
 */
async function importFile(parser: RunImportParser, file: File, onProgress: ProgressSink): Promise<FileResult> {
  try {
    const store = getRunStore();
    const importedAt = new Date().toISOString();
    // The worker shares the store only when it is IndexedDB (a memory store lives in this tab alone).
    if ((await getRunStoreBackend()).kind !== 'indexeddb') return { name: file.name, ok: true, outcome: await storeParsedImport(store, await parser.parseFile(file, file.name, {}, onProgress), file.name, importedAt) };
    const stored = await parser.importFile(file, file.name, importedAt, {}, onProgress);
    if (!stored.ok) throw stored.importError ? new ImportError(stored.message) : new Error(stored.message);
    // The worker wrote through its own connection: the lists and this run's pages read it afresh.
    if (stored.outcome.kind === 'imported') store.changedElsewhere({ kind: 'run', storeId: stored.outcome.storeId, rows: true });
    return { name: file.name, ok: true, outcome: stored.outcome };
  } catch (e) {
    const message = e instanceof ImportError ? e.message : `${file.name} could not be imported: ${e instanceof Error ? e.message : String(e)}`;
    return { name: file.name, ok: false, message };
  }
}

/** Why a file was not stored again: the same run id with the same content is in the store already. */
export function alreadyStored(storedAs: 'imported' | 'local'): string {
  return `Already stored (same run id and content${storedAs === 'local' ? ', run in this page' : ''}; not stored again)`;
}

/** File picker and drop zone for run files (several at once); each file is validated before anything is stored. */
export function ImportPanel() {
  const [progress, setProgress] = useState<ImportProgressView | null>(null);
  const busy = progress !== null;
  const [results, setResults] = useState<FileResult[]>([]);
  const [over, setOver] = useState(false);

  const importAll = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const out: FileResult[] = [];
    const parser = startRunImportWorker();
    try {
      // One at a time: each import is its own store transaction, and memory stays bounded.
      for (const [i, f] of files.entries()) {
        setProgress(describeImportProgress(f.name, i, files.length, null));
        out.push(await importFile(parser, f, (p) => setProgress(describeImportProgress(f.name, i, files.length, p))));
      }
    } finally {
      parser.terminate();
      setResults(out);
      setProgress(null);
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void importAll([...e.dataTransfer.files]);
  };

  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import runs</h2>
      <div
        className={`runs-dropzone${over ? ' runs-dropzone-over' : ''}`}
        data-testid="import-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label className="runs-file-label">
          Run files (.json: a run export or a page download; several at once, or drop them here)
          <input
            type="file"
            accept=".json,application/json"
            multiple
            data-testid="import-input"
            disabled={busy}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void importAll(files);
            }}
          />
        </label>
        <p className="note">Every file is checked against the versioned schema first; a file that fails changes nothing already stored.</p>
      </div>
      {progress !== null && (
        <p role="status" data-testid="import-progress">
          {progress.text}{' '}
          <progress max={1} {...(progress.fraction === null ? {} : { value: progress.fraction })} aria-label="Import progress" />
        </p>
      )}
      {results.length > 0 && (
        <ul className="runs-import-results" aria-live="polite">
          {results.map((r, i) =>
            r.ok ? (
              <li key={i} data-testid="import-ok">
                {r.outcome.kind === 'imported' ? 'Imported' : alreadyStored(r.outcome.storedAs)} {r.name} as{' '}
                <a href={routeHref({ name: 'run-detail', storeId: r.outcome.storeId, taskIndex: null, query: new URLSearchParams() })}>{r.outcome.runId}</a>
                {' — '}
                <SignatureText state={r.outcome.signature} />
              </li>
            ) : (
              <li key={i} className="runs-import-error" role="alert" data-testid="import-error">
                {r.message}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
