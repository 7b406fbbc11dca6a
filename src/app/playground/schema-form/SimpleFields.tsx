/** The leaf fields with nothing to parse: text, yes/no, a choice from an enum. */
import { FieldShell } from './FieldShell.tsx';
import { fieldId, type FieldProps } from './field-props.ts';
import type { JsonValue } from './json-schema.ts';

export function TextField({ schema, value, onChange, name, path }: FieldProps) {
  const id = fieldId(path);
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <input id={id} data-testid={id} type="text" value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
    </FieldShell>
  );
}

export function BooleanField({ schema, value, onChange, name, path }: FieldProps) {
  const id = fieldId(path);
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <input id={id} data-testid={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
    </FieldShell>
  );
}

export function EnumField({ schema, value, onChange, name, path }: FieldProps) {
  const id = fieldId(path);
  const options: JsonValue[] = schema.enum ?? [];
  const index = options.findIndex((o) => JSON.stringify(o) === JSON.stringify(value));
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <select id={id} data-testid={id} value={index < 0 ? '' : String(index)} onChange={(e) => onChange(options[Number(e.target.value)] ?? null)}>
        {index < 0 && <option value="">(choose)</option>}
        {options.map((o, i) => (
          <option key={JSON.stringify(o)} value={String(i)}>
            {String(o)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A value the schema does not describe well enough for a form (e.g. `unknown`): edited as JSON. */
export function RawJsonField({ schema, value, onChange, name, path }: FieldProps) {
  const id = fieldId(path);
  return (
    <FieldShell name={name} schema={schema} htmlFor={id}>
      <input
        id={id}
        data-testid={id}
        type="text"
        className="mono"
        defaultValue={JSON.stringify(value ?? null)}
        onChange={(e) => {
          try {
            onChange(JSON.parse(e.target.value) as JsonValue);
          } catch {
            // Keep typing; the JSON view shows the committed problem.
          }
        }}
      />
    </FieldShell>
  );
}
