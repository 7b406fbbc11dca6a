import type { ReactNode } from 'react';
import { constraintText, unitOf } from './field-label.ts';
import type { JsonSchema } from './json-schema.ts';

/** Label, unit, description and bounds around one input; the name is shown as the JSON key itself. */
export function FieldShell({ name, schema, htmlFor, children }: { name: string; schema: JsonSchema; htmlFor?: string; children: ReactNode }) {
  const unit = unitOf(name);
  const bounds = constraintText(schema);
  return (
    <div className="pg-field">
      <label htmlFor={htmlFor} className="pg-field-label">
        <code>{name}</code>
        {unit && <span className="pg-unit">[{unit}]</span>}
      </label>
      {children}
      {(schema.description || bounds) && (
        <span className="pg-help">
          {schema.description}
          {schema.description && bounds ? ' · ' : ''}
          {bounds}
        </span>
      )}
    </div>
  );
}
