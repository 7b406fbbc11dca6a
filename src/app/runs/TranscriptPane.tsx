import { useId, useMemo } from 'react';
import { gradeTask } from '../../core/veh/run/task-checks.ts';
import type { Transcript } from '../../core/veh/run/transcript.ts';
import { deriveRow } from '../../core/veh/protocol/derive-row.ts';
import type { VehRow } from '../../core/veh/rows.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { useRunTranscript } from '../data/run-store.ts';
import type { SuiteRow } from '../../core/store/run-store.ts';
import type { SuiteView } from '../suites/suite-view.ts';
import { TranscriptEventList } from '../run/TranscriptEventList.tsx';
import { TranscriptHeader } from '../run/TranscriptHeader.tsx';
import { TranscriptChecks } from './TranscriptChecks.tsx';
import { TranscriptTrajectory } from './TranscriptTrajectory.tsx';
import { TranscriptTurns } from './TranscriptTurns.tsx';

export interface TranscriptPaneProps {
  /** The run's suite view: its transcript view draws the task. */
  view: SuiteView;
  storeId: string;
  taskIndex: number;
  /** The row the store holds for this task, when the caller has it: a row that disagrees with its transcript is flagged. */
  storedRow?: SuiteRow;
}

/**
 * One stored task, read on its own from the run store (only this transcript is loaded, however big
 * the run): the episode's facts, its grading check by check, the P2/P3 trajectory plot, timing and
 * cost per turn, then every event. Self-contained, so the compare page can show two side by side.
 */
export function TranscriptPane({ view, storeId, taskIndex, storedRow }: TranscriptPaneProps) {
  const q = useRunTranscript(storeId, taskIndex);
  if (q.isPending) return <Loading what={`task ${taskIndex + 1}`} />;
  if (q.isError) return <ErrorPanel title={`Could not read task ${taskIndex + 1} of run ${storeId}`} error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data === null) {
    return (
      <p className="note" data-testid="transcript-pane-missing">
        Run {storeId} has no transcript stored for task {taskIndex + 1}.
      </p>
    );
  }
  return <view.TranscriptView suite={view.suite} transcript={q.data} {...(storedRow ? { storedRow } : {})} />;
}

/**
 * A loaded transcript: the row (and so the grading) is re-derived from it, as `score` does.
 * `headingId` names the heading, so a surrounding dialog can label itself with it.
 */
export function StoredTranscript({ transcript, headingId, storedRow }: { transcript: Transcript; headingId?: string; storedRow?: VehRow }) {
  const ownHeadingId = useId();
  const ids = { head: headingId ?? ownHeadingId, checks: useId(), plot: useId(), turns: useId(), events: useId() };
  const derived = useMemo<{ row: VehRow } | { error: unknown }>(() => {
    try {
      return { row: deriveRow(transcript) };
    } catch (error) {
      return { error };
    }
  }, [transcript]);
  const grade = useMemo(() => ('row' in derived ? gradeTask(derived.row) : null), [derived]);
  const row = 'row' in derived ? derived.row : null;
  const disagrees = row !== null && storedRow !== undefined && !sameJson(row, storedRow);
  return (
    <article className="tpane" data-testid="transcript-pane" aria-labelledby={ids.head}>
      <TranscriptHeader transcript={transcript} headingId={ids.head} />
      {disagrees && (
        <p className="error-panel" role="alert" data-testid="transcript-row-mismatch">
          The stored result row for this task differs from the row re-derived from its transcript. The grading below follows the transcript; verify the run on the Runs page to see which fields differ.
        </p>
      )}
      {grade ? <TranscriptChecks grade={grade} headingId={ids.checks} /> : <ErrorPanel title="Could not grade this task from its transcript" error={'error' in derived ? derived.error : null} />}
      {row && (row.probe === 'P2' || row.probe === 'P3') && <TranscriptTrajectory row={row} headingId={ids.plot} />}
      <TranscriptTurns events={transcript.events} headingId={ids.turns} />
      <section className="tpane-section" aria-labelledby={ids.events}>
        <h3 id={ids.events}>Events ({transcript.events.length})</h3>
        <TranscriptEventList key={`${transcript.task.task_id} ${transcript.timings.started_at}`} events={transcript.events} />
      </section>
    </article>
  );
}

/** Structural equality of two JSON values, ignoring key order (stored rows pass through zod, derived rows do not). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
