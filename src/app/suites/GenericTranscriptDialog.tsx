/**
 * A transcript of any suite: the episode's facts, the suite's own grade of the row re-derived from
 * it (as `score` does), then every event. A suite with a richer transcript view contributes its own
 * (SuiteView.TranscriptView); this is what the others get.
 */
import { useEffect, useId, useMemo, useRef, type ComponentType } from 'react';
import type { TranscriptCore } from '../../core/run/transcript-core.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import type { TaskGrade } from '../../core/suite/scoring.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { formatMetric } from '../format.ts';
import type { EpisodeStatusView } from '../run/episode-status.ts';
import { TranscriptEventList } from '../run/TranscriptEventList.tsx';
import { rowStatusView } from './row-status.ts';

export function GenericTranscript({ suite, transcript, headingId }: { suite: AnySuite; transcript: TranscriptCore; headingId?: string }) {
  const own = useId();
  const { grade, status } = useMemo<{ grade: TaskGrade | { error: unknown }; status: EpisodeStatusView | null }>(() => {
    try {
      const row = suite.deriveRow(transcript);
      return { grade: suite.scoring.grade(row), status: rowStatusView(row, transcript.status) };
    } catch (error) {
      return { grade: { error }, status: null };
    }
  }, [suite, transcript]);
  return (
    <article className="tpane" data-testid="transcript-pane" aria-labelledby={headingId ?? own}>
      <h2 id={headingId ?? own} className="mono">
        {transcript.task.task_id}
      </h2>
      <dl className="facts">
        <dt>Agent</dt>
        <dd>{transcript.agent.label}</dd>
        <dt>Status</dt>
        {/* A P2 episode that spent the protocol's query budget is a normal end, not a red budget_exceeded. */}
        <dd data-testid="transcript-status" className={status?.tone === 'bad' ? 'fail' : undefined} title={status?.explanation}>
          {status?.text ?? transcript.status}
        </dd>
        <dt>Seeds</dt>
        <dd className="mono">
          run {transcript.settings.run_seed}, task {transcript.settings.task_seed}
        </dd>
        <dt>Backend</dt>
        <dd className="mono">{transcript.settings.oracle_backend}</dd>
      </dl>
      {'error' in grade ? (
        <ErrorPanel title="Could not grade this task from its transcript" error={grade.error} />
      ) : (
        <p data-testid="transcript-grade">
          <strong className={grade.pass ? 'pass' : 'fail'}>{grade.pass ? 'pass' : 'fail'}</strong>, score {formatMetric(grade.score)}
          {grade.failed.length > 0 && ` — ${grade.failed.map((c) => `${c.check}: ${c.detail}`).join('; ')}`}
        </p>
      )}
      <h3>Events ({transcript.events.length})</h3>
      <TranscriptEventList key={`${transcript.task.task_id} ${transcript.timings.started_at}`} events={transcript.events} />
    </article>
  );
}

type TranscriptBody = ComponentType<{ suite: AnySuite; transcript: TranscriptCore; headingId?: string }>;

/** A transcript in a modal dialog; `View` draws it (a suite's own transcript view, or the generic one). */
export function GenericTranscriptDialog({ suite, transcript, onClose, View = GenericTranscript }: { suite: AnySuite; transcript: TranscriptCore; onClose: () => void; View?: TranscriptBody }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  const close = () => dialogRef.current?.close();
  return (
    <dialog ref={dialogRef} className="transcript-dialog" aria-labelledby={headingId} data-testid="transcript-view" onClose={onClose} onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="transcript-dialog-body">
        <div className="transcript-dialog-bar">
          <button type="button" data-testid="transcript-close" onClick={close}>
            Close
          </button>
        </div>
        <View suite={suite} transcript={transcript} headingId={headingId} />
      </div>
    </dialog>
  );
}
