/**
 * A reproduction run's tasks, one row each: the rubric's task score, Full (above 0.9), the
 * Modeling / Execution / Validation stage scores, the replay status and the judged coverage; each
 * transcript opens in a dialog with the evidence viewer. The test ids are the generic table's
 * (result-row, data-task, data-pass, open-transcript), so tests that read any suite's table read
 * this one.
 */
import { useState } from 'react';
import type { ReproductionRow } from '../../../core/reproduction/rows.ts';
import type { TranscriptCore } from '../../../core/run/transcript-core.ts';
import type { SuiteRow } from '../../../core/store/run-store.ts';
import type { AnySuite } from '../../../core/suite/contract.ts';
import { formatMetric } from '../../format.ts';
import { GenericTranscriptDialog } from '../GenericTranscriptDialog.tsx';
import { ReproductionTranscriptView } from './ReproductionTranscriptView.tsx';

export function ReproductionResultTables({ suite, rows, transcripts }: { suite: AnySuite; rows: readonly SuiteRow[]; transcripts: readonly TranscriptCore[] }) {
  const [open, setOpen] = useState<TranscriptCore | null>(null);
  if (rows.length === 0) return null;
  // Rows reach this view only from reproduction runs, validated with the suite's row schema.
  const reproRows = rows as readonly ReproductionRow[];
  return (
    <section className="panel" aria-label="Task results">
      <h2>Tasks</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="result-table">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Score</th>
              <th scope="col">Full</th>
              <th scope="col" title="Modeling stage">M</th>
              <th scope="col" title="Execution stage">E</th>
              <th scope="col" title="Validation stage">V</th>
              <th scope="col">Replay</th>
              <th scope="col">Coverage</th>
              <th scope="col">Transcript</th>
            </tr>
          </thead>
          <tbody>
            {reproRows.map((row, i) => {
              const t = transcripts[i];
              return (
                <tr key={`${row.task_id}-${i}`} data-testid="result-row" data-task={row.task_id} data-pass={row.full ? 'true' : 'false'}>
                  <td className="mono">{row.task_id}</td>
                  <td className="num" data-testid="result-score">
                    {formatMetric(row.score)}
                  </td>
                  <td className={row.full ? 'pass' : 'fail'}>{row.full ? 'yes' : 'no'}</td>
                  <td className="num">{formatMetric(row.stages.modeling)}</td>
                  <td className="num">{formatMetric(row.stages.execution)}</td>
                  <td className="num">{formatMetric(row.stages.validation)}</td>
                  <td className={row.replay_status === 'completed' ? 'pass' : 'fail'} title={row.replay_reason ?? undefined} data-testid="result-replay">
                    {row.replay_status}
                  </td>
                  <td className="num">{formatMetric(row.coverage)}</td>
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
      {open && <GenericTranscriptDialog suite={suite} transcript={open} View={ReproductionTranscriptView} onClose={() => setOpen(null)} />}
    </section>
  );
}
