import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { routeHref } from '../routing/route.ts';
import { suiteView } from '../suites/registry.ts';
import { GALLERY_SUITE_ID } from './gallery-suite.ts';
import { useTaskRuns } from './use-task-runs.ts';

/** Links to this task in every stored run that has it (model runs first: theirs are the transcripts worth reading). */
export function StoredTaskRuns({ taskId }: { taskId: string }) {
  const view = suiteView(GALLERY_SUITE_ID);
  const { runs, pending, error } = useTaskRuns(GALLERY_SUITE_ID, taskId);
  const sorted = [...runs].sort((a, b) => Number(b.summary.model !== null) - Number(a.summary.model !== null));
  return (
    <section className="panel" aria-labelledby="gallery-stored" data-testid="gallery-stored-runs">
      <h2 id="gallery-stored">Stored transcripts on this task</h2>
      {error !== null && <ErrorPanel title="The stored runs could not be read" error={error} />}
      {pending && error === null && <p className="note">Reading the runs stored in this browser…</p>}
      {!pending && sorted.length === 0 && (
        <p className="note">
          No stored run in this browser includes this task. Runs made on the <a href={routeHref({ name: 'run', suiteId: GALLERY_SUITE_ID, query: new URLSearchParams() })}>Run page</a> or imported on the{' '}
          <a href={routeHref({ name: 'runs', query: new URLSearchParams() })}>Runs page</a> appear here.
        </p>
      )}
      {sorted.length > 0 && (
        <ul>
          {sorted.map(({ summary, task }) => {
            const outcome = view.suite.scoring.outcome(task.row);
            return (
              <li key={summary.store_id} data-testid="gallery-stored-run">
                <a href={routeHref({ name: 'run-detail', storeId: summary.store_id, taskIndex: task.task_index, query: new URLSearchParams() })}>{summary.label}</a>{' '}
                <span className="note">
                  ({summary.model !== null ? 'model run' : 'built-in agent'}, {summary.source}, {summary.started_at.slice(0, 10)})
                </span>{' '}
                <span className={outcome.pass ? 'pass' : 'fail'}>{outcome.pass ? 'pass' : 'fail'}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
