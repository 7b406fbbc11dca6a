import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import type { P1Row, P2Row, P3Row, P4Row, VehRow } from '../../core/veh/rows.ts';
import { formatMetric } from '../format.ts';
import { routeHref } from '../routing/route.ts';
import { episodeStatusView, p2ScoreText } from './episode-status.ts';
import { p1Outcome, p2Outcome, p3Outcome, p4Outcome } from './row-outcome.ts';
import { TranscriptDialog } from './TranscriptDialog.tsx';

/** Opens a finished task's transcript; stable for the life of the tables, so memoised rows stay put. */
type OpenTranscript = (taskId: string, opener: HTMLButtonElement) => void;

interface ResultTablesProps {
  rows: readonly VehRow[];
  /** The finished tasks' transcripts, live during a run (they arrive with the rows). */
  transcripts: readonly Transcript[];
  /** The run is live: each table shows its latest LIVE_WINDOW rows unless the user asks for all. */
  running?: boolean;
}

/**
 * Rows per table while a run is live. A fast agent finishes hundreds of tasks a second; laying out
 * and painting an ever longer table on every progress tick cost the page more than the run (issue
 * 20). Every row is shown once the run ends, and mid-run on "Show all" or once a transcript is opened.
 */
export const LIVE_WINDOW = 40;

/** The rows a table shows: all, or (live and windowed) the latest LIVE_WINDOW. */
function shownRows<R>(rows: readonly R[], windowed: boolean): readonly R[] {
  return windowed && rows.length > LIVE_WINDOW ? rows.slice(rows.length - LIVE_WINDOW) : rows;
}

/** Finished tasks, one table per probe with the columns that probe is judged on. */
export function ResultTables({ rows, transcripts, running = false }: ResultTablesProps) {
  const [open, setOpen] = useState<Transcript | null>(null);
  const [showAll, setShowAll] = useState(false);
  const windowed = running && !showAll;
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const byTaskId = useMemo(() => new Map(transcripts.map((t) => [t.task.task_id, t])), [transcripts]);
  // The lookup changes on every progress tick; the callback reads it through a ref so it never does.
  const byTaskIdRef = useRef(byTaskId);
  useEffect(() => {
    byTaskIdRef.current = byTaskId;
  }, [byTaskId]);
  const openTranscript = useCallback<OpenTranscript>((taskId, opener) => {
    const transcript = byTaskIdRef.current.get(taskId);
    if (!transcript) return;
    openerRef.current = opener;
    // Mid-run, the window would move on and unmount the row (its button gets focus back on close).
    setShowAll(true);
    setOpen(transcript);
  }, []);
  const closeTranscript = useCallback(() => {
    setOpen(null);
    // Back to the button that opened it, so keyboard users keep their place in the table.
    openerRef.current?.focus();
  }, []);
  // A transcript from an earlier run stays closed once a new run replaces the results.
  const shown = open !== null && byTaskId.get(open.task.task_id) === open ? open : null;

  const p1 = rows.filter((r): r is P1Row => r.probe === 'P1');
  const p2 = rows.filter((r): r is P2Row => r.probe === 'P2');
  const p3 = rows.filter((r): r is P3Row => r.probe === 'P3');
  const p4 = rows.filter((r): r is P4Row => r.probe === 'P4');
  const hidden = windowed ? [p1, p2, p3, p4].reduce((n, p) => n + Math.max(0, p.length - LIVE_WINDOW), 0) : 0;
  const caption = (title: string, n: number) => `${title} (${n}${windowed && n > LIVE_WINDOW ? `; latest ${LIVE_WINDOW} shown while running` : ''})`;
  return (
    <section className="panel" aria-labelledby="results-heading">
      <h2 id="results-heading">Per-task outcomes</h2>
      {rows.length === 0 && <p className="note">No finished tasks yet.</p>}
      {hidden > 0 && (
        <p className="note" data-testid="live-window-note">
          {hidden} earlier finished tasks are hidden while the run goes on (all appear when it ends).{' '}
          <button type="button" className="copy-button" onClick={() => setShowAll(true)} data-testid="show-all-rows">
            Show all
          </button>
        </p>
      )}
      {p1.length > 0 && (
        <ResultTable caption={caption('P1 · specification triage', p1.length)} headers={['gold', 'predicted', 'correct']}>
          {shownRows(p1, windowed).map((r) => (
            <P1ResultRow key={r.task_id} row={r} onOpen={openTranscript} />
          ))}
        </ResultTable>
      )}
      {p2.length > 0 && (
        <ResultTable caption={caption('P2 · verifier-guided search', p2.length)} headers={['final feasible', 'score (power / BKF)', 'queries']}>
          {shownRows(p2, windowed).map((r) => (
            <P2ResultRow key={r.task_id} row={r} onOpen={openTranscript} />
          ))}
        </ResultTable>
      )}
      {p3.length > 0 && (
        <ResultTable caption={caption('P3 · corrupted-state recovery', p3.length)} headers={['success', 'escaped trap', 'cascade', 'power / BKF']}>
          {shownRows(p3, windowed).map((r) => (
            <P3ResultRow key={r.task_id} row={r} onOpen={openTranscript} />
          ))}
        </ResultTable>
      )}
      {p4.length > 0 && (
        <ResultTable caption={caption('P4 · policy-conditioned selection', p4.length)} headers={['τb', 'exact', 'predicted order']}>
          {shownRows(p4, windowed).map((r) => (
            <P4ResultRow key={r.task_id} row={r} onOpen={openTranscript} />
          ))}
        </ResultTable>
      )}
      {shown && <TranscriptDialog transcript={shown} onClose={closeTranscript} />}
    </section>
  );
}

function ResultTable({ caption, headers, children }: { caption: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-scroll result-table">
      <table className="data-table compact">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Task</th>
            <th scope="col">Status</th>
            {headers.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Transcript</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const yesNo = (b: boolean) => <span className={b ? 'pass' : 'fail'}>{b ? 'yes' : 'no'}</span>;

function TaskCells({ row }: { row: VehRow }) {
  return (
    <>
      <td>
        <a className="mono" href={routeHref({ name: 'task', suiteId: 'veh', taskId: row.task_id, query: new URLSearchParams() })}>
          {row.task_id}
        </a>
      </td>
      <EpisodeStatusCell row={row} />
    </>
  );
}

function EpisodeStatusCell({ row }: { row: VehRow }) {
  const view = episodeStatusView(row.status, row.budget_stop);
  return (
    <td className={view.tone === 'bad' ? 'fail' : undefined} title={view.explanation} data-testid="result-status">
      {view.text}
      {row.parse_failures > 0 ? ` (${row.parse_failures} parse failures)` : ''}
    </td>
  );
}

function TranscriptCell({ taskId, onOpen }: { taskId: string; onOpen: OpenTranscript }) {
  return (
    <td>
      <button
        type="button"
        className="copy-button"
        data-testid="transcript-button"
        aria-label={`Transcript of ${taskId}`}
        aria-haspopup="dialog"
        onClick={(e) => onOpen(taskId, e.currentTarget)}
      >
        Transcript
      </button>
    </td>
  );
}

// Memoised: the tables re-render on every progress tick, but a finished row never changes.
const P1ResultRow = memo(function P1ResultRow({ row, onOpen }: { row: P1Row; onOpen: OpenTranscript }) {
  const o = p1Outcome(row);
  return (
    <tr data-testid="result-row" data-probe="P1">
      <TaskCells row={row} />
      <td className="mono">{o.gold}</td>
      <td className="mono">{o.predicted ?? '—'}</td>
      <td>{yesNo(o.correct)}</td>
      <TranscriptCell taskId={row.task_id} onOpen={onOpen} />
    </tr>
  );
});

const P2ResultRow = memo(function P2ResultRow({ row, onOpen }: { row: P2Row; onOpen: OpenTranscript }) {
  const o = p2Outcome(row);
  return (
    <tr data-testid="result-row" data-probe="P2">
      <TaskCells row={row} />
      <td>{yesNo(o.feasible)}</td>
      <P2ScoreCell feasible={o.feasible} ratio={o.ratio} />
      <td>
        {o.queries} / {o.budget}
      </td>
      <TranscriptCell taskId={row.task_id} onOpen={onOpen} />
    </tr>
  );
});

function P2ScoreCell(o: { feasible: boolean; ratio: number | null }) {
  const score = p2ScoreText(o);
  return (
    <td className={o.feasible ? undefined : 'fail'} title={score.title} data-testid="p2-score">
      {score.text}
    </td>
  );
}

const P3ResultRow = memo(function P3ResultRow({ row, onOpen }: { row: P3Row; onOpen: OpenTranscript }) {
  const o = p3Outcome(row);
  return (
    <tr data-testid="result-row" data-probe="P3">
      <TaskCells row={row} />
      <td>{yesNo(o.success)}</td>
      <td>{yesNo(o.escaped)}</td>
      <td>{o.cascade === null ? '—' : yesNo(o.cascade)}</td>
      <td>{formatMetric(o.ratio)}</td>
      <TranscriptCell taskId={row.task_id} onOpen={onOpen} />
    </tr>
  );
});

const P4ResultRow = memo(function P4ResultRow({ row, onOpen }: { row: P4Row; onOpen: OpenTranscript }) {
  const o = p4Outcome(row);
  return (
    <tr data-testid="result-row" data-probe="P4">
      <TaskCells row={row} />
      <td>{formatMetric(o.tau)}</td>
      <td>{yesNo(o.exact)}</td>
      <td className="mono">{o.predicted ? o.predicted.join(' ≻ ') : '—'}</td>
      <TranscriptCell taskId={row.task_id} onOpen={onOpen} />
    </tr>
  );
});
