import { describe, expect, it } from 'vitest';
import { tableToCsv } from './csv.ts';
import { makeTable, numberColumn, textColumn } from './table.ts';

describe('CSV export', () => {
  it('quotes commas and quotes, keeps full precision, leaves nulls empty and lists sources', () => {
    const t = makeTable({
      id: 't',
      title: 't',
      columns: [textColumn('name', 'Name'), numberColumn('x', 'Value, raw')],
      rows: [
        { cells: { name: 'say "hi", twice', x: 1 / 3 }, provenance: { run_ids: ['r1', 'r2'], task_ids: ['t1'] } },
        { cells: { name: 'none', x: null }, provenance: { run_ids: ['r1'], task_ids: [] } },
      ],
      notes: [],
    });
    expect(tableToCsv(t)).toBe(
      ['Name,"Value, raw",runs,tasks', `"say ""hi"", twice",${String(1 / 3)},r1 r2,t1`, 'none,,r1,', ''].join('\r\n'),
    );
    expect(tableToCsv(t, { sources: false }).split('\r\n')[0]).toBe('Name,"Value, raw"');
  });
});
