/**
 * CSV of an analysis table (RFC 4180: comma-separated, CRLF, fields quoted when they hold a comma,
 * quote or line break). Numbers keep full precision, so a spreadsheet recomputes exactly what the
 * table shows rounded. A last "sources" column lists the run ids and task ids behind each row.
 */
import type { AnalysisTable, Cell } from './table.ts';

function field(v: Cell): string {
  if (v === null) return '';
  const s = typeof v === 'number' ? String(v) : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function tableToCsv(t: AnalysisTable, opts: { sources?: boolean } = {}): string {
  const sources = opts.sources ?? true;
  const header = [...t.columns.map((c) => c.label), ...(sources ? ['runs', 'tasks'] : [])];
  const lines = [header.map(field).join(',')];
  for (const r of t.rows) {
    const cells = t.columns.map((c) => field(r.cells[c.key] ?? null));
    if (sources) cells.push(field(r.provenance.run_ids.join(' ')), field(r.provenance.task_ids.join(' ')));
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
