import { useState } from 'react';
import { formatCell, type ResultTable } from './result-tables.ts';

/** Rows rendered before "Show all": enough to read, few enough that a 1,000-point spectrum appears at once. */
export const INITIAL_ROWS = 50;

/** One derived table; numbers to six significant digits, the full double in each cell's tooltip. */
export function ResultTableView({ table }: { table: ResultTable }) {
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? table.rows : table.rows.slice(0, INITIAL_ROWS);
  const hiddenHere = table.rows.length - rows.length;
  return (
    <div className="table-scroll result-table pg-result-table">
      <table className="data-table compact" data-testid={table.id}>
        <caption>
          {table.caption}
          {table.totalRows > rows.length && (
            <span className="note">
              {' '}
              ({rows.length} of {table.totalRows} rows shown
              {table.totalRows > table.rows.length ? '; the downloaded result has all' : ''})
            </span>
          )}
        </caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                <code>{c}</code>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} className="mono" title={typeof cell === 'number' ? String(cell) : undefined}>
                  {formatCell(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {hiddenHere > 0 && (
        <button type="button" className="link-button pg-show-all" onClick={() => setShowAll(true)}>
          Show all {table.rows.length} rows
        </button>
      )}
    </div>
  );
}
