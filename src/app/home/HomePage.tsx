import { useVehBank } from '../data/use-veh-bank.ts';
import { routeHref, type Route } from '../routing/route.ts';

const PROBES = [
  { id: 'P1', name: 'Specification triage', what: 'propose, declare infeasible, or ask for missing information' },
  { id: 'P2', name: 'Verifier-guided search', what: 'improve a seed design under a query budget with oracle feedback' },
  { id: 'P3', name: 'Corrupted-state recovery', what: 'recover from a misleading trajectory that ends in a trap' },
  { id: 'P4', name: 'Policy-conditioned selection', what: 'rank five feasible candidates under a stated policy' },
] as const;

/** The paper's count; the card shows the loaded bank's own count once it is known. */
const PUBLISHED_TASK_COUNT = 763;

/** The pages the home page links to, all without a query. */
type LinkedPage = Extract<Route, { query: URLSearchParams }> & { name: 'suite' | 'run' | 'playground' | 'settings' | 'runs' | 'leaderboard' | 'analyses' };
const href = (name: LinkedPage['name']): string => routeHref({ name, query: new URLSearchParams() });

export function HomePage() {
  return (
    <>
      <section className="intro">
        <h1>Proving Ground</h1>
        <p>
          A benchmark playground that runs in your browser. Agents — built-in scripted baselines, or your own LLM through an
          OpenAI-compatible, Anthropic or Gemini endpoint — are given engineering design tasks, and every answer is scored by a
          real simulation oracle running locally in a web worker.
        </p>
        <p data-testid="home-privacy">
          The oracles and the scoring run in this page. What goes out is only what you ask for: a “Your model” run (and its
          connection test) sends model requests straight from this page to the endpoint you configure, and a results link you
          open is fetched from where it points. Runs and settings are kept in this browser.
        </p>
      </section>
      <section aria-labelledby="suites-heading">
        <h2 id="suites-heading">Suites</h2>
        <ul className="suite-list">
          <VehSuiteCard />
          <CircuitSuiteCard />
        </ul>
      </section>
      <section aria-labelledby="more-heading">
        <h2 id="more-heading">Also here</h2>
        <ul className="home-links" data-testid="home-links">
          <li>
            <a href={href('playground')}>Photonics playground</a>: the photonics solvers (Mie, thin films, waveguide modes,
            circuits, gratings, bands, DDA, EME, inverse design) on problems you edit.
          </li>
          <li>
            <a href={href('runs')}>Runs</a>: every run kept in this browser, with export, import, replay verification and delete.
          </li>
          <li>
            <a href={href('leaderboard')}>Leaderboard</a> and <a href={href('analyses')}>Analyses</a>: the stored runs ranked
            with 95&nbsp;% intervals, and the paper's tables from them.
          </li>
          <li>
            <a href={href('settings')}>Model settings</a>: connect your own model (endpoint, model id, key, budgets).
          </li>
        </ul>
      </section>
    </>
  );
}

function ProbeList() {
  return (
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
  );
}

function VehSuiteCard() {
  const bank = useVehBank();
  const taskCount = bank.data?.tasks.length ?? PUBLISHED_TASK_COUNT;
  return (
    <li className="suite-card" data-testid="suite-card-veh">
      <h3>
        <a href={href('suite')}>VEHBench</a>
      </h3>
      <p>
        Piezoelectric cantilever vibration energy harvester design, scored by the analytical single-mode oracle of the
        VEHBench paper (Su, Luo &amp; Hu, 2026). <strong data-testid="suite-veh-count">{taskCount} tasks</strong>, four probes:
      </p>
      <ProbeList />
      <p className="actions">
        <a className="button" href={href('suite')}>
          Browse tasks
        </a>
        <a className="button" href={href('run')}>
          Run an agent
        </a>
      </p>
    </li>
  );
}

/** The Appendix R audit suite: real and scored, but only the CLI runs it so far — say so rather than link to nothing. */
function CircuitSuiteCard() {
  return (
    <li className="suite-card" data-testid="suite-card-circuit">
      <h3>Circuit audit (Appendix R)</h3>
      <p>
        A second, closed-form domain — RC and RL low-pass filters, the series RLC band-pass and a loaded voltage divider — that
        checks the same four probes still separate agents when the physics changes. 106 tasks (P1 32, P2 32, P3 18, P4 24).
      </p>
      <p className="note" data-testid="circuit-cli-only">
        This page does not run it yet: it runs from the command line only, for example{' '}
        <code>npx proving-ground run --suite circuit --agent reference --out runs/circ-ref</code>.
      </p>
    </li>
  );
}
