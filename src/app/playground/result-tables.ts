/**
 * A solved problem as tables, derived from the result JSON alone so every kind (and any field a
 * solver adds later) is shown without page changes:
 * - facts: top-level and nested scalars (mode counts, FSR, the backend, ...);
 * - the spectrum: one row per wavelength — or per (wavelength, angle) when the result also lists
 *   angles_deg and lays values out [wavelength][angle] — with every list of that length as a column;
 * - one table per list of records (modes, cutoffs, ...), with their scalar fields as columns.
 * `warnings` and `conventions` are shown by their own components and left out here.
 */
import { isRecord, type Json } from './plots/plot-spec.ts';

export type Cell = number | string | boolean | null;

export interface ResultTable {
  id: string;
  caption: string;
  columns: string[];
  rows: Cell[][];
  /** Rows in the result; `rows` holds at most MAX_TABLE_ROWS of them. */
  totalRows: number;
}

export interface ResultTables {
  facts: [string, Cell][];
  tables: ResultTable[];
}

/** Rendering more rows than this gains nothing on screen; the downloaded JSON has them all. */
export const MAX_TABLE_ROWS = 1000;
const SHOWN_ELSEWHERE = new Set(['kind', 'warnings', 'conventions']);
const AXIS = 'wavelengths_nm';
const SECOND_AXIS = 'angles_deg';
/** Per-wavelength records may repeat their wavelength; the table has it already. */
const REPEATED_AXIS = 'wavelength_nm';

const isCell = (v: unknown): v is Cell => v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
const isNumberList = (v: unknown): v is (number | null)[] => Array.isArray(v) && v.every((x) => typeof x === 'number' || x === null);

function collectFacts(obj: Json, prefix: string, out: [string, Cell][], depth: number): void {
  for (const [key, v] of Object.entries(obj)) {
    if (depth === 0 && SHOWN_ELSEWHERE.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isCell(v)) out.push([path, v]);
    else if (isRecord(v) && depth < 3) collectFacts(v, path, out, depth + 1);
  }
}

/** Number lists of length n anywhere in the result (dotted paths), excluding the axes themselves. */
function listsOfLength(obj: Json, n: number, prefix = '', depth = 0): [string, (number | null)[]][] {
  const out: [string, (number | null)[]][] = [];
  for (const [key, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (depth === 0 && (SHOWN_ELSEWHERE.has(key) || key === AXIS)) continue;
    if (isNumberList(v) && v.length === n) out.push([path, v]);
    else if (isRecord(v) && depth < 3) out.push(...listsOfLength(v, n, path, depth + 1));
  }
  return out;
}

/** Scalar fields of a record, nested records flattened one level ("core.n"). */
function flatScalars(rec: Json): [string, Cell][] {
  const out: [string, Cell][] = [];
  for (const [key, v] of Object.entries(rec)) {
    if (isCell(v)) out.push([key, v]);
    else if (isRecord(v)) for (const [k2, v2] of Object.entries(v)) if (isCell(v2)) out.push([`${key}.${k2}`, v2]);
  }
  return out;
}

/** A list with one all-numeric record per wavelength (relative_index [{n, k}], indices [{core: {n, k}}, …]). */
function isPerWavelengthRecords(v: unknown, n: number): v is Json[] {
  return Array.isArray(v) && v.length === n && v.every((r) => isRecord(r) && flatScalars(r).every(([, c]) => typeof c === 'number' || c === null));
}

/**
 * Spectrum columns found inside top-level lists of records:
 * - per-wavelength numeric records become "key.field" columns (relative_index.n);
 * - number lists of length n inside labelled records, e.g. a circuit's transmission
 *   [{ from, to, power[], phase_rad[] }], become "in→drop power" columns.
 */
function recordListsOfLength(obj: Json, n: number): [string, (number | null)[]][] {
  const out: [string, (number | null)[]][] = [];
  for (const [key, v] of Object.entries(obj)) {
    if (SHOWN_ELSEWHERE.has(key) || !Array.isArray(v)) continue;
    if (isPerWavelengthRecords(v, n)) {
      const flat = v.map((r) => new Map(flatScalars(r)));
      for (const f of flat[0]?.keys() ?? []) {
        if (f !== REPEATED_AXIS) out.push([`${key}.${f}`, flat.map((m) => (m.get(f) as number | null | undefined) ?? null)]);
      }
      continue;
    }
    v.forEach((rec, i) => {
      if (!isRecord(rec)) return;
      const label = Object.values(rec).filter((x): x is string => typeof x === 'string').join('→') || `${key}[${i}]`;
      for (const [field, list] of Object.entries(rec)) if (isNumberList(list) && list.length === n) out.push([`${label} ${field}`, list]);
    });
  }
  return out;
}

/** [wavelength][angle] matrices at the top level. */
function gridsOf(obj: Json, nW: number, nA: number): [string, (number | null)[][]][] {
  const out: [string, (number | null)[][]][] = [];
  for (const [key, v] of Object.entries(obj)) {
    if (Array.isArray(v) && v.length === nW && v.every((r) => isNumberList(r) && r.length === nA)) out.push([key, v as (number | null)[][]]);
  }
  return out;
}

function spectrumTable(result: Json): ResultTable | null {
  const axis = result[AXIS];
  if (!isNumberList(axis) || axis.length === 0) return null;
  const nW = axis.length;
  const second = result[SECOND_AXIS];
  const grids = isNumberList(second) && second.length > 0 ? gridsOf(result, nW, second.length) : [];
  if (isNumberList(second) && grids.length > 0) {
    const nA = second.length;
    const rows: Cell[][] = [];
    for (let i = 0; i < nW && rows.length < MAX_TABLE_ROWS; i++) {
      for (let j = 0; j < nA && rows.length < MAX_TABLE_ROWS; j++) rows.push([axis[i] ?? null, second[j] ?? null, ...grids.map(([, g]) => g[i]?.[j] ?? null)]);
    }
    return { id: 'table-spectrum', caption: 'Per wavelength and angle', columns: [AXIS, 'angle_deg', ...grids.map(([k]) => k)], rows, totalRows: nW * nA };
  }
  const lists = [...listsOfLength(result, nW), ...recordListsOfLength(result, nW)];
  const rows: Cell[][] = [];
  for (let i = 0; i < Math.min(nW, MAX_TABLE_ROWS); i++) rows.push([axis[i] ?? null, ...lists.map(([, l]) => l[i] ?? null)]);
  return { id: 'table-spectrum', caption: nW === 1 ? 'Result' : 'Per wavelength', columns: [AXIS, ...lists.map(([k]) => k)], rows, totalRows: nW };
}

function recordTables(result: Json, nW: number, prefix = ''): ResultTable[] {
  const tables: ResultTable[] = [];
  for (const [name, v] of Object.entries(result)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (!prefix && SHOWN_ELSEWHERE.has(name)) continue;
    // One level into objects, for lists such as link_budget.elements.
    if (isRecord(v) && !prefix) tables.push(...recordTables(v, nW, key));
    if (!Array.isArray(v) || v.length === 0 || !v.every(isRecord)) continue;
    // Per-wavelength records are columns of the spectrum table already.
    if (!prefix && isPerWavelengthRecords(v, nW)) continue;
    const flat = (v as Json[]).map(flatScalars);
    const columns = [...new Set(flat.flatMap((f) => f.map(([k]) => k)))];
    if (columns.length === 0) continue;
    const rows = flat.slice(0, MAX_TABLE_ROWS).map((f) => {
      const m = new Map(f);
      return columns.map((c) => m.get(c) ?? null);
    });
    // Records with nothing but labels (a circuit's from/to pairs) add nothing beside the spectrum columns.
    if (rows.every((row) => row.every((c) => typeof c === 'string' || c === null))) continue;
    tables.push({ id: `table-${key}`, caption: key, columns, rows, totalRows: v.length });
  }
  return tables;
}

export function resultTables(result: unknown): ResultTables {
  if (!isRecord(result)) return { facts: [], tables: [] };
  const facts: [string, Cell][] = [];
  collectFacts(result, '', facts, 0);
  const spectrum = spectrumTable(result);
  const axis = result[AXIS];
  const nW = isNumberList(axis) ? axis.length : -1;
  return { facts, tables: [...(spectrum ? [spectrum] : []), ...recordTables(result, nW)] };
}

/** Six significant digits for display (the full double is in the cell's title and in the JSON). */
export function formatCell(v: Cell): string {
  if (v === null) return '—';
  if (typeof v !== 'number') return String(v);
  if (Number.isNaN(v)) return 'NaN';
  if (Number.isInteger(v) && Math.abs(v) < 1e9) return String(v);
  const abs = Math.abs(v);
  const s = abs !== 0 && (abs < 1e-4 || abs >= 1e9) ? v.toExponential(5) : v.toPrecision(6);
  return s.replace(/\.?0+(e|$)/, '$1');
}
