/**
 * A reproduction episode's transcript: its facts and the suite's grade of the row re-derived from
 * it, then the evidence viewer of the submitted package's verdict (or why there is none: no
 * submission, or a recorded verdict that does not parse), then every event.
 */
import { useId, useMemo } from 'react';
import type { ReproductionTranscript } from '../../../core/reproduction/episode.ts';
import { gradedRubric } from '../../../core/reproduction/rows.ts';
import type { TranscriptCore } from '../../../core/run/transcript-core.ts';
import type { AnySuite } from '../../../core/suite/contract.ts';
import type { TaskGrade } from '../../../core/suite/scoring.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { formatMetric } from '../../format.ts';
import { TranscriptEventList } from '../../run/TranscriptEventList.tsx';
import { EvidenceViewer } from './EvidenceViewer.tsx';
import { readVerdict } from './verdict-of.ts';

export function ReproductionTranscriptView({ suite, transcript: t, headingId }: { suite: AnySuite; transcript: TranscriptCore; headingId?: string }) {
  // Transcripts reach this view only from reproduction runs, validated with the suite's transcript schema.
  const transcript = t as ReproductionTranscript;
  const own = useId();
  const reading = useMemo(() => readVerdict(transcript.events), [transcript]);
  // With the judge's records, the viewer shows the rubric the row scores (the judged leaves in); a record that does not re-grade leaves the evaluator's.
  const shown = useMemo(() => {
    if (reading.kind !== 'ok') return null;
    try {
      return { ...reading.verdict, rubric: gradedRubric(transcript, reading.verdict) };
    } catch {
      return reading.verdict;
    }
  }, [reading, transcript]);
  const grade = useMemo<TaskGrade | { error: unknown }>(() => {
    try {
      return suite.scoring.grade(suite.deriveRow(transcript));
    } catch (error) {
      return { error };
    }
  }, [suite, transcript]);
  return (
    <article className="tpane" data-testid="transcript-pane" aria-labelledby={headingId ?? own}>
      <h2 id={headingId ?? own} className="mono">
        {transcript.task.task_id}
      </h2>
      <dl className="facts">
        <dt>Task</dt>
        <dd>{transcript.task.title}</dd>
        <dt>Agent</dt>
        <dd>{transcript.agent.label}</dd>
        <dt>Status</dt>
        <dd data-testid="transcript-status">{transcript.status}</dd>
        <dt>Seeds</dt>
        <dd className="mono">
          run {transcript.settings.run_seed}, task {transcript.settings.task_seed}
        </dd>
      </dl>
      {'error' in grade ? (
        <ErrorPanel title="Could not grade this task from its transcript" error={grade.error} />
      ) : (
        <p data-testid="transcript-grade">
          <strong className={grade.pass ? 'pass' : 'fail'}>{grade.pass ? 'pass' : 'fail'}</strong>, score {formatMetric(grade.score)}
          {grade.failed.length > 0 && ` — ${grade.failed.map((c) => `${c.check}: ${c.detail}`).join('; ')}`}
        </p>
      )}
      {reading.kind === 'not-submitted' && (
        <p className="note" data-testid="repro-not-submitted">
          The agent never submitted a package, so there is no verdict to show.
        </p>
      )}
      {reading.kind === 'malformed' && (
        <div className="error-panel" role="alert" data-testid="repro-verdict-malformed">
          <p>
            The verdict recorded with the submission (step {reading.call.step}, {reading.call.call_id}) is not a valid reproduction verdict, so it is not shown:
          </p>
          <ul>
            {reading.issues.map((i, k) => (
              <li key={k} className="mono">
                {i}
              </li>
            ))}
          </ul>
        </div>
      )}
      {reading.kind === 'ok' && shown && <EvidenceViewer verdict={shown} call={reading.call} files={reading.files} />}
      <details>
        <summary>Events ({transcript.events.length})</summary>
        <TranscriptEventList key={`${transcript.task.task_id} ${transcript.timings.started_at}`} events={transcript.events} />
      </details>
    </article>
  );
}
