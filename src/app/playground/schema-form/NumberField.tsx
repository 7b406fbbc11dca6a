import { useState } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { fieldId, type FieldProps } from './field-props.ts';
import type { JsonSchema } from './json-schema.ts';

/** Parses a typed number: decimals and exponents ("1e-3"); null for anything else (including ""). */
export function parseNumber(text: string, integer: boolean): number | null {
  const t = text.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  if (!Number.isFinite(n)) return null;
  return integer && !Number.isInteger(n) ? null : n;
}

/**
 * A number typed as text, so partial input ("1e", "-") can be typed without the value jumping;
 * the problem changes only when the text is a complete number. A change from outside (the JSON
 * view, a preset) replaces the text.
 */
export function NumberField({ schema, value, onChange, name, path }: FieldProps & { schema: JsonSchema }) {
  const integer = schema.type === 'integer';
  const [draft, setDraft] = useState(typeof value === 'number' ? String(value) : '');
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(typeof value === 'number' ? String(value) : '');
  }
  const valid = parseNumber(draft, integer) !== null;
  const id = fieldId(path);
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <input
        id={id}
        data-testid={id}
        type="text"
        inputMode="decimal"
        className={valid ? 'pg-number' : 'pg-number invalid'}
        aria-invalid={!valid}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = parseNumber(e.target.value, integer);
          if (n !== null) {
            setShown(n);
            onChange(n);
          }
        }}
      />
    </FieldShell>
  );
}
