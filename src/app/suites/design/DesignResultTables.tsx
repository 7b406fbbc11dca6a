/**
 * A design run's tasks, one row each: the Table 3 score S, J of the scored design, whether it is
 * valid, the probes spent of the budget, whether a design was submitted and the first gate the
 * scored design failed; each transcript opens in a dialog with the design view. The test ids are
 * the generic table's (result-row, data-task, data-pass, open-transcript), so tests that read any
 * suite's table read this one.
 */
import { useState } from 'react';
import type { DesignRow } from '../../../core/design/rows.ts';
import type { TranscriptCore } from '../../../core/run/transcript-core.ts';
import type { SuiteRow } from '../../../core/store/run-store.ts';
import type { AnySuite } from '../../../core/suite/contract.ts';
import { formatNumber } from '../../format.ts';
import { GenericTranscriptDialog } from '../GenericTranscriptDialog.tsx';
import { DesignTranscriptView } from './DesignTranscriptView.tsx';

/** The first failed gate of the design the score comes from (as the suite's grade names it). */
export function scoredFailedGate(row: DesignRow): string | null {
  const scored = row.evaluated.find((e) => e.source_sha256 === row.scored_sha256) ?? row.evaluated.at(-1);
  return scored?.first_failed_gate ?? null;
}

export function DesignResultTables({ suite, rows, transcripts }: { suite: AnySuite; rows: readonly SuiteRow[]; transcripts: readonly TranscriptCore[] }) {
  const [open, setOpen] = useState<TranscriptCore | null>(null);
  if (rows.length === 0) return null;
  // Rows reach this view only from design runs, validated with the suite's row schema.
  const designRows = rows as readonly DesignRow[];
  return (
    <section className="panel" aria-label="Task results">
      <h2>Tasks</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="result-table">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Family</th>
              <th scope="col">Physics</th>
              <th scope="col">S</th>
              <th scope="col">J</th>
              <th scope="col">Valid</th>
              <th scope="col">Probes</th>
              <th scope="col">Submitted</th>
              <th scope="col">First failed gate</th>
              <th scope="col">Transcript</th>
            </tr>
          </thead>
          <tbody>
            {designRows.map((row, i) => {
              const t = transcripts[i];
              return (
                <tr key={`${row.task_id}-${i}`} data-testid="result-row" data-task={row.task_id} data-pass={row.valid ? 'true' : 'false'}>
                  <td className="mono">{row.task_id}</td>
                  <td>{row.family}</td>
                  <td>{row.physics}</td>
                  <td className="num" data-testid="result-s">
                    {row.score.toFixed(4)}
                  </td>
                  <td className="num">{formatNumber(row.scored_J)}</td>
                  <td className={row.valid ? 'pass' : 'fail'}>{row.valid ? 'pass' : 'fail'}</td>
                  <td className="num">
                    {row.probes_used}/{row.probe_budget}
                  </td>
                  <td>{row.submitted ? 'yes' : 'no'}</td>
                  <td className="mono" data-testid="result-failed-gate">
                    {scoredFailedGate(row) ?? '—'}
                  </td>
                  <td>
                    {t && (
                      <button type="button" data-testid="open-transcript" onClick={() => setOpen(t)}>
                        Open
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {open && <GenericTranscriptDialog suite={suite} transcript={open} View={DesignTranscriptView} onClose={() => setOpen(null)} />}
    </section>
  );
}
