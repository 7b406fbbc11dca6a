import { useState } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { parseNumber } from './NumberField.tsx';
import { fieldId, type FieldProps } from './field-props.ts';

/** Parses "400, 500 600" into numbers; returns the message naming the first bad entry instead. */
export function parseNumberList(text: string): number[] | string {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  const out: number[] = [];
  for (const [i, p] of parts.entries()) {
    const n = parseNumber(p, false);
    if (n === null) return `entry ${i + 1} ("${p}") is not a number`;
    out.push(n);
  }
  return out;
}

const show = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : '');

/** A list of numbers (e.g. wavelengths_nm, up to 10,000 of them) edited as comma-separated text. */
export function NumberListField({ schema, value, onChange, name, path }: FieldProps) {
  const [draft, setDraft] = useState(show(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(show(value));
  }
  const parsed = parseNumberList(draft);
  const id = fieldId(path);
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <textarea
        id={id}
        data-testid={id}
        rows={2}
        className={typeof parsed === 'string' ? 'pg-number-list invalid' : 'pg-number-list'}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          const list = parseNumberList(e.target.value);
          if (typeof list !== 'string') {
            setShown(list);
            onChange(list);
          }
        }}
      />
      {typeof parsed === 'string' && <span className="pg-field-error">{parsed}</span>}
    </FieldShell>
  );
}
