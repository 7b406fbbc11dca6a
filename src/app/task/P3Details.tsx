import type { P3Task } from '../../core/veh/task-schema.ts';
import { formatNumber } from '../format.ts';
import { DesignTable } from './DesignTable.tsx';

export function P3Details({ task }: { task: P3Task }) {
  return (
    <section className="panel" aria-labelledby="p3-heading">
      <h2 id="p3-heading">Recovery task</h2>
      <dl className="facts">
        <dt>Trap type</dt>
        <dd>{task.trap_type}</dd>
        <dt>Built from</dt>
        <dd className="mono">
          {task.source_p2_task_id} ({task.source_p2_subtype})
        </dd>
        <dt>Queries left</dt>
        <dd>{task.query_budget_remaining}</dd>
        <dt>Trap violates</dt>
        <dd>{task.trap_violations.join(', ') || '—'}</dd>
        <dt>Dormant constraint</dt>
        <dd>{task.dormant_constraint}</dd>
      </dl>
      <div className="table-scroll">
        <table className="data-table compact">
          <caption>Corrupted history (as the agent sees it in the raw-history variant)</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Feasible</th>
              <th scope="col">Power (µW)</th>
              <th scope="col">Violations</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {task.corrupted_history.map((h) => (
              <tr key={h.step}>
                <td>{h.step}</td>
                <td>{h.verifier_response.feasible ? 'yes' : 'no'}</td>
                <td>{formatNumber(h.verifier_response.metrics['load_power_uw'])}</td>
                <td>{h.verifier_response.violations.join(', ') || '—'}</td>
                <td>{h.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DesignTable caption="Trap design (where the trajectory ends)" design={task.trap_design.design} result={task.trap_design} />
    </section>
  );
}
