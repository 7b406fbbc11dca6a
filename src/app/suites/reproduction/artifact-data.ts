/**
 * A regenerated artifact as the evidence viewer draws it: tables (artifact.table) and JSON arrays
 * become a table of cells, and their numeric columns a line plot — the first numeric column on x,
 * the others as series, or, when that first column repeats (a key such as a radius with several
 * resonances each), one series per key value over the row within it. JSON that is not tabular is
 * shown as text. Nothing here trusts the shape: it is whatever the agent's workflow wrote.
 */
import type { LineSeries } from '../../charts/LineChart.tsx';

export type Cell = number | string | boolean | null;
export interface ArtifactTable {
  columns: string[];
  rows: Cell[][];
}
export interface ArtifactPlot {
  xLabel: string;
  yLabel: string;
  series: LineSeries[];
}

/** More columns or key groups than this are not plotted (the table still shows them). */
const MAX_COLUMNS = 24;
const MAX_GROUPS = 12;

const cell = (v: unknown): Cell => (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? v : JSON.stringify(v) ?? null);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The artifact as columns and rows, or null when it is not tabular (an SVG, a scalar, nested JSON). */
export function artifactTable(kind: string, data: unknown): ArtifactTable | null {
  if (kind === 'table') {
    if (!isRecord(data) || !Array.isArray(data.columns) || !Array.isArray(data.rows)) return null;
    const columns = data.columns.map((c) => String(c));
    return { columns, rows: data.rows.map((r) => (Array.isArray(r) ? r.map(cell) : [cell(r)])) };
  }
  if (kind !== 'json' || !Array.isArray(data) || data.length === 0) return null;
  if (data.every((v) => typeof v === 'number' || v === null)) return { columns: ['index', 'value'], rows: data.map((v, i) => [i, v as number | null]) };
  if (!data.every(isRecord)) return null;
  const columns = [...new Set(data.flatMap((r) => Object.keys(r)))].slice(0, MAX_COLUMNS);
  return { columns, rows: data.map((r) => columns.map((c) => cell(r[c]))) };
}

const num = (c: Cell): number => (typeof c === 'number' ? c : Number.NaN);

/** A line plot of the table's numeric columns, or null when fewer than two points would be drawn. */
export function artifactPlot(t: ArtifactTable): ArtifactPlot | null {
  if (t.rows.length < 2 || t.columns.length > MAX_COLUMNS) return null;
  // Numeric: every cell a number or null (JSON's NaN), with at least one finite number.
  const numeric = t.columns.map((_, j) => j).filter((j) => t.rows.every((r) => typeof r[j] === 'number' || r[j] === null || r[j] === undefined) && t.rows.some((r) => Number.isFinite(r[j])));
  if (numeric.length === 0) return null;
  const [k, ...ys] = numeric as [number, ...number[]];
  const key = t.columns[k] as string;
  if (ys.length === 0) return { xLabel: 'row', yLabel: key, series: [{ name: key, x: t.rows.map((_, i) => i), y: t.rows.map((r) => num(r[k] ?? null)) }] };
  const keys = [...new Set(t.rows.map((r) => num(r[k] ?? null)))];
  const yLabel = ys.map((j) => t.columns[j]).join(', ');
  if (keys.length === t.rows.length) {
    const rows = [...t.rows].sort((a, b) => num(a[k] ?? null) - num(b[k] ?? null));
    return { xLabel: key, yLabel, series: ys.map((j) => ({ name: t.columns[j] as string, x: rows.map((r) => num(r[k] ?? null)), y: rows.map((r) => num(r[j] ?? null)) })) };
  }
  if (keys.length > MAX_GROUPS) return null;
  const series = keys.flatMap((v) => {
    const rows = t.rows.filter((r) => Object.is(num(r[k] ?? null), v));
    return ys.map((j) => ({ name: `${ys.length > 1 ? `${t.columns[j]}, ` : ''}${key} = ${v}`, x: rows.map((_, i) => i), y: rows.map((r) => num(r[j] ?? null)) }));
  });
  return { xLabel: `row within each ${key}`, yLabel, series };
}
