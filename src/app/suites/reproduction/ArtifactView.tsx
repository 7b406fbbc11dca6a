/**
 * One regenerated artifact of a replay: a table or tabular JSON as a line plot (the shared chart
 * components) with its data table beside it, other JSON as text, and an SVG only through
 * svg-artifact.ts (an <img> from a data: URL after a strict check, or not at all).
 */
import type { ArtifactRecord } from '../../../core/reproduction/evaluator.ts';
import { ChartFigure } from '../../charts/ChartFigure.tsx';
import { formatNumber } from '../../format.ts';
import { artifactPlot, artifactTable, type ArtifactTable, type Cell } from './artifact-data.ts';
import { svgArtifactView } from './svg-artifact.ts';

/** Rows and characters mounted at most (a spectrum can have 10⁴ rows; the plot shows them all). */
const MAX_ROWS = 500;
const MAX_TEXT = 20_000;

const show = (c: Cell): string => (typeof c === 'number' ? formatNumber(c) : c === null ? '—' : String(c));
const clip = (s: string): string => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length - MAX_TEXT} more characters)` : s);

function DataTable({ table }: { table: ArtifactTable }) {
  return (
    <div className="table-scroll">
      <table className="data-table compact" data-testid="repro-artifact-table">
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i} scope="col" className="mono">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.slice(0, MAX_ROWS).map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className={typeof c === 'number' ? 'num' : undefined}>
                  {show(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length > MAX_ROWS && <p className="note">The first {MAX_ROWS} of {table.rows.length} rows.</p>}
    </div>
  );
}

function SvgArtifact({ artifact: a }: { artifact: ArtifactRecord }) {
  const view = svgArtifactView(a.data);
  return (
    <>
      {view.shown ? (
        <img src={view.src} alt={`SVG artifact ${a.name}, as the workflow drew it`} data-testid="repro-svg" style={{ maxWidth: '100%' }} />
      ) : (
        <p className="note" data-testid="repro-svg-refused">
          Not drawn: {view.reason}.
        </p>
      )}
      <details>
        <summary>SVG text</summary>
        <pre className="code-block">{clip(typeof a.data === 'string' ? a.data : JSON.stringify(a.data))}</pre>
      </details>
    </>
  );
}

export function ArtifactView({ artifact: a }: { artifact: ArtifactRecord }) {
  const table = a.kind === 'svg' ? null : artifactTable(a.kind, a.data);
  const plot = table && artifactPlot(table);
  return (
    <section className="repro-artifact" data-testid="repro-artifact" data-name={a.name} data-kind={a.kind} aria-label={`Artifact ${a.name}`}>
      <h4>
        <span className="mono">{a.name}</span> ({a.kind}
        {table ? `, ${table.rows.length} rows` : ''})
      </h4>
      {a.kind === 'svg' ? (
        <SvgArtifact artifact={a} />
      ) : table ? (
        <>
          {plot && <ChartFigure title={`Artifact ${a.name}`} xLabel={plot.xLabel} yLabel={plot.yLabel} series={plot.series} testId="repro-artifact-plot" width={520} height={260} />}
          <details open={!plot}>
            <summary>Data table</summary>
            <DataTable table={table} />
          </details>
        </>
      ) : (
        <pre className="code-block" data-testid="repro-artifact-json">
          {clip(JSON.stringify(a.data, null, 2) ?? 'undefined')}
        </pre>
      )}
    </section>
  );
}
