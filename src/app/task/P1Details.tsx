import type { P1Task } from '../../core/veh/task-schema.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';

export function P1Details({ task }: { task: P1Task }) {
  return (
    <section className="panel" aria-labelledby="p1-heading">
      <h2 id="p1-heading">Design brief</h2>
      <p className="note">
        The brief as the agent reads it: fields may be missing, contradictory or padded with distractors. The agent must
        propose a design, declare the brief infeasible, or ask for the missing information.
      </p>
      <JsonBlock value={task.spec} testId="p1-spec" />
    </section>
  );
}
