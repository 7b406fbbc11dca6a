/**
 * The format of builtin-library.json: the built-in database files (data/photonics/refractiveindex/)
 * already parsed into DatasetRecords by scripts/build-materials.ts.
 *
 * Why a generated JSON module and not the YAML itself: a JSON import is the one way to ship data that
 * vite (page and web worker), vitest and tsx (CLI) all load identically, with no fs and no fetch in
 * core; parsing ahead also keeps the YAML parser off the worker's start-up path. The generator runs
 * the same parser as a user's import, and builtin-library.test.ts regenerates the JSON in memory and
 * fails when the committed file is stale.
 */
import type { DatasetRecord } from './dataset.ts';
import { recordFromYaml } from './record.ts';
import { MaterialError } from '../material-spec.ts';
import { normalizeName } from './naming.ts';

export interface BuiltinLibraryFile {
  readonly generated_by: string;
  readonly source: string;
  readonly datasets: readonly DatasetRecord[];
}

export const BUILTIN_SOURCE =
  'refractiveindex.info database (M. N. Polyanskiy, https://refractiveindex.info), CC0 1.0; files in data/photonics/refractiveindex/';
export const GENERATED_BY = 'scripts/build-materials.ts (npx tsx scripts/build-materials.ts)';

/** The built-in library from the database files, sorted by file name; names must be unique. */
export function compileBuiltinLibrary(files: readonly { readonly file: string; readonly text: string }[]): BuiltinLibraryFile {
  const sorted = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const datasets = sorted.map((f) => recordFromYaml(f.text, f.file));
  const seen = new Map<string, string>();
  for (const d of datasets) {
    const key = normalizeName(d.name);
    const other = seen.get(key);
    if (other !== undefined) throw new MaterialError(`${d.file} and ${other} would both be named "${d.name}"`);
    seen.set(key, d.file);
  }
  return { generated_by: GENERATED_BY, source: BUILTIN_SOURCE, datasets };
}

/** Deterministic text of the JSON module: one dataset per line, so a data change is a one-line diff. */
export function serializeBuiltinLibrary(lib: BuiltinLibraryFile): string {
  const head = `{"generated_by":${JSON.stringify(lib.generated_by)},"source":${JSON.stringify(lib.source)},"datasets":[\n`;
  return `${head}${lib.datasets.map((d) => JSON.stringify(d)).join(',\n')}\n]}\n`;
}
