import { useState, type DragEvent } from 'react';
import { ImportError, checkImportSize } from '../../core/verify/import.ts';
import { getRunStore } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { importRunText, type ImportOutcome } from './import-run-file.ts';
import { SignatureText } from './VerificationBadge.tsx';

type FileResult = { name: string; ok: true; outcome: ImportOutcome } | { name: string; ok: false; message: string };

async function importFile(file: File): Promise<FileResult> {
  try {
    // Refuse an oversized file before reading a byte of it.
    checkImportSize(file.name, file.size);
    const outcome = await importRunText(getRunStore(), file.name, await file.text(), new Date().toISOString());
    return { name: file.name, ok: true, outcome };
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
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<FileResult[]>([]);
  const [over, setOver] = useState(false);

  const importAll = async (files: readonly File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    const out: FileResult[] = [];
    // One at a time: each import is its own store transaction, and memory stays bounded.
    for (const f of files) out.push(await importFile(f));
    setResults(out);
    setBusy(false);
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
      {busy && <p role="status">Importing…</p>}
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
