import { useState } from 'react';
import type { JsonValue } from './schema-form/json-schema.ts';

const pretty = (value: JsonValue): string => JSON.stringify(value, null, 2);

/**
 * The problem as JSON text: the second view of the same state as the form. Text that parses
 * replaces the problem at once; text that does not stays in the box with the parser's message, and
 * the last good problem is kept.
 */
export function JsonEditor({ value, onChange }: { value: JsonValue; onChange: (value: JsonValue) => void }) {
  const [text, setText] = useState(() => pretty(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    setText(pretty(value));
    setError(null);
  }
  return (
    <div className="pg-json-editor">
      <label htmlFor="pg-json">Problem JSON (edits apply as soon as the text parses)</label>
      <textarea
        id="pg-json"
        data-testid="pg-json"
        className={error ? 'mono invalid' : 'mono'}
        spellCheck={false}
        rows={22}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed = JSON.parse(e.target.value) as JsonValue;
            setError(null);
            setShown(parsed);
            onChange(parsed);
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
      {error && (
        <p className="pg-field-error" role="status">
          Not valid JSON yet: {error}
        </p>
      )}
    </div>
  );
}
