/**
 * The material library: the built-in refractiveindex.info datasets plus files a user imports, behind
 * the MaterialResolver interface the solvers use. Resolves library names (case- and space-tolerant,
 * short names such as "Au" or "gold" to a documented default), literal {n, k} indices and dispersion
 * models, at a vacuum wavelength in nm, in the n + ik (e^{−iωt}) convention.
 */
import { gainError } from '../literal-resolver.ts';
import {
  MaterialError,
  MaterialSpecSchema,
  type MaterialResolver,
  type MaterialSpec,
  type ResolvedIndex,
  type ResolvedSpectrum,
  type ResolveOptions,
} from '../material-spec.ts';
import { builtinDatasets } from './builtin.ts';
import type { Interval } from './component.ts';
import { createCatalog, type Entry, type Lookup } from './catalog.ts';
import { CoverageError, evaluateDataset, evaluateDatasetSpectrum, summarizeSubstitutions, type DatasetValue } from './dataset.ts';
import { modelIndex, MODEL_LABELS } from './models.ts';
import { recordFromYaml } from './record.ts';
import { formatNm } from './units.ts';

/** What `list()` reports for each entry. */
export interface MaterialInfo {
  /** Display name and lookup key, e.g. "Au (Johnson and Christy 1972)". */
  readonly name: string;
  /** The material, e.g. "Au" (null for an import whose name did not say). */
  readonly material: string | null;
  /** Short names that resolve to this entry ("Au", "gold"). */
  readonly aliases: readonly string[];
  readonly origin: 'built-in' | 'imported';
  /** The database file ("Au__Johnson.yml") or the name given on import. */
  readonly file: string;
  /** Overall wavelength span of n in nm (vacuum). */
  readonly range_nm: Interval;
  /** Where n has data, gaps excluded (one interval for most datasets). */
  readonly coverage_nm: readonly Interval[];
  /** Where k has data; null when the dataset gives no k (k = 0 is used). */
  readonly k_coverage_nm: readonly Interval[] | null;
  /** The DATA entries' types, e.g. ["tabulated nk"] or ["formula 1"]. */
  readonly data_types: readonly string[];
  /** The source reference(s), plain text with links as [url]. */
  readonly reference: string;
  readonly comments: string | null;
  /** Caveats from the file (temperature, polarisation, air wavelengths). */
  readonly notes: readonly string[];
}

export interface MaterialLibrary extends MaterialResolver {
  resolveSpectrum(spec: MaterialSpec, wavelengths_nm: readonly number[], options?: ResolveOptions): ResolvedSpectrum;
  /** Every entry, built-in first (by file name), then imports in the order they were added. */
  list(): MaterialInfo[];
  /** The entry a name resolves to (exact name, database file id, or short name). */
  info(name: string): MaterialInfo;
  /**
   * Adds a refractiveindex.info database file. `name` is the file name ("Au__Johnson.yml" or a
   * database path "main/Au/Johnson.yml": the display name is built from it and the REFERENCES) or the
   * display name to register as is; without it the entry is named "Imported (Authors Year)".
   * Throws MaterialError for a malformed file or a name already in the library.
   */
  importYaml(text: string, name?: string): MaterialInfo;
}

export interface MaterialLibraryOptions {
  /** Include the built-in datasets (default true). */
  readonly builtin?: boolean;
}

/** Wavelength grids remembered per dataset (most recent first). */
const TABLES_PER_ENTRY = 4;

interface SpectrumTable {
  readonly grid: Float64Array;
  readonly n: Float64Array;
  readonly k: Float64Array;
  /** Substitution warnings for the grid, merged (one sentence per cause). */
  readonly warnings: readonly string[];
  /** The first k < 0 in grid order (for the gain check), or null. */
  readonly firstNegativeK: number | null;
}

function sameGrid(grid: Float64Array, wavelengths_nm: readonly number[]): boolean {
  if (grid.length !== wavelengths_nm.length) return false;
  // Every grid value passed checkWavelength (positive and finite), so === is Object.is here.
  for (let i = 0; i < grid.length; i++) if (grid[i] !== wavelengths_nm[i]) return false;
  return true;
}

/** The caller's own copy of a cached column (an indexed loop: Array.from walks the iterator protocol). */
function plainCopy(column: Float64Array): number[] {
  const out = new Array<number>(column.length);
  for (let i = 0; i < column.length; i++) out[i] = column[i] as number;
  return out;
}

export function createMaterialLibrary(options: MaterialLibraryOptions = {}): MaterialLibrary {
  const catalog = createCatalog();
  if (options.builtin !== false) for (const record of builtinDatasets()) catalog.add(record, 'built-in');
  const { aliasesOf, datasetsOf } = catalog;
  /** Name → entry, remembered (a solve looks its names up once per material); cleared on import. */
  const lookups = new Map<string, Lookup>();
  const lookup = (name: string): Lookup => {
    let hit = lookups.get(name);
    if (hit === undefined) {
      hit = catalog.lookup(name);
      if (lookups.size >= 256) lookups.clear();
      lookups.set(name, hit);
    }
    return hit;
  };

  const infoOf = (entry: Entry): MaterialInfo => {
    const { record, n, k } = entry.dataset;
    const first = n.coverage[0] as Interval;
    const last = n.coverage[n.coverage.length - 1] as Interval;
    return {
      name: record.name,
      material: record.material,
      aliases: aliasesOf(entry),
      origin: entry.origin,
      file: record.file,
      range_nm: { min_nm: first.min_nm, max_nm: last.max_nm },
      coverage_nm: n.coverage,
      k_coverage_nm: k === null ? null : k.coverage,
      data_types: record.data_types,
      reference: record.reference,
      comments: record.comments,
      notes: record.notes,
    };
  };

  /** Datasets of the same material that cover λ directly, for a coverage error's advice. */
  const coveringAlternatives = (entry: Entry, wavelength_nm: number): string => {
    const material = entry.dataset.record.material;
    const covering = (material === null ? [] : datasetsOf(material)).filter(
      (e) => e !== entry && e.dataset.n.coverage.some((iv) => iv.min_nm <= wavelength_nm && wavelength_nm <= iv.max_nm),
    );
    const at = `${formatNm(wavelength_nm)} nm`;
    if (covering.length > 0) return ` Datasets that cover ${at}: ${covering.map((e) => e.dataset.record.name).join('; ')}.`;
    return (
      ` No ${material ?? 'other'} dataset in the library covers ${at}: import one from refractiveindex.info, ` +
      `or describe the material with a model ({"model": "drude_lorentz", …}) or a literal {"n": …, "k": …}.`
    );
  };

  const checkWavelength = (wavelength_nm: number): void => {
    if (!(wavelength_nm > 0) || !Number.isFinite(wavelength_nm)) {
      throw new MaterialError(`wavelength_nm must be a positive number (vacuum wavelength in nm), got ${wavelength_nm}`);
    }
  };
  const gainCheck = (k: number, options: ResolveOptions): void => {
    if (k < 0 && options.allowGain !== true) throw gainError(k);
  };
  /** A literal or model spec, validated; null for a library name. */
  const parseObjectSpec = (spec: MaterialSpec): Exclude<MaterialSpec, string> | null => {
    if (typeof spec === 'string') return null;
    const parsed = MaterialSpecSchema.safeParse(spec);
    if (!parsed.success) {
      throw new MaterialError(`invalid material: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    }
    return parsed.data as Exclude<MaterialSpec, string>;
  };
  const resolveObject = (value: Exclude<MaterialSpec, string>, wavelength_nm: number, options: ResolveOptions): ResolvedIndex => {
    if (!('model' in value)) {
      gainCheck(value.k, options);
      return { n: value.n, k: value.k, warnings: [] };
    }
    const { n, k } = modelIndex(value, wavelength_nm);
    gainCheck(k, options);
    return { n, k, warnings: [], source: MODEL_LABELS[value.model] };
  };
  const evaluateEntry = (entry: Entry, wavelength_nm: number, options: ResolveOptions): DatasetValue => {
    let value: DatasetValue;
    try {
      value = evaluateDataset(entry.dataset, wavelength_nm);
    } catch (e) {
      if (e instanceof CoverageError) throw new MaterialError(e.message + coveringAlternatives(entry, wavelength_nm));
      throw e;
    }
    gainCheck(value.k, options);
    return value;
  };

  const resolve = (spec: MaterialSpec, wavelength_nm: number, options: ResolveOptions = {}): ResolvedIndex => {
    checkWavelength(wavelength_nm);
    const object = parseObjectSpec(spec);
    if (object !== null) return resolveObject(object, wavelength_nm, options);
    const { entry, aliasNote } = lookup(spec as string);
    const value = evaluateEntry(entry, wavelength_nm, options);
    const warnings = aliasNote === undefined ? value.warnings : [aliasNote, ...value.warnings];
    return { n: value.n, k: value.k, warnings, source: entry.dataset.record.name };
  };

  const resolveSpectrum = (spec: MaterialSpec, wavelengths_nm: readonly number[], options: ResolveOptions = {}): ResolvedSpectrum => {
    wavelengths_nm.forEach(checkWavelength);
    const n: number[] = [];
    const k: number[] = [];
    const object = parseObjectSpec(spec);
    if (object !== null) {
      let source: string | undefined;
      for (const x of wavelengths_nm) {
        const r = resolveObject(object, x, options);
        n.push(r.n);
        k.push(r.k);
        source = r.source;
      }
      return source === undefined ? { n, k, warnings: [] } : { n, k, warnings: [], source };
    }
    const { entry, aliasNote } = lookup(spec as string);
    const table = spectrumTable(entry, wavelengths_nm);
    if (table.firstNegativeK !== null) gainCheck(table.firstNegativeK, options);
    const warnings = aliasNote === undefined ? [...table.warnings] : [aliasNote, ...table.warnings];
    return { n: plainCopy(table.n), k: plainCopy(table.k), warnings, source: entry.dataset.record.name };
  };

  /**
   * A dataset over a wavelength grid, interpolated once and kept: a solve (or a sweep of solves on
   * the same grid) pays one pass per dataset, after which a named material costs what a literal
   * index does. Keyed by entry, then by the grid's values; a few grids per entry are kept.
   */
  const tables = new WeakMap<Entry, SpectrumTable[]>();
  const spectrumTable = (entry: Entry, wavelengths_nm: readonly number[]): SpectrumTable => {
    const kept = tables.get(entry) ?? [];
    for (let t = 0; t < kept.length; t++) {
      const table = kept[t] as SpectrumTable;
      if (sameGrid(table.grid, wavelengths_nm)) {
        if (t > 0) kept.unshift(...kept.splice(t, 1));
        return table;
      }
    }
    let values;
    try {
      values = evaluateDatasetSpectrum(entry.dataset, wavelengths_nm);
    } catch (e) {
      if (e instanceof CoverageError) throw new MaterialError(e.message + coveringAlternatives(entry, e.wavelength_nm));
      throw e;
    }
    let firstNegativeK: number | null = null;
    for (let i = 0; i < values.k.length && firstNegativeK === null; i++) if ((values.k[i] as number) < 0) firstNegativeK = values.k[i] as number;
    const table: SpectrumTable = {
      grid: Float64Array.from(wavelengths_nm),
      n: values.n,
      k: values.k,
      warnings: summarizeSubstitutions(values.substitutions, wavelengths_nm.length),
      firstNegativeK,
    };
    kept.unshift(table);
    if (kept.length > TABLES_PER_ENTRY) kept.length = TABLES_PER_ENTRY;
    tables.set(entry, kept);
    return table;
  };

  return {
    resolve,
    resolveSpectrum,
    list: () => catalog.entries.map(infoOf),
    info: (name) => infoOf(lookup(name).entry),
    importYaml(text, name) {
      const record = recordFromYaml(text, name);
      const clash = catalog.clash(record);
      if (clash !== null) {
        throw new MaterialError(
          `a dataset named "${clash.dataset.record.name}" is already in the library (${clash.origin}, from ${clash.dataset.record.file}); ` +
            `import this file under another name`,
        );
      }
      if (catalog.materialOf(record.name) !== null) {
        throw new MaterialError(`"${record.name}" is a short material name in the library; give the import a fuller name, e.g. "${record.name} (my data)"`);
      }
      lookups.clear();
      return infoOf(catalog.add(record, 'imported'));
    },
  };
}
