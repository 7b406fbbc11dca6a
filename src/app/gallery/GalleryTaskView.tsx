import { useQuery } from '@tanstack/react-query';
import { galleryEntryAsync, type GalleryEntry } from '../../core/photonics-agent/gallery.ts';
import type { PhotonicsTask } from '../../core/photonics-agent/task-schema.ts';
import type { WorkerPhotonics } from '../../adapters/browser/worker-photonics.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { usePhotonicsWorker } from '../playground/use-photonics-worker.ts';
import { routeHref } from '../routing/route.ts';
import { GallerySideView } from './GallerySideView.tsx';
import { LiveAgentRuns } from './LiveAgentRuns.tsx';
import { StoredTaskRuns } from './StoredTaskRuns.tsx';
import { setupDiff, showSetupValue } from './setup-diff.ts';

/** Both sides solved in the worker (never on the page's thread), once per task and worker. */
function useGalleryEntry(task: PhotonicsTask, worker: WorkerPhotonics | undefined) {
  return useQuery({
    queryKey: ['gallery-entry', task.task_id, worker ?? null],
    queryFn: () => galleryEntryAsync(task, async (p) => (await (worker as WorkerPhotonics).solve(p)).result),
    enabled: worker !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** One gallery task: prompt, what separates the setups, the two sides with their plots, live runs, stored runs. */
export function GalleryTaskView({ task }: { task: PhotonicsTask }) {
  const worker = usePhotonicsWorker();
  const entry = useGalleryEntry(task, worker.data);
  const permalink = routeHref({ name: 'gallery', taskId: task.task_id, query: new URLSearchParams() });
  return (
    <article className="gallery-task" data-testid="gallery-task">
      <header>
        <h1>{task.title}</h1>
        <p className="tags">
          <span className={`tag${task.category === 'warning' ? ' warning' : ''}`}>{task.category}</span> <span className="tag">{task.kind}</span>{' '}
          <a className="mono" href={permalink} data-testid="gallery-permalink" title="Permalink to this gallery task">
            {task.task_id}
          </a>
        </p>
      </header>
      <section aria-labelledby="gallery-prompt">
        <h2 id="gallery-prompt">The question</h2>
        <blockquote className="gallery-prompt" data-testid="gallery-prompt">
          {task.prompt}
        </blockquote>
      </section>
      <SetupDifferences task={task} />
      {worker.isError && <ErrorPanel title="The photonics worker could not start" error={worker.error} onRetry={() => void worker.refetch()} />}
      {entry.isError && <ErrorPanel title="The gallery entry could not be built" error={entry.error} onRetry={() => void entry.refetch()} />}
      {entry.data ? <SolvedEntry task={task} entry={entry.data} /> : !worker.isError && !entry.isError && <Loading what="both setups, solved in the photonics worker" />}
      <LiveAgentRuns task={task} />
      <StoredTaskRuns taskId={task.task_id} />
    </article>
  );
}

function SetupDifferences({ task }: { task: PhotonicsTask }) {
  const diffs = setupDiff(task.naive_problem, task.reference_problem);
  if (diffs.length === 0) {
    return (
      <p className="note" data-testid="gallery-setup-same">
        Both sides solve the same problem: what separates them is what the answer says about it.
      </p>
    );
  }
  return (
    <section aria-labelledby="gallery-diff">
      <h2 id="gallery-diff">What the careless setup gets wrong</h2>
      <table className="data-table" data-testid="gallery-setup-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Naive</th>
            <th scope="col">Careful</th>
          </tr>
        </thead>
        <tbody>
          {diffs.map((d) => (
            <tr key={d.path}>
              <th scope="row" className="mono">
                {d.path === '' ? '(whole problem)' : d.path}
              </th>
              <td className="mono">{showSetupValue(d.naive, d.path === '')}</td>
              <td className="mono">{showSetupValue(d.reference, d.path === '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function SolvedEntry({ task, entry }: { task: PhotonicsTask; entry: GalleryEntry }) {
  return (
    <>
      <section className="panel gallery-separating" aria-labelledby="gallery-sep" data-testid="gallery-separating">
        <h2 id="gallery-sep">The check that separates them</h2>
        {entry.separating.length === 0 && <p>No required check tells the two answers apart on this build.</p>}
        <ul>
          {entry.separating.map((s) => (
            <li key={s.name}>
              <strong className="mono">{s.name}</strong>: the naive answer fails it ({s.reason}); the careful one passes.
            </li>
          ))}
        </ul>
        <p>{entry.explanation}</p>
      </section>
      <div className="gallery-sides">
        <GallerySideView task={task} side={entry.naive} which="naive" />
        <GallerySideView task={task} side={entry.reference} which="reference" />
      </div>
    </>
  );
}
