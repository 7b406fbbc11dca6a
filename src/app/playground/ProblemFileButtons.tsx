import { useRef, useState } from 'react';
import { downloadJson } from '../run/download-json.ts';
import { readProblemFile, type ImportedProblem } from './problem-file.ts';
import type { JsonValue } from './schema-form/json-schema.ts';

/** Save the problem as a JSON file (what `proving-ground solve FILE` reads) or load one. */
export function ProblemFileButtons({ problem, kind, onImport }: { problem: JsonValue; kind: string; onImport: (p: ImportedProblem) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="button-row pg-file-buttons">
      <button type="button" data-testid="pg-export-problem" onClick={() => downloadJson(`photonics-${kind}-problem.json`, problem)}>
        Export problem (JSON)
      </button>
      <button type="button" onClick={() => input.current?.click()}>
        Import problem…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="pg-import-problem"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setError(null);
          file
            .text()
            .then((text) => onImport(readProblemFile(text, file.name)))
            .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
        }}
      />
      {error && (
        <span className="pg-field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
