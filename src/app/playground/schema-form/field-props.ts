import type { JsonSchema, JsonValue } from './json-schema.ts';

/** What every generated field receives. `path` is the dotted JSON path, used for ids and test ids. */
export interface FieldProps {
  schema: JsonSchema;
  root: JsonSchema;
  value: JsonValue | undefined;
  onChange: (value: JsonValue) => void;
  /** The property name (or "item 3" for list entries); shown verbatim, because it carries the unit. */
  name: string;
  path: string;
}

/** A DOM id (and test id suffix) for a JSON path. */
export const fieldId = (path: string): string => `pg-field-${path.replace(/[^A-Za-z0-9_.-]/g, '_') || 'root'}`;
