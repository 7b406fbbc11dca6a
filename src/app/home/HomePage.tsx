import type { AnySuite } from '../../core/suite/contract.ts';
import { useSuiteBank } from '../data/use-suite-bank.ts';
import { routeHref, type Route } from '../routing/route.ts';
import { SUITE_VIEWS } from '../suites/registry.ts';
import type { SuiteView } from '../suites/suite-view.ts';

/** The pages the home page links to, all without a query. */
type LinkedPage = Extract<Route, { query: URLSearchParams }> & { name: 'playground' | 'settings' | 'runs' | 'leaderboard' | 'analyses' };
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
          {SUITE_VIEWS.map((view) => (
            <SuiteCard key={view.suite.descriptor.id} view={view} />
          ))}
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

/** The suite's task groups, each with the headline it is ranked on. */
function GroupList({ suite }: { suite: AnySuite }) {
  return (
    <dl className="probe-list">
      {suite.groups.ids.map((g) => (
        <div key={g}>
          <dt>{g}</dt>
          <dd>headline: {suite.groups.headline[g]?.label ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One registered suite: what it tests, how many tasks its shipped bank holds, and where to browse and run it. */
function SuiteCard({ view }: { view: SuiteView }) {
  const { suite } = view;
  const id = suite.descriptor.id;
  const bank = useSuiteBank(suite);
  const q = new URLSearchParams();
  return (
    <li className="suite-card" data-testid={`suite-card-${id}`}>
      <h3>
        <a href={routeHref({ name: 'suite', suiteId: id, query: q })}>{suite.descriptor.title}</a>
      </h3>
      <p>
        {suite.descriptor.summary} <span className="note">({suite.descriptor.citation})</span>{' '}
        <strong data-testid={`suite-${id}-count`}>{bank.data ? `${bank.data.tasks.length} tasks` : bank.isError ? 'bank not loaded' : 'loading…'}</strong>
      </p>
      <GroupList suite={suite} />
      <p className="actions">
        <a className="button" href={routeHref({ name: 'suite', suiteId: id, query: q })}>
          Browse tasks
        </a>
        <a className="button" href={routeHref({ name: 'run', suiteId: id, query: q })}>
          Run an agent
        </a>
      </p>
    </li>
  );
}
