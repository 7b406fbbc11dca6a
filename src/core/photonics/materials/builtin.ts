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

const FileSchema = z.strictObject({ generated_by: z.string(), source: z.string(), datasets: z.array(RecordSchema) });

let cached: readonly DatasetRecord[] | null = null;

export function builtinDatasets(): readonly DatasetRecord[] {
  cached ??= FileSchema.parse(builtinJson).datasets;
  return cached;
}
