import { useRef, useState } from 'react';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import { useImportMaterial } from './use-photonics-worker.ts';

/**
 * Adds a refractiveindex.info YAML file (any page of that database) to the library in the worker.
 * The worker validates it; a malformed file is refused with the parser's message, which names what
 * is wrong. An imported material appears in every material picker.
 */
export function MaterialImport({ worker, count }: { worker: WorkerPhotonics | undefined; count: number | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const importer = useImportMaterial(worker);
  const entry = importer.data;
  return (
    <section className="panel pg-materials" aria-label="Material library">
      <h2>Material library</h2>
      <p className="note">
        {count === undefined ? 'Loading…' : `${count} materials available.`} Import a refractiveindex.info YAML file (tabulated n/k or formula 1–9); it is
        checked, then offered in every material picker. Values are n + ik with k &gt; 0 absorbing.
      </p>
      <div className="button-row">
        <label>
          Name (optional)
          <input type="text" value={name} placeholder="from the file's references" onChange={(e) => setName(e.target.value)} data-testid="pg-material-name" />
        </label>
        <button type="button" disabled={!worker || importer.isPending} onClick={() => input.current?.click()}>
          Import YAML…
        </button>
        <input
          ref={input}
          type="file"
          accept=".yml,.yaml,text/yaml"
          hidden
          data-testid="pg-material-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void file.text().then((text) => importer.mutate(name.trim() === '' ? { text } : { text, name: name.trim() }));
          }}
        />
      </div>
      {importer.isError && (
        <div className="error-panel" role="alert" data-testid="pg-material-error">
          <strong>The file was not imported</strong>
          <p className="mono">{importer.error.message}</p>
        </div>
      )}
      {entry && importer.isSuccess && (
        <p className="pg-material-ok" role="status" data-testid="pg-material-imported">
          Imported <strong>{entry.name}</strong>
        </p>
      )}
    </section>
  );
}
