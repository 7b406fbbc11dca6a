/**
 * From the text of a database file to a DatasetRecord: parse, then name it. Used for the built-in
 * files (by the generator of builtin-library.json) and for files a user imports, so both are named
 * and validated the same way.
 */
import { MaterialError } from '../material-spec.ts';
import type { DatasetRecord } from './dataset.ts';
import { displayName, parseFileName, plainReference } from './naming.ts';
import { parseDatabaseYaml } from './parse-yaml.ts';

/** True when `name` is a database file name or path ("Au__Johnson.yml", "Au__Johnson", "main/Au/Johnson.yml"). */
export const looksLikeFileName = (name: string): boolean => /\.ya?ml$/i.test(name.trim()) || /^[^\s/]+__[^\s/]+$/.test(name.trim());

/**
 * A record from a file's text. `name` is either the file name (material and page are read from it,
 * the display name is built from the REFERENCES) or, for an import, the display name to use as is.
 */
export function recordFromYaml(text: string, name?: string): DatasetRecord {
  const given = name?.trim();
  if (given !== undefined && given.length === 0) throw new MaterialError('the name of an imported dataset must not be empty');
  const parsed = parseDatabaseYaml(text, given ?? 'the imported file');
  const reference = plainReference(parsed.references);
  let material: string | null;
  let display: string;
  if (given === undefined || looksLikeFileName(given)) {
    const id = given === undefined ? { material: null, page: 'imported' } : parseFileName(given);
    material = id.material;
    display = displayName(material ?? 'Imported', id.page, parsed.references);
  } else {
    display = given;
    material = /^\s*([^\s(]+)/.exec(given)?.[1] ?? null;
  }
  return {
    name: display,
    material,
    file: given ?? '(imported)',
    reference: reference.length > 0 ? reference : '(the file has no REFERENCES)',
    comments: parsed.comments === null ? null : plainReference(parsed.comments),
    notes: parsed.notes,
    n: parsed.n,
    k: parsed.k,
    data_types: parsed.data_types,
  };
}
