/**
 * Recognises a material field in the generated form: a union with a library-name branch (a string)
 * and a literal-index branch (an object with n and k). Such a field is shown as a picker of library
 * names plus a "literal n, k" option (and any model branches the schema adds, e.g. Drude) rather than
 * as a bare text box, so a visitor never has to guess a name's exact spelling.
 */
import { resolveSchema, schemaType, unionBranches, type JsonSchema } from './json-schema.ts';

export interface MaterialBranches {
  /** Index of the library-name (string) branch. */
  readonly name: number;
  /** Index of the literal {n, k} branch. */
  readonly literal: number;
}

export function materialBranches(schema: JsonSchema, root: JsonSchema): MaterialBranches | null {
  const branches = unionBranches(resolveSchema(schema, root));
  if (!branches) return null;
  let name = -1;
  let literal = -1;
  branches.forEach((branch, i) => {
    const b = resolveSchema(branch, root);
    const t = schemaType(b);
    if (t === 'string' && b.const === undefined && b.enum === undefined && name < 0) name = i;
    if (t === 'object' && b.properties?.n && b.properties.k && literal < 0) literal = i;
  });
  return name >= 0 && literal >= 0 ? { name, literal } : null;
}
