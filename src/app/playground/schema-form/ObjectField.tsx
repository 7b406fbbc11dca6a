import { SchemaField } from './SchemaField.tsx';
import { initialValue } from './initial-value.ts';
import type { FieldProps } from './field-props.ts';
import { isJsonObject, resolveSchema, type JsonValue } from './json-schema.ts';

/**
 * An object's properties, in schema order. Constant properties (kind, a union's tag) are set by the
 * selectors above and not repeated. An optional property without a value is offered as "+ name";
 * one with a value can be removed again, so the problem never carries a field nobody chose.
 */
export function ObjectField({ schema, root, value, onChange, name, path }: FieldProps) {
  const obj = isJsonObject(value) ? value : {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).filter(([, p]) => resolveSchema(p, root).const === undefined);
  const set = (key: string, v: JsonValue | undefined): void => {
    const next = { ...obj };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const shown = entries.filter(([key]) => required.has(key) || key in obj);
  const addable = entries.filter(([key]) => !required.has(key) && !(key in obj));
  const body = (
    <>
      {shown.map(([key, prop]) => (
        <div key={key} className="pg-property">
          <SchemaField schema={prop} root={root} value={obj[key]} onChange={(v) => set(key, v)} name={key} path={path ? `${path}.${key}` : key} />
          {!required.has(key) && (
            <button type="button" className="link-button pg-remove" onClick={() => set(key, undefined)} aria-label={`remove ${key}`}>
              remove
            </button>
          )}
        </div>
      ))}
      {addable.length > 0 && (
        <div className="pg-optional">
          <span className="note">optional:</span>
          {addable.map(([key, prop]) => {
            const p = resolveSchema(prop, root);
            return (
              <button
                type="button"
                key={key}
                className="link-button"
                title={`${p.description ?? ''}${p.default !== undefined ? ` (default ${JSON.stringify(p.default)})` : ''}`}
                onClick={() => set(key, initialValue(prop, root))}
              >
                + {key}
              </button>
            );
          })}
        </div>
      )}
    </>
  );
  if (path === '') return <div className="pg-object pg-root">{body}</div>;
  return (
    <fieldset className="pg-object">
      <legend>
        <code>{name}</code>
        {schema.description && <span className="pg-help"> — {schema.description}</span>}
      </legend>
      {body}
    </fieldset>
  );
}
