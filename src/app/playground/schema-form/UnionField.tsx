import { SchemaField } from './SchemaField.tsx';
import { branchLabel, matchBranch } from './branch.ts';
import { switchBranchValue } from './initial-value.ts';
import { fieldId, type FieldProps } from './field-props.ts';
import { resolveSchema, schemaType, type JsonSchema } from './json-schema.ts';
import { FieldShell } from './FieldShell.tsx';

/** A union (e.g. sphere | coated_sphere, or one wavelength | a list | a range): a selector, then the chosen branch's form. */
export function UnionField(props: FieldProps & { branches: JsonSchema[] }) {
  const { branches, root, value, onChange, name, path, schema } = props;
  const current = matchBranch(branches, root, value ?? null);
  const branch = resolveSchema(branches[current] as JsonSchema, root);
  const id = `${fieldId(path)}-variant`;
  const selector = (
    <select
      id={id}
      data-testid={id}
      value={String(current)}
      onChange={(e) => onChange(switchBranchValue(branches[Number(e.target.value)] as JsonSchema, root, value ?? null))}
    >
      {branches.map((b, i) => (
        <option key={i} value={String(i)}>
          {branchLabel(b, root)}
        </option>
      ))}
    </select>
  );
  // A branch that is only a tag (a const) needs nothing but the selector.
  if (branch.const !== undefined) {
    return (
      <FieldShell name={name} schema={schema} htmlFor={id}>
        {selector}
      </FieldShell>
    );
  }
  const inner = <SchemaField schema={{ ...branch, description: branch.description ?? schema.description }} root={root} value={value} onChange={onChange} name={name} path={path} />;
  return (
    <div className="pg-union">
      <label className="pg-union-selector">
        <span>
          <code>{name}</code> as
        </span>
        {selector}
      </label>
      {schemaType(branch) === 'object' ? inner : <div className="pg-union-branch">{inner}</div>}
    </div>
  );
}
