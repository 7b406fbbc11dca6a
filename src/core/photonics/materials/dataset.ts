/**
 * A library dataset: the serialisable record (what builtin-library.json stores and what an import
 * produces) and its evaluation at one wavelength, with warnings worded for an agent to pass on.
 */
import { MaterialError } from '../material-spec.ts';
import { buildComponent, evaluateComponent, EDGE_TOLERANCE, type Component, type ComponentValue, type Interval, type Substitution } from './component.ts';
import type { DatasetCurves } from './curves.ts';
import { formatNm } from './units.ts';

export interface DatasetRecord extends DatasetCurves {
  /** Display name and primary lookup key, e.g. "Au (Johnson and Christy 1972)". */
  readonly name: string;
  /** The material, e.g. "Au"; null for an import whose file name did not say. */
  readonly material: string | null;
  /** Where it came from: the database file name ("Au__Johnson.yml") or the name given on import. */
  readonly file: string;
  /** REFERENCES as plain text (links kept as [url]). */
  readonly reference: string;
  readonly comments: string | null;
  readonly notes: readonly string[];
}

export interface Dataset {
  readonly record: DatasetRecord;
  readonly n: Component;
  /** null: the dataset gives no k, and k = 0 is used. */
  readonly k: Component | null;
}

/** A wavelength too far from a dataset's data; the library adds which datasets would cover it. */
export class CoverageError extends MaterialError {
  constructor(
    message: string,
    readonly wavelength_nm: number,
  ) {
    super(message);
    this.name = 'CoverageError';
  }
}

export function buildDataset(record: DatasetRecord): Dataset {
  return { record, n: buildComponent(record.n), k: record.k.length > 0 ? buildComponent(record.k) : null };
}

/** "187.9–1937 nm", or "300–800 and 1000–2000 nm" for data with a gap. */
export function describeCoverage(coverage: readonly Interval[]): string {
  const parts = coverage.map((iv) => (iv.min_nm === iv.max_nm ? formatNm(iv.min_nm) : `${formatNm(iv.min_nm)}–${formatNm(iv.max_nm)}`));
  const list = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${list} nm`;
}

const sameCoverage = (a: readonly Interval[], b: readonly Interval[]): boolean =>
  a.length === b.length && a.every((iv, i) => iv.min_nm === b[i]?.min_nm && iv.max_nm === b[i]?.max_nm);

export interface DatasetValue {
  readonly n: number;
  readonly k: number;
  /** One sentence per substitution below, for a single wavelength. */
  readonly warnings: string[];
  /** Where a value came from a nearby wavelength (outside the range or in a gap). */
  readonly substitutions: readonly SubstitutionNote[];
}

/** A substituted value, with what a message about it needs. */
export interface SubstitutionNote {
  /** "Au (Johnson and Christy 1972)", or "The k data of …" when n and k cover different ranges. */
  readonly subject: string;
  readonly coverage: readonly Interval[];
  readonly substitution: Substitution;
  readonly wavelength_nm: number;
}

/** n and k of a dataset at λ (nm), applying the edge policy of component.ts to n and to k. */
export function evaluateDataset(ds: Dataset, wavelength_nm: number): DatasetValue {
  const substitutions: SubstitutionNote[] = [];
  const shared = sharesCoverage(ds);
  const n = takeComponent(ds, 'n', ds.n, shared, wavelength_nm, substitutions);
  const k = ds.k === null ? 0 : takeComponent(ds, 'k', ds.k, shared, wavelength_nm, substitutions);
  checkRealIndex(ds, n, wavelength_nm);
  return { n, k, warnings: substitutions.map((s) => substitutionMessage(s, [s.wavelength_nm])), substitutions };
}

/** A dataset over a whole wavelength grid: n and k per wavelength and every substitution, in one pass. */
export interface DatasetSpectrum {
  readonly n: Float64Array;
  readonly k: Float64Array;
  readonly substitutions: readonly SubstitutionNote[];
}

/**
 * evaluateDataset over a grid without a per-point result object: the values are identical (same
 * pieces, same interpolation), the substitutions those evaluateDataset would report, in order.
 */
export function evaluateDatasetSpectrum(ds: Dataset, wavelengths_nm: ArrayLike<number>): DatasetSpectrum {
  const count = wavelengths_nm.length;
  const n = new Float64Array(count);
  const k = new Float64Array(count);
  const substitutions: SubstitutionNote[] = [];
  const shared = sharesCoverage(ds);
  const nc = ds.n;
  const kc = ds.k;
  for (let i = 0; i < count; i++) {
    const x = wavelengths_nm[i] as number;
    const ni = takeComponent(ds, 'n', nc, shared, x, substitutions);
    n[i] = ni;
    k[i] = kc === null ? 0 : takeComponent(ds, 'k', kc, shared, x, substitutions);
    checkRealIndex(ds, ni, x);
  }
  return { n, k, substitutions };
}

// One sentence for both when n and k share their coverage (a "tabulated nk" table).
const sharesCoverage = (ds: Dataset): boolean => ds.k === null || sameCoverage(ds.n.coverage, ds.k.coverage);

function takeComponent(ds: Dataset, which: 'n' | 'k', component: Component, shared: boolean, wavelength_nm: number, substitutions: SubstitutionNote[]): number {
  const direct = directValue(component, wavelength_nm);
  if (direct !== undefined) return direct;
  const subject = shared ? ds.record.name : `The ${which} data of ${ds.record.name}`;
  const v = evaluateComponent(component, wavelength_nm);
  if (!v.ok) throw new CoverageError(farMessage(subject, component.coverage, wavelength_nm, v), wavelength_nm);
  if (v.substitution !== undefined) {
    const note = { subject, coverage: component.coverage, substitution: v.substitution, wavelength_nm };
    if (!seenAt(substitutions, note)) substitutions.push(note);
  }
  return v.value;
}

/** Whether the same substitution is already noted at this wavelength (n and k of one table share it). */
function seenAt(substitutions: readonly SubstitutionNote[], note: SubstitutionNote): boolean {
  for (let i = substitutions.length - 1; i >= 0; i--) {
    const s = substitutions[i] as SubstitutionNote;
    if (s.wavelength_nm !== note.wavelength_nm) return false;
    if (sameNote(s, note)) return true;
  }
  return false;
}

/** The value from the first piece that covers λ, as evaluateComponent takes it; undefined when none does. */
function directValue(component: Component, wavelength_nm: number): number | undefined {
  const pieces = component.pieces;
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p] as Component['pieces'][number];
    if (piece.min_nm <= wavelength_nm && wavelength_nm <= piece.max_nm) return piece.at(wavelength_nm);
  }
  return undefined;
}

function checkRealIndex(ds: Dataset, n: number, wavelength_nm: number): void {
  if (!(n > 0) || !Number.isFinite(n)) {
    throw new MaterialError(`${ds.record.name} gives no real refractive index at ${formatNm(wavelength_nm)} nm (its formula has n² ≤ 0 or a pole there)`);
  }
}

const sameNote = (a: SubstitutionNote, b: SubstitutionNote): boolean =>
  a.subject === b.subject && a.substitution.reason === b.substitution.reason && a.substitution.edge_nm === b.substitution.edge_nm;

/**
 * Warnings for a spectrum: substitutions of the same kind (same data, same edge) are merged into one
 * sentence that says how many of the wavelengths were affected, instead of one warning per point.
 */
export function summarizeSubstitutions(notes: readonly SubstitutionNote[], total: number): string[] {
  const groups: { note: SubstitutionNote; wavelengths: number[] }[] = [];
  for (const note of notes) {
    const g = groups.find((x) => sameNote(x.note, note));
    if (g === undefined) groups.push({ note, wavelengths: [note.wavelength_nm] });
    else if (!g.wavelengths.includes(note.wavelength_nm)) g.wavelengths.push(note.wavelength_nm);
  }
  return groups.map((g) => substitutionMessage(g.note, g.wavelengths, total));
}

/** The warning for a substitution at one wavelength, or at several of `total` wavelengths. */
function substitutionMessage(note: SubstitutionNote, wavelengths: readonly number[], total = 1): string {
  const s = note.substitution;
  const one = wavelengths.length === 1;
  const lo = Math.min(...wavelengths);
  const hi = Math.max(...wavelengths);
  const which = one
    ? `${formatNm(lo)} nm`
    : `${wavelengths.length} of the ${total} wavelengths (${formatNm(lo)}–${formatNm(hi)} nm)`;
  const used = `the value at ${formatNm(s.edge_nm)} nm was used${one ? '' : ' for them'} — results may be wrong`;
  if (s.reason === 'gap' && s.gap !== undefined) {
    return `${note.subject} has no data between ${formatNm(s.gap.min_nm)} and ${formatNm(s.gap.max_nm)} nm; ${which} ${one ? 'falls' : 'fall'} in that gap, ${used}.`;
  }
  return `${note.subject} covers ${describeCoverage(note.coverage)}; ${which} ${one ? 'is' : 'are'} outside, ${used}.`;
}

function farMessage(subject: string, coverage: readonly Interval[], x: number, v: ComponentValue & { ok: false }): string {
  const s = v.substitution;
  const pct = `${Math.round((v.factor - 1) * 1000) / 10} %`;
  const limit = `at most ${EDGE_TOLERANCE * 100} % is bridged with the nearest value`;
  if (s.reason === 'gap' && s.gap !== undefined) {
    return (
      `${subject} has no data between ${formatNm(s.gap.min_nm)} and ${formatNm(s.gap.max_nm)} nm; ` +
      `${formatNm(x)} nm is ${pct} away from the nearest data (${formatNm(s.edge_nm)} nm), too far to use it (${limit}).`
    );
  }
  const end = x > s.edge_nm ? 'long' : 'short';
  const how = v.factor >= 2 ? `a factor ${v.factor.toFixed(1)} ${x > s.edge_nm ? 'above' : 'below'}` : `${pct} beyond`;
  return `${subject} covers ${describeCoverage(coverage)}; ${formatNm(x)} nm is ${how} its ${end}-wavelength end, too far to use the edge value (${limit}).`;
}
