/**
 * The built-in datasets, from the generated builtin-library.json (see builtin-format.ts for why a
 * JSON module). Checked against a schema once, when first used, so a hand-edited or truncated file
 * fails loudly instead of giving wrong indices.
 */
import { z } from 'zod';
import builtinJson from './builtin-library.json';
import type { DatasetRecord } from './dataset.ts';
import { isFormulaNumber, type FormulaNumber } from './formulas.ts';

const CurveSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('table'), wavelength_nm: z.array(z.number()), values: z.array(z.number()) }),
  z.strictObject({
    kind: z.literal('formula'),
    formula: z.number().refine(isFormulaNumber).transform((x) => x as FormulaNumber),
    coefficients: z.array(z.number()),
    min_nm: z.number(),
    max_nm: z.number(),
  }),
]);

const RecordSchema = z.strictObject({
  name: z.string(),
  material: z.string().nullable(),
  file: z.string(),
  reference: z.string(),
  comments: z.string().nullable(),
  notes: z.array(z.string()),
  n: z.array(CurveSchema).min(1),
  k: z.array(CurveSchema),
  data_types: z.array(z.string()),
});

export const BuiltinFileSchema = z.strictObject({ generated_by: z.string(), source: z.string(), datasets: z.array(RecordSchema) });

let cached: readonly DatasetRecord[] | null = null;

/**
 * The schema check by hand first (a quarter of a one-wavelength CLI solve went to zod walking every
 * number of the 166 kB file); zod runs only when that fails, to word what is wrong.
 */
export function builtinDatasets(): readonly DatasetRecord[] {
  cached ??= parseBuiltinFile(builtinJson);
  return cached;
}

/** The datasets of a builtin-library.json value; throws zod's error for anything BuiltinFileSchema rejects. */
export function parseBuiltinFile(file: unknown): readonly DatasetRecord[] {
  return looksValid(file) ? (file as { datasets: DatasetRecord[] }).datasets : BuiltinFileSchema.parse(file).datasets;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, keys: readonly string[]): boolean => Object.keys(o).every((k) => keys.includes(k));
const allOf = (v: unknown, ok: (x: unknown) => boolean): boolean => Array.isArray(v) && v.every(ok);

function isCurve(c: unknown): boolean {
  if (!isObject(c)) return false;
  if (c.kind === 'table') return onlyKeys(c, ['kind', 'wavelength_nm', 'values']) && allOf(c.wavelength_nm, isNumber) && allOf(c.values, isNumber);
  return (
    c.kind === 'formula' &&
    onlyKeys(c, ['kind', 'formula', 'coefficients', 'min_nm', 'max_nm']) &&
    isNumber(c.formula) &&
    isFormulaNumber(c.formula) &&
    allOf(c.coefficients, isNumber) &&
    isNumber(c.min_nm) &&
    isNumber(c.max_nm)
  );
}

const RECORD_KEYS = ['name', 'material', 'file', 'reference', 'comments', 'notes', 'n', 'k', 'data_types'] as const;

function isRecord(r: unknown): boolean {
  return (
    isObject(r) &&
    Object.keys(r).length === RECORD_KEYS.length &&
    onlyKeys(r, RECORD_KEYS) &&
    isString(r.name) &&
    (r.material === null || isString(r.material)) &&
    isString(r.file) &&
    isString(r.reference) &&
    (r.comments === null || isString(r.comments)) &&
    allOf(r.notes, isString) &&
    allOf(r.n, isCurve) &&
    (r.n as unknown[]).length >= 1 &&
    allOf(r.k, isCurve) &&
    allOf(r.data_types, isString)
  );
}

/** What FileSchema accepts, checked without building zod's results (true: parse would succeed unchanged). */
function looksValid(file: unknown): boolean {
  return (
    isObject(file) &&
    Object.keys(file).length === 3 &&
    onlyKeys(file, ['generated_by', 'source', 'datasets']) &&
    isString(file.generated_by) &&
    isString(file.source) &&
    allOf(file.datasets, isRecord)
  );
}
