import { FieldShell } from './FieldShell.tsx';
import { SchemaField } from './SchemaField.tsx';
import { branchLabel, matchBranch } from './branch.ts';
import { initialValue } from './initial-value.ts';
import { fieldId, type FieldProps } from './field-props.ts';
import { resolveSchema, unionBranches, type JsonSchema } from './json-schema.ts';
import type { MaterialBranches } from './material-schema.ts';
import { useMaterialOptions } from './material-names.ts';

const LITERAL = '__literal__';
const BRANCH = '__branch__';

/**
 * A material: a library name from the picker, a literal index {n, k} ("literal n, k"), or any other
 * form the schema allows (e.g. a Drude model). A name typed elsewhere that is not in the library
 * (an alias, or a file not imported yet) stays selectable, so the form never rewrites it silently.
 */
export function MaterialField(props: FieldProps & { material: MaterialBranches }) {
  const { schema, root, value, onChange, name, path, material } = props;
  const options = useMaterialOptions();
  const names = options.map((o) => o.name);
  const detail = new Map(options.map((o) => [o.name, o.detail]));
  const branches = unionBranches(schema) ?? [];
  const current = matchBranch(branches, root, value ?? null);
  const id = fieldId(path);
  const selected = typeof value === 'string' ? `name:${value}` : current === material.literal ? LITERAL : `${BRANCH}${current}`;
  const choose = (choice: string): void => {
    if (choice.startsWith('name:')) onChange(choice.slice(5));
    else if (choice === LITERAL) onChange({ n: 1.5, k: 0 });
    else onChange(initialValue(branches[Number(choice.slice(BRANCH.length))] as JsonSchema, root));
  };
  const others = branches.map((b, i) => [b, i] as const).filter(([, i]) => i !== material.name && i !== material.literal);
  const nameOptions = typeof value === 'string' && !names.includes(value) ? [value, ...names] : names;
  const branch = branches[current];
  return (
    <div className="pg-material">
      <FieldShell name={name} schema={schema} htmlFor={id}>
        <select id={id} data-testid={id} value={selected} onChange={(e) => choose(e.target.value)}>
          <optgroup label="Material library">
            {nameOptions.map((n) => (
              <option key={n} value={`name:${n}`}>
                {detail.has(n) ? `${n} · ${detail.get(n)}` : `${n} (not in the loaded library)`}
              </option>
            ))}
          </optgroup>
          <optgroup label="Other">
            <option value={LITERAL}>literal n, k</option>
            {others.map(([b, i]) => (
              <option key={i} value={`${BRANCH}${i}`}>
                {branchLabel(b, root)}
              </option>
            ))}
          </optgroup>
        </select>
      </FieldShell>
      {typeof value !== 'string' && branch && (
        <div className="pg-material-detail">
          <SchemaField schema={{ ...resolveSchema(branch, root), description: undefined }} root={root} value={value} onChange={onChange} name={name} path={path} />
        </div>
      )}
    </div>
  );
}
