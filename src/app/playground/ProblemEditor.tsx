import { useState } from 'react';
import { JsonEditor } from './JsonEditor.tsx';
import { ProblemForm } from './ProblemForm.tsx';
import type { JsonSchema, JsonValue } from './schema-form/json-schema.ts';

type View = 'form' | 'json';

/** Two views of one problem: the generated form and the raw JSON; switching keeps every edit. */
export function ProblemEditor({ schema, value, onChange }: { schema: JsonSchema; value: JsonValue; onChange: (value: JsonValue) => void }) {
  const [view, setView] = useState<View>('form');
  return (
    <div className="pg-editor">
      <div className="pg-tabs" role="tablist" aria-label="Problem view">
        {(['form', 'json'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={view === v ? 'pg-tab selected' : 'pg-tab'}
            onClick={() => setView(v)}
            data-testid={`pg-view-${v}`}
          >
            {v === 'form' ? 'Form' : 'JSON'}
          </button>
        ))}
      </div>
      {view === 'form' ? <ProblemForm schema={schema} value={value} onChange={onChange} /> : <JsonEditor value={value} onChange={onChange} />}
    </div>
  );
}
