import { ArrayField } from './ArrayField.tsx';
import { MaterialField } from './MaterialField.tsx';
import { NumberField } from './NumberField.tsx';
import { NumberListField } from './NumberListField.tsx';
import { ObjectField } from './ObjectField.tsx';
import { RecordField } from './RecordField.tsx';
import { TupleField } from './TupleField.tsx';
import { BooleanField, EnumField, RawJsonField, TextField } from './SimpleFields.tsx';
import { UnionField } from './UnionField.tsx';
import type { FieldProps } from './field-props.ts';
import { resolveSchema, schemaType, unionBranches } from './json-schema.ts';
import { materialBranches } from './material-schema.ts';

/** Picks the input for one schema node; every other field component recurses through here. */
export function SchemaField(props: FieldProps) {
  const schema = resolveSchema(props.schema, props.root);
  const p = { ...props, schema };
  const material = materialBranches(schema, props.root);
  if (material) return <MaterialField {...p} material={material} />;
  if (schema.enum) return <EnumField {...p} />;
  const branches = unionBranches(schema);
  if (branches) return <UnionField {...p} branches={branches} />;
  switch (schemaType(schema)) {
    case 'object':
      // A record (free keys) has a value schema and no listed properties.
      return !schema.properties && typeof schema.additionalProperties === 'object' ? <RecordField {...p} /> : <ObjectField {...p} />;
    case 'array': {
      if (schema.prefixItems) return <TupleField {...p} />;
      const item = schema.items ? resolveSchema(schema.items, props.root) : undefined;
      const numeric = item && !unionBranches(item) && (schemaType(item) === 'number' || schemaType(item) === 'integer');
      return numeric ? <NumberListField {...p} /> : <ArrayField {...p} />;
    }
    case 'number':
    case 'integer':
      return <NumberField {...p} />;
    case 'string':
      return <TextField {...p} />;
    case 'boolean':
      return <BooleanField {...p} />;
    default:
      return <RawJsonField {...p} />;
  }
}
