/**
 * A spec-to-design task as the agent reads it: the specification, the design interface, the
 * materials, the budgets, c and what it rests on, the published device of a Reimplementation, and
 * the starter source. The reference source is privileged (only the reference agent reads it) and
 * is not shown.
 */
import type { DesignTask } from '../../../core/design/task-schema.ts';

function Lines({ title, items, testId }: { title: string; items: readonly string[]; testId: string }) {
  return (
    <>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="note">None.</p>
      ) : (
        <ul data-testid={testId}>
          {items.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function DesignTaskDetails({ task: t }: { task: { task_id: string } }) {
  // The bank was loaded with the design task schema (the route's suite is design).
  const task = t as DesignTask;
  return (
    <>
      <section className="panel" aria-label="Specification" data-testid="design-spec">
        <h2>{task.title}</h2>
        <p data-testid="design-summary">{task.spec.summary}</p>
        <Lines title="Requirements" items={task.spec.requirements} testId="design-requirements" />
        <Lines title="Constraints" items={task.spec.constraints} testId="design-constraints" />
        <h3>Objective</h3>
        <dl className="facts" data-testid="design-objective">
          <dt>J</dt>
          <dd>
            {task.spec.objective.description} ({task.spec.objective.unit}; lower is better)
          </dd>
          <dt>c</dt>
          <dd>
            <span className="mono">{task.c}</span> {task.spec.objective.unit} — {task.c_basis}
          </dd>
          <dt>Score</dt>
          <dd>S = 1/(1 + J/c) for a design that passes every gate, 0 otherwise</dd>
          <dt>Probe budget</dt>
          <dd data-testid="design-probe-budget">{task.probe_budget} evaluator probes, then one submission</dd>
          <dt>Wall clock</dt>
          <dd>{task.wall_clock_s / 60} minutes</dd>
          <dt>Simulators</dt>
          <dd className="mono">{task.tools.join(', ') || '—'}</dd>
        </dl>
        {task.citation && (
          <p data-testid="design-citation">
            Published device: {task.citation.text},{' '}
            <a href={`https://doi.org/${encodeURI(task.citation.doi)}`} target="_blank" rel="noreferrer noopener">
              doi:{task.citation.doi}
            </a>
          </p>
        )}
      </section>
      <section className="panel" aria-label="Design interface">
        <h2>Design interface</h2>
        <Lines title="Calls the task reads" items={task.interface} testId="design-interface" />
        <Lines title="Materials" items={task.materials} testId="design-materials" />
        <h3>Starter source</h3>
        <pre className="code-block" data-testid="design-starter">
          {task.starter_source}
        </pre>
        <p className="note">The evaluator version these tasks were pinned with: <span className="mono">{task.evaluator_version}</span>. The reference design is privileged and not shown.</p>
      </section>
    </>
  );
}
