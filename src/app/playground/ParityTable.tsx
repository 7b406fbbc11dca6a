import type { ReactNode } from 'react';
import type { DdaParityReport } from '../../core/photonics/dda/parity.ts';
import type { PweParityReport } from '../../core/photonics/pwe/parity.ts';
import { formatCell } from './result-tables.ts';

/**
 * The parity report of an operator's backends (Check backends): one row per case and backend with
 * its differences from the f64 reference, pass or fail, and the tolerances it was held to. The
 * columns differ per operator (DDA: Qext; PWE: band frequencies); the frame is shared.
 */

export const exp = (v: number): string => (Number.isFinite(v) ? v.toExponential(1).replace('.0e', 'e') : '—');

interface Row {
  readonly case: string;
  readonly backend: string;
  readonly pass: boolean;
  readonly error?: string;
}

interface Column<R> {
  readonly header: string;
  readonly cell: (row: R) => ReactNode;
}

function Table<R extends Row>({ rows, pass, caption, tolerances, columns }: { rows: readonly R[]; pass: boolean; caption: string; tolerances: string; columns: readonly Column<R>[] }) {
  const failed = rows.filter((r) => !r.pass).length;
  return (
    <div className="table-scroll">
      <p data-testid="pg-parity-summary" className={pass ? 'pass' : 'fail'}>
        {pass ? `All ${rows.length} checks pass.` : `${failed} of ${rows.length} checks fail.`} Tolerances: {tolerances}.
      </p>
      <table className="data-table compact pg-parity-table" data-testid="pg-parity-table">
        <caption>{caption} (times are this device’s; a software adapter says nothing about GPU speed)</caption>
        <thead>
          <tr>
            <th scope="col">case</th>
            <th scope="col">backend</th>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
            <th scope="col">result</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.case}-${r.backend}`} data-testid={`pg-parity-${r.case}-${r.backend}`}>
              <th scope="row">{r.case}</th>
              <td>{r.backend}</td>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(r)}</td>
              ))}
              <td className={r.pass ? 'pass' : 'fail'} title={r.error}>
                {r.pass ? 'pass' : r.error ? `fail: ${r.error}` : 'fail'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type DdaRow = DdaParityReport['rows'][number];
const DDA_COLUMNS: readonly Column<DdaRow>[] = [
  { header: 'dipoles', cell: (r) => r.dipoles },
  { header: 'FFT points', cell: (r) => r.fft_points },
  { header: 'max |Δy|/|y|', cell: (r) => <span className="mono">{exp(r.max_rel_diff_y)}</span> },
  { header: 'Qext', cell: (r) => <span className="mono">{formatCell(r.qext)}</span> },
  { header: 'Qext (reference)', cell: (r) => <span className="mono">{formatCell(r.qext_reference)}</span> },
  { header: '|ΔQext|/Qext', cell: (r) => <span className="mono">{exp(r.qext_rel_diff)}</span> },
  { header: 'iterations', cell: (r) => r.iterations },
  { header: 'solve ms', cell: (r) => Math.round(r.solve_ms) },
];

export function DdaParityTable({ report }: { report: DdaParityReport }) {
  const t = report.tolerance;
  return (
    <Table
      rows={report.rows}
      pass={report.pass}
      caption="DDA backend parity against the f64 reference"
      tolerances={`f32 backends |Δy|/|y| ≤ ${exp(t.f32.y)}, |ΔQext|/Qext ≤ ${exp(t.f32.qext)}; f64 backends ≤ ${exp(t.f64.y)} and ${exp(t.f64.qext)}`}
      columns={DDA_COLUMNS}
    />
  );
}

type PweRow = PweParityReport['rows'][number];
const PWE_COLUMNS: readonly Column<PweRow>[] = [
  { header: 'plane waves', cell: (r) => r.plane_waves },
  { header: 'max |Δy|/|y|', cell: (r) => <span className="mono">{exp(r.max_rel_diff_y)}</span> },
  { header: 'max |Δω|/ω', cell: (r) => <span className="mono">{exp(r.max_rel_diff_frequency)}</span> },
  { header: 'gap edges |Δ|/edge', cell: (r) => <span className="mono">{exp(r.max_rel_diff_gap)}</span> },
  { header: 'iterations', cell: (r) => r.iterations },
  { header: 'solve ms', cell: (r) => Math.round(r.solve_ms) },
];

export function PweParityTable({ report }: { report: PweParityReport }) {
  const t = report.tolerance;
  return (
    <Table
      rows={report.rows}
      pass={report.pass}
      caption="Plane-wave Θ backend parity against the f64 reference"
      tolerances={`f32 backends |Δy|/|y| ≤ ${exp(t.f32.y)}, |Δω|/ω ≤ ${exp(t.f32.frequency)}; f64 backends ≤ ${exp(t.f64.y)} and ${exp(t.f64.frequency)}`}
      columns={PWE_COLUMNS}
    />
  );
}
