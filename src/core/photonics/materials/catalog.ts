/**
 * The names of the library's entries: exact display names, database file ids ("Au__Johnson",
 * "Au/Johnson") and short names ("Au", "gold"), each normalised (normalizeName) so case and spacing do
 * not matter. A short name resolves to the material's only dataset or to its default (defaults.ts);
 * otherwise it is ambiguous. Unknown names get close matches.
 */
import { MAX_MATERIAL_NAME_CHARS, MaterialError } from '../material-spec.ts';
import { buildDataset, describeCoverage, type Dataset, type DatasetRecord } from './dataset.ts';
import { DEFAULT_DATASET_FILES, MATERIAL_SYNONYMS } from './defaults.ts';
import { closeMatches, normalizeName, parseFileName } from './naming.ts';
import { looksLikeFileName } from './record.ts';
import { echo } from '../../echo.ts';

export interface Entry {
  readonly dataset: Dataset;
  readonly origin: 'built-in' | 'imported';
}

export interface Lookup {
  readonly entry: Entry;
  /** Set when a short name was used: says which dataset it resolved to. */
  readonly aliasNote?: string;
}

export interface Catalog {
  /** Built-in entries first, then imports, in the order added. */
  readonly entries: readonly Entry[];
  add(record: DatasetRecord, origin: Entry['origin']): Entry;
  /** The entry a name stands for; a MaterialError for an ambiguous or unknown name. */
  lookup(name: string): Lookup;
  /** The short names that resolve to `entry`. */
  aliasesOf(entry: Entry): string[];
  /** Every entry of a material. */
  datasetsOf(material: string): Entry[];
  /** An entry already holding the record's name or file id, if any. */
  clash(record: DatasetRecord): Entry | null;
  /** The material a short name or synonym stands for ("gold" → "Au"), or null. */
  materialOf(name: string): string | null;
}

export function createCatalog(): Catalog {
  const entries: Entry[] = [];
  /** Normalised exact names and file ids → entry. */
  const byKey = new Map<string, Entry>();

  const fileKeys = (record: DatasetRecord): string[] => {
    if (!looksLikeFileName(record.file)) return [];
    const id = parseFileName(record.file);
    return id.material === null ? [] : [normalizeName(`${id.material}__${id.page}`), normalizeName(`${id.material}/${id.page}`)];
  };
  const add = (record: DatasetRecord, origin: Entry['origin']): Entry => {
    const entry: Entry = { dataset: buildDataset(record), origin };
    entries.push(entry);
    for (const key of [normalizeName(record.name), ...fileKeys(record)]) if (!byKey.has(key)) byKey.set(key, entry);
    return entry;
  };
  /** The material a short name or synonym stands for, if any ("gold" → "Au"). */
  const materialOf = (name: string): string | null => {
    const key = normalizeName(name);
    for (const [word, material] of Object.entries(MATERIAL_SYNONYMS)) if (normalizeName(word) === key) return material;
    const m = entries.find((e) => e.dataset.record.material !== null && normalizeName(e.dataset.record.material) === key);
    return m?.dataset.record.material ?? null;
  };
  const datasetsOf = (material: string): Entry[] =>
    entries.filter((e) => e.dataset.record.material !== null && normalizeName(e.dataset.record.material) === normalizeName(material));
  /** The entry a short name stands for: the only dataset of the material, or its default. */
  const aliasTarget = (material: string): Entry | null => {
    const all = datasetsOf(material);
    if (all.length === 1) return all[0] as Entry;
    const file = Object.entries(DEFAULT_DATASET_FILES).find(([m]) => normalizeName(m) === normalizeName(material))?.[1];
    return all.find((e) => e.origin === 'built-in' && e.dataset.record.file === file) ?? null;
  };
  const aliasesOf = (entry: Entry): string[] => {
    const material = entry.dataset.record.material;
    if (material === null || aliasTarget(material) !== entry) return [];
    const words = Object.entries(MATERIAL_SYNONYMS)
      .filter(([, m]) => normalizeName(m) === normalizeName(material))
      .map(([w]) => w);
    return [material, ...words];
  };

  const lookup = (name: string): Lookup => {
    // No entry has a name this long: refuse before normalising and comparing it (seconds for 100 MB).
    if (name.length > MAX_MATERIAL_NAME_CHARS) {
      throw new MaterialError(`unknown material "${echo(name)}". \`proving-ground materials\` lists the ${entries.length} library entries (none has a name over ${MAX_MATERIAL_NAME_CHARS} characters).`);
    }
    const exact = byKey.get(normalizeName(name));
    if (exact !== undefined) return { entry: exact };
    const material = materialOf(name);
    if (material !== null) {
      const target = aliasTarget(material);
      const all = datasetsOf(material);
      if (target !== null) {
        const others = all.filter((e) => e !== target).map((e) => e.dataset.record.name);
        const why = others.length === 0 ? `the only ${material} dataset in the library` : `the library's default for ${material}`;
        const choose = others.length === 0 ? '' : ` Name a dataset to choose another: ${others.join('; ')}.`;
        return { entry: target, aliasNote: `"${echo(name)}" resolved to ${target.dataset.record.name}, ${why}.${choose}` };
      }
      if (all.length > 1) {
        throw new MaterialError(
          `"${echo(name)}" is ambiguous: the library has ${all.length} ${material} datasets and no default, because they differ ` +
            `(range, polarisation or sample). Name one: ${all.map((e) => `${e.dataset.record.name} [${rangeText(e.dataset)}]`).join('; ')}.`,
        );
      }
    }
    const names = entries.map((e) => e.dataset.record.name);
    const close = closeMatches(name, [...names, ...Object.keys(MATERIAL_SYNONYMS)]);
    throw new MaterialError(
      `unknown material "${echo(name)}". ${close.length > 0 ? `Close matches: ${close.join('; ')}. ` : ''}` +
        `\`proving-ground materials\` lists the ${entries.length} library entries; a literal {"n": …, "k": …} or a model ` +
        `({"model": "drude", …}) works too.`,
    );
  };

  const clash = (record: DatasetRecord): Entry | null => {
    for (const key of [normalizeName(record.name), ...fileKeys(record)]) {
      const hit = byKey.get(key);
      if (hit !== undefined) return hit;
    }
    return null;
  };

  return { entries, add, lookup, aliasesOf, datasetsOf, clash, materialOf };
}

function rangeText(ds: Dataset): string {
  return `${describeCoverage(ds.n.coverage)}${ds.k === null ? ', n only' : ''}`;
}
