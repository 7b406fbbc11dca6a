/**
 * The one table shape every analysis returns, so the CLI prints and the page renders the same
 * numbers. Each row says which runs and task rows its numbers were computed from (provenance), so
 * a reader can trace any cell back to the stored results behind it.
 */

export type Cell = string | number | null;

export interface Provenance {
  run_ids: string[];
  task_ids: string[];
}

export interface AnalysisColumn {
  key: string;
  label: string;
  /** Numbers are right-aligned and formatted; text is printed as is. */
  kind: 'text' | 'number';
}

export interface AnalysisRow {
  cells: Record<string, Cell>;
  provenance: Provenance;
}

export interface AnalysisTable {
  /** Stable id (file names, test ids): "paired-delta", "profiles", … */
  id: string;
  title: string;
  columns: AnalysisColumn[];
  rows: AnalysisRow[];
  /** How to read the table: orientation, what was skipped and why. */
  notes: string[];
  provenance: Provenance;
}

export const textColumn = (key: string, label: string): AnalysisColumn => ({ key, label, kind: 'text' });
export const numberColumn = (key: string, label: string): AnalysisColumn => ({ key, label, kind: 'number' });

/** Sorted union of several provenances (ids appear once). */
export function mergeProvenance(parts: readonly Provenance[]): Provenance {
  const runs = new Set<string>();
  const tasks = new Set<string>();
  for (const p of parts) {
    for (const r of p.run_ids) runs.add(r);
    for (const t of p.task_ids) tasks.add(t);
  }
  return { run_ids: [...runs].sort(), task_ids: [...tasks].sort() };
}

export function makeTable(spec: Omit<AnalysisTable, 'provenance'>): AnalysisTable {
  return { ...spec, provenance: mergeProvenance(spec.rows.map((r) => r.provenance)) };
}

/** A cell as text: numbers to 3 decimals (integers as is), null as an em dash. */
export function formatCell(c: Cell): string {
  if (c === null) return '—';
  if (typeof c === 'string') return c;
  if (!Number.isFinite(c)) return String(c);
  if (Number.isInteger(c)) return String(c);
  return c.toFixed(3);
}
