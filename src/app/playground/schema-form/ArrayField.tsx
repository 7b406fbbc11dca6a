import { SchemaField } from './SchemaField.tsx';
import { initialValue } from './initial-value.ts';
import type { FieldProps } from './field-props.ts';
import type { JsonSchema, JsonValue } from './json-schema.ts';

/** A list of structured items (e.g. the layers of a stack): each item is a sub-form, with add, remove and move. */
export function ArrayField({ schema, root, value, onChange, name, path }: FieldProps) {
  const items: JsonValue[] = Array.isArray(value) ? value : [];
  const itemSchema: JsonSchema = schema.items ?? {};
  const replace = (next: JsonValue[]): void => onChange(next);
  const canAdd = schema.maxItems === undefined || items.length < schema.maxItems;
  const canRemove = items.length > (schema.minItems ?? 0);
  return (
    <fieldset className="pg-array">
      <legend>
        <code>{name}</code>
        {schema.description && <span className="pg-help"> — {schema.description}</span>}
      </legend>
      <ol className="pg-array-items">
        {items.map((item, i) => (
          <li key={i}>
            <SchemaField
              schema={itemSchema}
              root={root}
              value={item}
              onChange={(v) => replace(items.map((old, j) => (j === i ? v : old)))}
              name={`${name}[${i}]`}
              path={`${path}.${i}`}
            />
            <div className="button-row pg-item-actions">
              <button type="button" className="link-button" disabled={i === 0} onClick={() => replace(swap(items, i, i - 1))}>
                move up
              </button>
              <button type="button" className="link-button" disabled={i === items.length - 1} onClick={() => replace(swap(items, i, i + 1))}>
                move down
              </button>
              <button type="button" className="link-button" disabled={!canRemove} onClick={() => replace(items.filter((_, j) => j !== i))}>
                remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" disabled={!canAdd} onClick={() => replace([...items, initialValue(itemSchema, root)])}>
        Add {name} item
      </button>
    </fieldset>
  );
}

function swap<T>(list: readonly T[], i: number, j: number): T[] {
  const next = list.slice();
  const a = next[i] as T;
  next[i] = next[j] as T;
  next[j] = a;
  return next;
}
