import { useState } from 'react';
import { SchemaField } from './SchemaField.tsx';
import { initialValue } from './initial-value.ts';
import type { FieldProps } from './field-props.ts';
import { isJsonObject, type JsonSchema, type JsonValue } from './json-schema.ts';

/**
 * A map with free keys (e.g. a netlist's named instances): one sub-form per entry, renamed or
 * removed in place, and a name box to add an entry.
 */
export function RecordField({ schema, root, value, onChange, name, path }: FieldProps) {
  const obj = isJsonObject(value) ? value : {};
  const valueSchema: JsonSchema = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
  const [newKey, setNewKey] = useState('');
  const entries = Object.entries(obj);
  const rename = (from: string, to: string): void => {
    if (to === '' || to === from || to in obj) return;
    onChange(Object.fromEntries(entries.map(([k, v]) => [k === from ? to : k, v])) as Record<string, JsonValue>);
  };
  return (
    <fieldset className="pg-object pg-record">
      <legend>
        <code>{name}</code>
        {schema.description && <span className="pg-help"> — {schema.description}</span>}
      </legend>
      {entries.map(([key, v]) => (
        <div key={key} className="pg-property">
          <label className="pg-record-key">
            name
            <input type="text" defaultValue={key} onBlur={(e) => rename(key, e.target.value.trim())} />
          </label>
          <SchemaField schema={valueSchema} root={root} value={v} onChange={(nv) => onChange({ ...obj, [key]: nv })} name={key} path={`${path}.${key}`} />
          <button
            type="button"
            className="link-button pg-remove"
            onClick={() => onChange(Object.fromEntries(entries.filter(([k]) => k !== key)) as Record<string, JsonValue>)}
          >
            remove {key}
          </button>
        </div>
      ))}
      <div className="button-row">
        <input type="text" value={newKey} placeholder="new entry name" onChange={(e) => setNewKey(e.target.value)} aria-label={`new ${name} entry name`} />
        <button
          type="button"
          disabled={newKey.trim() === '' || newKey.trim() in obj}
          onClick={() => {
            onChange({ ...obj, [newKey.trim()]: initialValue(valueSchema, root) });
            setNewKey('');
          }}
        >
          Add
        </button>
      </div>
    </fieldset>
  );
}
