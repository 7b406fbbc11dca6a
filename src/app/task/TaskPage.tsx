import { BankGate } from '../components/BankGate.tsx';
import { routeHref } from '../routing/route.ts';
import type { SuiteView } from '../suites/suite-view.ts';

/** One task of any suite: its id and facets, then the suite's own task card (SuiteView.TaskDetails). */
export function TaskPage({ view, taskId, query }: { view: SuiteView; taskId: string; query: URLSearchParams }) {
  const suiteId = view.suite.descriptor.id;
  const backHref = routeHref({ name: 'suite', suiteId, query });
  return (
    <>
      <p className="breadcrumb">
        <a href={backHref}>← {view.suite.descriptor.title} tasks</a>
      </p>
      <BankGate suite={view.suite}>
        {(bank) => {
          const task = bank.tasks.find((t) => t.task_id === taskId);
          if (!task) {
            return (
              <div className="error-panel" role="alert">
                <strong>No task with id “{taskId}” in this bank.</strong>
              </div>
            );
          }
          // Keyed by id so per-task state (revealed reference, P3 variant) resets between tasks.
          return (
            <article key={task.task_id} className="task-view">
              <header>
                <h1 className="mono" data-testid="task-id">
                  {task.task_id}
                </h1>
                <p className="tags">
                  {view.facets.map((f) => (
                    <span key={f.key} className="tag" title={f.label}>
                      {f.key === 'difficulty' ? `difficulty ${f.of(task)}` : f.of(task)}
                    </span>
                  ))}
                </p>
              </header>
              <view.TaskDetails task={task} />
            </article>
          );
        }}
      </BankGate>
    </>
  );
}
