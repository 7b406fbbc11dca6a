/**
 * The educators' gallery (`#/gallery`, `#/gallery/<task_id>`): every trap, pushback and warning task
 * of the photonics agent suite, each with the careless setup beside the careful one, their plots,
 * the check that separates them, live runs of the naive and oracle agents, and the stored runs that
 * include it. The index needs only the bank; a task page solves its two sides in the photonics worker.
 */
import { useMemo } from 'react';
import { z } from 'zod';
import { galleryTasks } from '../../core/photonics-agent/gallery.ts';
import { PhotonicsTaskSchema, type PhotonicsTask } from '../../core/photonics-agent/task-schema.ts';
import { BankGate } from '../components/BankGate.tsx';
import type { LoadedBank } from '../data/use-suite-bank.ts';
import { routeHref } from '../routing/route.ts';
import { suiteView } from '../suites/registry.ts';
import { GalleryTaskView } from './GalleryTaskView.tsx';
import { GALLERY_SUITE_ID } from './gallery-suite.ts';


const CATEGORY_NOTES: Readonly<Record<string, string>> = {
  trap: 'The question hides a setup mistake (units, conventions, a wrong side or radius); the careless solve answers confidently and wrongly.',
  pushback: 'The request cannot be met as asked; the careful answer declines and says why.',
  warning: 'The numbers are fine only with a caveat the solver warns about; the careful answer passes it on.',
};

/** The bank's tasks as the gallery reads them: the suite's task schema, checked again at this boundary. */
function useGalleryTasks(bank: LoadedBank): PhotonicsTask[] {
  return useMemo(() => galleryTasks(z.array(PhotonicsTaskSchema).parse(bank.tasks)), [bank]);
}

export function GalleryPage({ taskId }: { taskId: string | null }) {
  const view = suiteView(GALLERY_SUITE_ID);
  return <BankGate suite={view.suite}>{(bank) => (taskId === null ? <GalleryIndex bank={bank} /> : <GalleryTask bank={bank} taskId={taskId} />)}</BankGate>;
}

function GalleryIndex({ bank }: { bank: LoadedBank }) {
  const tasks = useGalleryTasks(bank);
  const categories = [...new Set(tasks.map((t) => t.category))];
  return (
    <section className="gallery-index" aria-labelledby="gallery-heading">
      <h1 id="gallery-heading">Educators’ gallery</h1>
      <p>
        Every trap, pushback and warning task of the photonics agent suite, with the careless setup beside the careful one, each solved in this browser and
        plotted, and the check that tells them apart. Open a task to see both, and to run the naive and the oracle agent on it live.
      </p>
      {categories.map((c) => (
        <section key={c} aria-labelledby={`gallery-${c}`}>
          <h2 id={`gallery-${c}`}>
            {c} <span className="note">({tasks.filter((t) => t.category === c).length})</span>
          </h2>
          {CATEGORY_NOTES[c] && <p className="note">{CATEGORY_NOTES[c]}</p>}
          <table className="data-table gallery-table">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Kind</th>
                <th scope="col">Title</th>
              </tr>
            </thead>
            <tbody>
              {tasks
                .filter((t) => t.category === c)
                .map((t) => (
                  <tr key={t.task_id} data-testid="gallery-row" data-task-id={t.task_id}>
                    <td>
                      <span className={`tag${t.category === 'warning' ? ' warning' : ''}`}>{t.category}</span>
                    </td>
                    <td className="mono">{t.kind}</td>
                    <td>
                      <a href={routeHref({ name: 'gallery', taskId: t.task_id, query: new URLSearchParams() })}>{t.title}</a>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}

function GalleryTask({ bank, taskId }: { bank: LoadedBank; taskId: string }) {
  const tasks = useGalleryTasks(bank);
  const task = tasks.find((t) => t.task_id === taskId);
  return (
    <>
      <p className="breadcrumb">
        <a href={routeHref({ name: 'gallery', taskId: null, query: new URLSearchParams() })}>← Educators’ gallery</a>
      </p>
      {task ? (
        // Keyed by id: a live run's verdict or a solved entry never carries over into another task.
        <GalleryTaskView key={task.task_id} task={task} />
      ) : (
        <div className="error-panel" role="alert">
          <strong>The gallery has no task “{taskId}”.</strong> It shows the trap, pushback and warning tasks of the photonics agent suite.
        </div>
      )}
    </>
  );
}
