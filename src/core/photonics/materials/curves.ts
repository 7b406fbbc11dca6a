/**
 * The serialisable form of a parsed dataset: one list of curves for n and one for k, each curve a
 * table or a formula. The built-in library stores exactly this (builtin-library.json), and an
 * imported file is parsed into the same shape, so both go through one evaluation path.
 */
import type { FormulaNumber } from './formulas.ts';

export interface TableCurve {
  readonly kind: 'table';
  /** Vacuum wavelengths in nm, non-decreasing (an equal pair marks a break: no interpolation across). */
  readonly wavelength_nm: readonly number[];
  readonly values: readonly number[];
}

export interface FormulaCurve {
  readonly kind: 'formula';
  readonly formula: FormulaNumber;
  readonly coefficients: readonly number[];
  readonly min_nm: number;
  readonly max_nm: number;
}

export type Curve = TableCurve | FormulaCurve;

export interface DatasetCurves {
  /** Curves giving n; never empty. */
  readonly n: readonly Curve[];
  /** Curves giving k; empty when the dataset gives no k (k = 0 is used). */
  readonly k: readonly Curve[];
  /** The DATA entries' types in file order, e.g. ["formula 2", "tabulated k"]. */
  readonly data_types: readonly string[];
}
