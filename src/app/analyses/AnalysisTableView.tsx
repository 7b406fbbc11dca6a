import { tableToCsv } from '../../core/analyses/csv.ts';
import { formatCell, type AnalysisTable, type Provenance } from '../../core/analyses/table.ts';
import { downloadBlob, fileStem } from '../charts/chart-export.ts';
import { routeHref } from '../routing/route.ts';

/** Task ids listed in a sources disclosure before "and N more" (a profile row may rest on 763 tasks). */
const MAX_TASK_LINKS = 60;

/** Which runs and task rows a table row was computed from, each linking to where it can be inspected. */
function Sources({ suiteId, provenance }: { suiteId: string; provenance: Provenance }) {
  const shown = provenance.task_ids.slice(0, MAX_TASK_LINKS);
  return (
    <details className="pg-an-sources">
      <summary>
        {provenance.run_ids.length} run{provenance.run_ids.length === 1 ? '' : 's'}, {provenance.task_ids.length} task{provenance.task_ids.length === 1 ? '' : 's'}
      </summary>
      <p>
        Runs:{' '}
        {provenance.run_ids.map((id, i) => (
          <span key={id}>
            {i > 0 && ', '}
            <a href={routeHref({ name: 'run-detail', storeId: id, taskIndex: null, query: new URLSearchParams() })}>{id}</a>
          </span>
        ))}
      </p>
      {shown.length > 0 && (
        <p>
          Tasks:{' '}
          {shown.map((id, i) => (
            <span key={id}>
              {i > 0 && ' '}
              <a href={routeHref({ name: 'task', suiteId, taskId: id, query: new URLSearchParams() })}>{id}</a>
            </span>
          ))}
          {provenance.task_ids.length > shown.length && ` … and ${provenance.task_ids.length - shown.length} more (all are listed in the CSV)`}
        </p>
      )}
    </details>
  );
}

/** An analysis table as an HTML table, its notes, a sources disclosure per row and a CSV download. */
/** `suiteId`: the suite the analysed runs belong to (task links go to its task pages). */
export function AnalysisTableView({ suiteId = 'veh', table }: { suiteId?: string; table: AnalysisTable }) {
  const save = () => downloadBlob(`${fileStem(table.title)}.csv`, new Blob([tableToCsv(table)], { type: 'text/csv;charset=utf-8' }));
  return (
    <section className="pg-an-table" aria-labelledby={`an-${table.id}`} data-testid={`analysis-${table.id}`}>
      <h2 id={`an-${table.id}`}>{table.title}</h2>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.key} scope="col" className={c.kind === 'number' ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
              <th scope="col">Sources</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {table.columns.map((c) => (
                  <td key={c.key} className={c.kind === 'number' ? 'num' : undefined} title={typeof r.cells[c.key] === 'number' ? String(r.cells[c.key]) : undefined}>
                    {formatCell(r.cells[c.key] ?? null)}
                  </td>
                ))}
                <td>
                  <Sources suiteId={suiteId} provenance={r.provenance} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.rows.length === 0 && <p className="note">No rows.</p>}
      <ul className="note pg-an-notes">
        {table.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" onClick={save} data-testid={`analysis-${table.id}-csv`}>
          Download CSV
        </button>
      </div>
    </section>
  );
}
