import { SchemaField } from './schema-form/SchemaField.tsx';
import type { JsonSchema, JsonValue } from './schema-form/json-schema.ts';

/** The problem as a form generated from its kind's JSON Schema (units in the field names, bounds beside them). */
export function ProblemForm({ schema, value, onChange }: { schema: JsonSchema; value: JsonValue; onChange: (value: JsonValue) => void }) {
  return (
    <div className="pg-form" data-testid="pg-form">
      <SchemaField schema={schema} root={schema} value={value} onChange={onChange} name="problem" path="" />
    </div>
  );
}
