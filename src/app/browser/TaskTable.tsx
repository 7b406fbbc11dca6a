import { useState } from 'react';
import type { VehTask } from '../../core/veh/task-schema.ts';
import { routeHref } from '../routing/route.ts';
import { Pagination } from './Pagination.tsx';
import { subtypeOf } from './task-filters.ts';

const PAGE_SIZE = 50;

interface TaskTableProps {
  tasks: readonly VehTask[];
  /** Carried into task links so "back to the list" keeps the selection. */
  query: URLSearchParams;
}

/**
 * Paginated so that the full 763-task bank renders a fixed 50 rows; remount it (key) when the
 * filters change to start again from page one.
 */
export function TaskTable({ tasks, query }: TaskTableProps) {
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
              <th scope="col">Probe</th>
              <th scope="col">Split</th>
              <th scope="col">Subtype</th>
              <th scope="col">Difficulty</th>
              <th scope="col">Anchor</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((task) => (
              <tr key={task.task_id} data-testid="task-row">
                <td>
                  <a className="mono" href={routeHref({ name: 'task', taskId: task.task_id, query })}>
                    {task.task_id}
                  </a>
                </td>
                <td>{task.probe}</td>
                <td>{task.split}</td>
                <td>{subtypeOf(task)}</td>
                <td>{task.difficulty}</td>
                <td className="mono">{task.provenance.anchor_id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={current} pageCount={pageCount} onPage={setPage} />
    </>
  );
}
