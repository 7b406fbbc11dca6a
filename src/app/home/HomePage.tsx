import { useVehBank } from '../data/use-veh-bank.ts';
import { routeHref } from '../routing/route.ts';

const PROBES = [
  { id: 'P1', name: 'Specification triage', what: 'propose, declare infeasible, or ask for missing information' },
  { id: 'P2', name: 'Verifier-guided search', what: 'improve a seed design under a query budget with oracle feedback' },
  { id: 'P3', name: 'Corrupted-state recovery', what: 'recover from a misleading trajectory that ends in a trap' },
  { id: 'P4', name: 'Policy-conditioned selection', what: 'rank five feasible candidates under a stated policy' },
] as const;

/** The paper's count; the card shows the loaded bank's own count once it is known. */
const PUBLISHED_TASK_COUNT = 763;

export function HomePage() {
  const bank = useVehBank();
  const taskCount = bank.data?.tasks.length ?? PUBLISHED_TASK_COUNT;
  return (
    <>
      <section className="intro">
        <h1>Proving Ground</h1>
        <p>
          A benchmark playground that runs entirely in your browser. Agents — built-in scripted baselines today, LLM
          endpoints later — are given engineering design tasks, and every answer is scored by a real simulation oracle
          running locally in a web worker. Nothing is sent anywhere.
        </p>
        <p>
          Each suite ships its task bank, its oracle and its metrics. Browse the tasks, see exactly what an agent is
          sent, run an agent over a selection and read the metrics with 95&nbsp;% intervals.
        </p>
      </section>
      <section aria-labelledby="suites-heading">
        <h2 id="suites-heading">Suites</h2>
        <ul className="suite-list">
          <li className="suite-card" data-testid="suite-card-veh">
            <h3>
              <a href={routeHref({ name: 'suite', query: new URLSearchParams() })}>VEHBench</a>
            </h3>
            <p>
              Piezoelectric cantilever vibration energy harvester design, scored by the analytical single-mode oracle of
              the VEHBench paper (Su, Luo &amp; Hu, 2026). <strong data-testid="suite-veh-count">{taskCount} tasks</strong>,
              four probes:
            </p>
            <dl className="probe-list">
              {PROBES.map((p) => (
                <div key={p.id}>
                  <dt>
                    {p.id} · {p.name}
                  </dt>
                  <dd>{p.what}</dd>
                </div>
              ))}
            </dl>
            <p className="actions">
              <a className="button" href={routeHref({ name: 'suite', query: new URLSearchParams() })}>
                Browse tasks
              </a>
              <a className="button" href={routeHref({ name: 'run', query: new URLSearchParams() })}>
                Run an agent
              </a>
            </p>
          </li>
        </ul>
      </section>
    </>
  );
}
