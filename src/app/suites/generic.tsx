/**
 * The parts every suite gets without writing a view of its own: a task card that shows the task's
 * public fields (the hidden reference behind a reveal), and a result table graded by the suite's
 * own scoring (pass, score, failed checks in words) with each transcript a click away.
 */
import { useState } from 'react';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { SuiteRow } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { formatMetric } from '../format.ts';
import type { EpisodeStatusView } from '../run/episode-status.ts';
import { GenericTranscriptDialog } from './GenericTranscriptDialog.tsx';
import { rowStatusView } from './row-status.ts';
import type { Task } from './suite-view.ts';

/** Task fields that hold the answer key: shown only on request, as the VEH task page does. */
const HIDDEN_KEYS = new Set(['reference', 'hidden', 'answer_key']);

export function GenericTaskDetails({ task }: { task: Task }) {
  const [revealed, setRevealed] = useState(false);
  const record = task as Task & Record<string, unknown>;
  const visible = Object.fromEntries(Object.entries(record).filter(([k]) => !HIDDEN_KEYS.has(k)));
  const hidden = Object.fromEntries(Object.entries(record).filter(([k]) => HIDDEN_KEYS.has(k)));
  return (
    <>
      <section className="panel" aria-label="Task">
        <h2>Task as the agent sees it</h2>
        <JsonBlock value={visible} testId="task-json" />
      </section>
      {Object.keys(hidden).length > 0 && (
        <section className="panel" aria-label="Reference">
          <h2>Reference (hidden from agents)</h2>
          {revealed ? (
            <JsonBlock value={hidden} testId="task-reference" />
          ) : (
            <button type="button" data-testid="reveal-reference" onClick={() => setRevealed(true)}>
              Reveal the reference
            </button>
          )}
        </section>
      )}
    </>
  );
}

export function GenericResultTables({ suite, rows, transcripts }: { suite: AnySuite; rows: readonly SuiteRow[]; transcripts: readonly TranscriptCore[] }) {
  const [open, setOpen] = useState<TranscriptCore | null>(null);
  if (rows.length === 0) return null;
  return (
    <section className="panel" aria-label="Task results">
      <h2>Tasks</h2>
      <div className="table-scroll">
        <table className="data-table" data-testid="result-table">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Group</th>
              <th scope="col">Status</th>
              <th scope="col">Pass</th>
              <th scope="col">Score</th>
              <th scope="col">Failed checks</th>
              <th scope="col">Transcript</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const g = suite.scoring.grade(row);
              const t = transcripts[i];
              return (
                <tr key={`${row.task_id}-${i}`} data-testid="result-row" data-task={row.task_id} data-pass={g.pass ? 'true' : 'false'}>
                  <td className="mono">{row.task_id}</td>
                  <td>{suite.scoring.groupOf(row)}</td>
                  <StatusCell view={rowStatusView(row, g.status)} />
                  <td className={g.pass ? 'pass' : 'fail'}>{g.pass ? 'pass' : 'fail'}</td>
                  <td className="num">{formatMetric(g.score)}</td>
                  <td>{g.failed.map((c) => `${c.check}: ${c.detail}`).join('; ') || '—'}</td>
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
      {open && <GenericTranscriptDialog suite={suite} transcript={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function StatusCell({ view }: { view: EpisodeStatusView }) {
  return (
    <td className={view.tone === 'bad' ? 'fail' : undefined} title={view.explanation} data-testid="result-status">
      {view.text}
    </td>
  );
}
