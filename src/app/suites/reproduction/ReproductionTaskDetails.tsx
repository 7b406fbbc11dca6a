/**
 * A reproduction task as the agent reads it: the claim, its citation, the values the paper reports,
 * the specification (scope, variants, observables, the evidence to deliver, the interface) and the
 * starter package. The bank task also carries the built-in agents' workflows (reference and
 * plausible); they, the rubric and its tolerances are hidden from an agent under test, so this
 * view names each public field it shows and never spreads the task.
 */
import type { ReproductionBankTask } from '../../../core/reproduction/task-schema.ts';

function Lines({ title, items, testId }: { title: string; items: readonly string[]; testId: string }) {
  return (
    <>
      <h3>{title}</h3>
      <ul data-testid={testId}>
        {items.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
    </>
  );
}

export function ReproductionTaskDetails({ task: t }: { task: { task_id: string } }) {
  // The bank was loaded with the reproduction task schema (the route's suite is reproduction).
  const task = t as ReproductionBankTask;
  return (
    <>
      <section className="panel" aria-label="Claim" data-testid="repro-claim-panel">
        <h2>{task.title}</h2>
        <p data-testid="repro-claim">{task.claim}</p>
        <p data-testid="repro-citation">
          Source: {task.citation.text},{' '}
          <a href={`https://doi.org/${encodeURI(task.citation.doi)}`} target="_blank" rel="noreferrer noopener">
            doi:{task.citation.doi}
          </a>
        </p>
        <h3>Reported by the paper</h3>
        <div className="table-scroll">
          <table className="data-table compact" data-testid="repro-reported">
            <thead>
              <tr>
                <th scope="col">Quantity</th>
                <th scope="col">Value</th>
                <th scope="col">Unit</th>
                <th scope="col">Where</th>
              </tr>
            </thead>
            <tbody>
              {task.reported.map((r, i) => (
                <tr key={i}>
                  <th scope="row">{r.quantity}</th>
                  <td className="mono">{String(r.value)}</td>
                  <td>{r.unit}</td>
                  <td>{r.where}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel" aria-label="Specification" data-testid="repro-spec">
        <h2>Specification</h2>
        <dl className="facts">
          <dt>Scope</dt>
          <dd data-testid="repro-scope">{task.spec.scope}</dd>
          <dt>Solver</dt>
          <dd className="mono">{task.solver}</dd>
          <dt>Entry point</dt>
          <dd className="mono">{task.entry}</dd>
        </dl>
        <Lines title="Variants" items={task.spec.variants} testId="repro-variants" />
        <Lines title="Observables" items={task.spec.observables} testId="repro-observables" />
        <Lines title="Required evidence" items={task.spec.evidence} testId="repro-evidence" />
        <h3>Interface</h3>
        <p data-testid="repro-interface">{task.spec.interface}</p>
      </section>
      <section className="panel" aria-label="Starter package">
        <h2>Starter package</h2>
        {task.starter.length === 0 && <p className="note">The package starts empty.</p>}
        {task.starter.map((f) => (
          <div key={f.path} data-testid="repro-starter-file" data-path={f.path}>
            <h3 className="mono">{f.path}</h3>
            <pre className="code-block">{f.text}</pre>
          </div>
        ))}
        <p className="note">
          The evaluator replays the submitted package from scratch and grades it with a hidden rubric (evaluator <span className="mono">{task.evaluator_version}</span>). The reference workflow, the rubric and its tolerances are not shown.
        </p>
      </section>
    </>
  );
}
