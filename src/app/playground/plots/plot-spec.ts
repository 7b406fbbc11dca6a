/**
 * What the result view plots: a title, axis labels with units, and named series. Each solver's
 * result is turned into PlotSpecs by a small pure function (one file per kind), so the mapping is
 * unit-tested without a browser. Results arrive as JSON from the worker; the accessors below read
 * them defensively, so a field a solver does not produce simply yields no plot.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';

export interface PlotSpec {
  /** Stable id, also the chart's test id. */
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: LineSeries[];
  yDomain?: [number, number];
}

export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field read as a number: anything else becomes NaN, which a chart leaves out. */
export const numberOrNaN = (v: unknown): number => (typeof v === 'number' ? v : NaN);

/** A finite-or-NaN number array at `key`, or null when the field is not a list of numbers (null entries read as NaN). */
export function numbers(obj: Json, key: string): number[] | null {
  const v = obj[key];
  if (!Array.isArray(v) || v.length === 0) return null;
  if (!v.every((x) => typeof x === 'number' || x === null)) return null;
  return v.map((x) => (typeof x === 'number' ? x : NaN));
}

/** A [rows][cols] number matrix at `key` (e.g. R laid out [wavelength][angle]), or null. */
export function matrix(obj: Json, key: string): number[][] | null {
  const v = obj[key];
  if (!Array.isArray(v) || v.length === 0 || !v.every(Array.isArray)) return null;
  const rows = v as unknown[][];
  if (!rows.every((r) => r.every((x) => typeof x === 'number' || x === null))) return null;
  return rows.map((r) => r.map((x) => (typeof x === 'number' ? x : NaN)));
}

/** Column `j` of a matrix. */
export const column = (m: readonly (readonly number[])[], j: number): number[] => m.map((row) => row[j] ?? NaN);

/** A series for each listed key that holds a number array as long as `x`. */
export function seriesFor(obj: Json, x: readonly number[], keys: readonly [key: string, name: string][]): LineSeries[] {
  const out: LineSeries[] = [];
  for (const [key, name] of keys) {
    const y = numbers(obj, key);
    if (y && y.length === x.length) out.push({ name, x: [...x], y });
  }
  return out;
}
