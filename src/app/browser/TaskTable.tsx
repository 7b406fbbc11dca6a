import { useState } from 'react';
import { routeHref } from '../routing/route.ts';
import { Pagination } from './Pagination.tsx';
import type { PageFacet, Task } from './task-filters.ts';

const PAGE_SIZE = 50;

interface TaskTableProps {
  suiteId: string;
  /** One column per facet (the suite view's). */
  facets: readonly PageFacet[];
  tasks: readonly Task[];
  /** Carried into task links so "back to the list" keeps the selection. */
  query: URLSearchParams;
}

/**
 * Paginated so that the full 763-task bank renders a fixed 50 rows; remount it (key) when the
 * filters change to start again from page one.
 */
export function TaskTable({ suiteId, facets, tasks, query }: TaskTableProps) {
  const [page, setPage] = useState(0);
  const pageCount = Math.max(1, Math.ceil(tasks.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const visible = tasks.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  return (
    <>
      <div className="table-scroll">
        <table className="data-table" data-testid="task-table">
          <thead>
            <tr>
              <th scope="col">Task id</th>
              {facets.map((f) => (
                <th key={f.key} scope="col">
                  {f.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((task) => (
              <tr key={task.task_id} data-testid="task-row">
                <td>
                  <a className="mono" href={routeHref({ name: 'task', suiteId, taskId: task.task_id, query })}>
                    {task.task_id}
                  </a>
                </td>
                {facets.map((f) => (
                  <td key={f.key}>{f.of(task)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={current} pageCount={pageCount} onPage={setPage} />
    </>
  );
}
