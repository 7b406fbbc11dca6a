import type { P2Task } from '../../core/veh/task-schema.ts';
import { DesignTable } from './DesignTable.tsx';

export function P2Details({ task }: { task: P2Task }) {
  return (
    <section className="panel" aria-labelledby="p2-heading">
      <h2 id="p2-heading">Search task</h2>
      <dl className="facts">
        <dt>Objective</dt>
        <dd>{task.objective}</dd>
        <dt>Query budget</dt>
        <dd>{task.query_budget}</dd>
        <dt>Domain</dt>
        <dd>{task.domain}</dd>
      </dl>
      <DesignTable caption="Seed design and its oracle verdict" design={task.initial_design} result={task.initial_result} />
    </section>
  );
}
