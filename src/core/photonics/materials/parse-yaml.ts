/**
 * Parser for one file of the refractiveindex.info database (YAML): REFERENCES, COMMENTS, CONDITIONS
 * or SPECS, and DATA entries of type `tabulated nk`, `tabulated n`, `tabulated k` and
 * `formula 1`…`formula 9` (`coefficients` and `wavelength_range`, or the older key `range`).
 * Wavelengths in the files are µm; the curves returned are in nm.
 *
 * Anything malformed is a MaterialError that names the field and the line, e.g.
 * `DATA[0] (tabulated nk), line 14: expected 3 numbers (wavelength_µm n k), got 2`.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import { MaterialError } from '../material-spec.ts';
import type { Curve, DatasetCurves, TableCurve } from './curves.ts';
import { coefficientProblem, FORMULA_NAMES, formulaIndex, isFormulaNumber, type FormulaNumber } from './formulas.ts';
import { formatNm, micronTokenToNm } from './units.ts';

export interface ParsedFile extends DatasetCurves {
  /** REFERENCES as written (may contain HTML). */
  readonly references: string;
  readonly comments: string | null;
  /** Caveats read from CONDITIONS/SPECS (air wavelengths, relative index, temperature). */
  readonly notes: readonly string[];
}

/** Where a problem is: "DATA[1] (formula 2), line 17". */
interface Locate {
  /** "DATA[1] (formula 2)" */
  readonly entry: string;
  /** "DATA[1] (formula 2), line 17" for a node of that entry. */
  at(node: unknown): string;
  lineOf(node: unknown): number | null;
}

export function parseDatabaseYaml(text: string, fileLabel = 'the file'): ParsedFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const fail = (msg: string): never => {
    throw new MaterialError(`${fileLabel}: ${msg}`);
  };
  const firstError = doc.errors[0];
  if (firstError !== undefined) {
    const pos = lineCounter.linePos(firstError.pos[0]);
    fail(`not valid YAML (line ${pos.line}, column ${pos.col}): ${firstError.message.split('\n')[0]}`);
  }
  const lineOf = (node: unknown): number | null => {
    const range = (node as Node | null)?.range;
    return range ? lineCounter.linePos(range[0]).line : null;
  };
  const root = doc.contents;
  if (!isMap(root)) return fail('expected a YAML mapping with REFERENCES and DATA at the top level');

  const references = optionalText(root.get('REFERENCES', true), 'REFERENCES', fail) ?? '';
  const comments = optionalText(root.get('COMMENTS', true), 'COMMENTS', fail);
  const data = root.get('DATA', true);
  if (data === undefined) return fail('no DATA field: a database file lists its data under DATA');
  if (!isSeq(data) || data.items.length === 0) return fail(`DATA (line ${lineOf(data)}) must be a non-empty list of entries`);

  const n: Curve[] = [];
  const k: Curve[] = [];
  const types: string[] = [];
  data.items.forEach((item, i) => {
    if (!isMap(item)) return fail(`DATA[${i}], line ${lineOf(item)}: each DATA entry must be a mapping with a "type"`);
    const typeNode = item.get('type', true);
    const type: unknown = isScalar(typeNode) ? typeNode.value : undefined;
    if (typeof type !== 'string') return fail(`DATA[${i}], line ${lineOf(item)}: missing "type" (tabulated nk, tabulated n, tabulated k or formula 1…9)`);
    const t = type.trim().replace(/\s+/g, ' ');
    const entry = `DATA[${i}] (${t})`;
    const where: Locate = { entry, lineOf, at: (node) => `${entry}, line ${lineOf(node) ?? lineOf(item)}` };
    types.push(t);
    if (t === 'tabulated nk' || t === 'tabulated n' || t === 'tabulated k') {
      const table = parseTable(item.get('data', true), t, where, fail);
      if (t === 'tabulated nk') {
        n.push(table.first);
        k.push(table.second as TableCurve);
      } else (t === 'tabulated n' ? n : k).push(table.first);
      return;
    }
    const f = /^formula (\d+)$/.exec(t);
    const num = f ? Number(f[1]) : NaN;
    if (!isFormulaNumber(num)) {
      return fail(`${where.at(typeNode)}: unknown type "${type}"; expected tabulated nk, tabulated n, tabulated k or formula 1…9`);
    }
    n.push(parseFormula(item, num, where, fail));
  });
  if (n.length === 0) fail('DATA gives no refractive index n (only "tabulated k"); add a formula or a tabulated n entry');

  return { references, comments, notes: conditionNotes(root.toJSON() as Record<string, unknown>), n, k, data_types: types };
}

function optionalText(node: unknown, field: string, fail: (m: string) => never): string | null {
  if (node === undefined || node === null) return null;
  if (isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number')) return String(node.value);
  return fail(`${field} must be text`);
}

function parseTable(
  node: unknown,
  type: 'tabulated nk' | 'tabulated n' | 'tabulated k',
  where: Locate,
  fail: (m: string) => never,
): { first: TableCurve; second?: TableCurve } {
  if (!isScalar(node) || typeof node.value !== 'string') return fail(`${where.at(node)}: missing "data" (rows of wavelength_µm and values)`);
  const columns = type === 'tabulated nk' ? 3 : 2;
  const header = type === 'tabulated nk' ? 'wavelength_µm n k' : type === 'tabulated n' ? 'wavelength_µm n' : 'wavelength_µm k';
  // A block scalar ("data: |") starts its rows on the line after the indicator.
  const firstLine = (where.lineOf(node) ?? 0) + (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' ? 1 : 0);
  const wl: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const label = where.entry;
  node.value.split('\n').forEach((raw, r) => {
    const line = raw.trim();
    if (line.length === 0) return;
    const at = `${label}, line ${firstLine + r}`;
    const tokens = line.split(/\s+/);
    if (tokens.length !== columns) fail(`${at}: expected ${columns} numbers (${header}), got ${tokens.length}: "${line}"`);
    const lambda = micronTokenToNm(tokens[0] as string);
    const values = tokens.slice(1).map(Number);
    if (!Number.isFinite(lambda) || lambda <= 0) fail(`${at}: wavelength "${tokens[0]}" is not a positive number (µm)`);
    values.forEach((v, j) => {
      if (!Number.isFinite(v)) fail(`${at}: "${tokens[j + 1]}" is not a number`);
    });
    if (type !== 'tabulated k' && !((values[0] as number) > 0)) fail(`${at}: n = ${values[0]} must be positive`);
    const prev = wl[wl.length - 1];
    if (prev !== undefined && lambda < prev) {
      fail(`${at}: wavelength ${tokens[0]} µm is below the previous row's ${formatNm(prev / 1000)} µm; rows must be in increasing wavelength`);
    }
    wl.push(lambda);
    a.push(values[0] as number);
    if (columns === 3) b.push(values[1] as number);
  });
  if (wl.length === 0) fail(`${label}: "data" has no rows`);
  const first: TableCurve = { kind: 'table', wavelength_nm: wl, values: a };
  return columns === 3 ? { first, second: { kind: 'table', wavelength_nm: wl, values: b } } : { first };
}

function parseFormula(item: YAMLMap, formula: FormulaNumber, where: Locate, fail: (m: string) => never): Curve {
  const coefNode = item.get('coefficients', true);
  if (!isScalar(coefNode) || (typeof coefNode.value !== 'string' && typeof coefNode.value !== 'number')) {
    return fail(`${where.at(item)}: missing "coefficients" (C1 C2 … separated by spaces)`);
  }
  const coefficients = String(coefNode.value).trim().split(/\s+/).map((s) => {
    const v = Number(s);
    if (!Number.isFinite(v)) fail(`${where.at(coefNode)}: coefficient "${s}" is not a number`);
    return v;
  });
  const problem = coefficientProblem(formula, coefficients);
  if (problem !== null) fail(`${where.at(coefNode)}: ${problem}`);

  const rangeNode = item.get('wavelength_range', true) ?? item.get('range', true);
  if (!isScalar(rangeNode)) return fail(`${where.at(item)}: missing "wavelength_range" (min and max in µm) of the formula`);
  const tokens = String(rangeNode.value).trim().split(/\s+/);
  const [min_nm, max_nm] = tokens.map(micronTokenToNm) as [number, number];
  if (tokens.length !== 2 || !(min_nm > 0) || !(max_nm > min_nm)) {
    fail(`${where.at(rangeNode)}: wavelength_range must be two increasing positive numbers in µm, got "${rangeNode.value}"`);
  }
  // A formula must give a real, positive index over its whole stated range: probe it densely.
  const probes = 257;
  for (let i = 0; i < probes; i++) {
    const x = min_nm * (max_nm / min_nm) ** (i / (probes - 1));
    const nValue = formulaIndex(formula, coefficients, x / 1000);
    if (!(nValue > 0) || !Number.isFinite(nValue)) {
      fail(
        `${where.at(coefNode)}: formula ${formula} (${FORMULA_NAMES[formula]}) gives no real positive n at ${formatNm(x)} nm, ` +
          `inside its wavelength_range; check the coefficients (the database numbers them C1, C2, …)`,
      );
    }
  }
  return { kind: 'formula', formula, coefficients, min_nm, max_nm };
}

/** Caveats a reader must know, from CONDITIONS (current format) or SPECS (older format). */
function conditionNotes(root: Record<string, unknown>): string[] {
  const notes: string[] = [];
  for (const key of ['CONDITIONS', 'SPECS']) {
    const c = root[key];
    if (c === null || typeof c !== 'object') continue;
    const rec = c as Record<string, unknown>;
    if (rec.wavelength_vacuum === false) {
      notes.push('the file gives wavelengths in air; they are used as vacuum wavelengths here (a shift of about 3 parts in 10⁴)');
    }
    if (rec.n_absolute === false) notes.push('the file gives n relative to air, not to vacuum (about 3 parts in 10⁴ lower than absolute)');
    if (typeof rec.temperature === 'number') notes.push(`measured at ${rec.temperature} K`);
    if (typeof rec.direction === 'string') notes.push(`polarisation: ${rec.direction === 'o' ? 'ordinary ray' : rec.direction === 'e' ? 'extraordinary ray' : rec.direction}`);
  }
  return notes;
}
