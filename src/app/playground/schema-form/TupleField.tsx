import { SchemaField } from './SchemaField.tsx';
import type { FieldProps } from './field-props.ts';
import type { JsonValue } from './json-schema.ts';

/** A fixed-length list whose positions have their own schemas (e.g. a connection ["a.out", "b.in"]). */
export function TupleField({ schema, root, value, onChange, name, path }: FieldProps) {
  const items: JsonValue[] = Array.isArray(value) ? value : [];
  const positions = schema.prefixItems ?? [];
  return (
    <div className="pg-tuple" role="group" aria-label={name}>
      {positions.map((p, i) => (
        <SchemaField
          key={i}
          schema={p}
          root={root}
          value={items[i]}
          onChange={(v) => onChange(positions.map((_, j) => (j === i ? v : (items[j] ?? null))))}
          name={`${name}[${i}]`}
          path={`${path}.${i}`}
        />
      ))}
    </div>
  );
}
