/** An analysis table as aligned plain text (the CLI's output): title, header, rows, notes. */
import { formatCell, type AnalysisTable } from './table.ts';

export function tableToText(t: AnalysisTable): string {
  const header = t.columns.map((c) => c.label);
  const body = t.rows.map((r) => t.columns.map((c) => formatCell(r.cells[c.key] ?? null)));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((s, i) => (t.columns[i]?.kind === 'number' ? s.padStart(widths[i] ?? 0) : s.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [t.title, '='.repeat(t.title.length), line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
  if (t.rows.length === 0) out.push('(no rows)');
  for (const n of t.notes) out.push(`note: ${n}`);
  out.push(`sources: ${t.provenance.run_ids.length} run(s) [${t.provenance.run_ids.join(', ')}], ${t.provenance.task_ids.length} task(s)`);
  return out.join('\n');
}
