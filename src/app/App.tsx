import { HomePage } from './home/HomePage.tsx';
import { SuiteBrowserPage } from './browser/SuiteBrowserPage.tsx';
import { TaskPage } from './task/TaskPage.tsx';
import { RunPage } from './run/RunPage.tsx';
import { PlaygroundPage } from './playground/PlaygroundPage.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';
import { RunsPage } from './runs/RunsPage.tsx';
import { RunDetailPage } from './runs/RunDetailPage.tsx';
import { LeaderboardPage } from './leaderboard/LeaderboardPage.tsx';
import { ComparePage } from './compare/ComparePage.tsx';
import { AnalysesPage } from './analyses/AnalysesPage.tsx';
import { GalleryPage } from './gallery/GalleryPage.tsx';
import { GALLERY_SUITE_ID } from './gallery/gallery-suite.ts';
import { OracleStatus } from './components/OracleStatus.tsx';
import { ResultsUrlStatus } from './runs/ResultsUrlStatus.tsx';
import { ErrorPanel } from './components/ErrorPanel.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './components/SkipLink.tsx';
import { useHashRoute } from './routing/use-hash-route.ts';
import { routeHref, type Route } from './routing/route.ts';
import { useSuiteEnvironment } from './data/use-suite-environment.ts';
import { DEFAULT_SUITE_ID, hasSuiteView, SUITE_VIEWS, suiteView } from './suites/registry.ts';

/** The suite the current page is about (its worker's status is in the header); the default elsewhere. */
function routeSuiteId(route: Route): string {
  if (route.name === 'gallery') return GALLERY_SUITE_ID;
  return 'suiteId' in route && hasSuiteView(route.suiteId) ? route.suiteId : DEFAULT_SUITE_ID;
}

export function App() {
  const route = useHashRoute();
  const suiteId = routeSuiteId(route);
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <a className="brand" href="#/">
          Proving Ground
        </a>
        <nav aria-label="Main">
          {SUITE_VIEWS.map((v) => (
            <a
              key={v.suite.descriptor.id}
              href={routeHref({ name: 'suite', suiteId: v.suite.descriptor.id, query: new URLSearchParams() })}
              aria-current={(route.name === 'suite' || route.name === 'task') && route.suiteId === v.suite.descriptor.id ? 'page' : undefined}
            >
              {v.navLabel}
            </a>
          ))}
          <a href={routeHref({ name: 'run', suiteId, query: new URLSearchParams() })} aria-current={route.name === 'run' ? 'page' : undefined}>
            Run
          </a>
          <a href={routeHref({ name: 'runs', query: new URLSearchParams() })} aria-current={route.name === 'runs' || route.name === 'run-detail' ? 'page' : undefined}>
            Runs
          </a>
          <a href={routeHref({ name: 'leaderboard', query: new URLSearchParams() })} aria-current={route.name === 'leaderboard' || route.name === 'compare' ? 'page' : undefined}>
            Leaderboard
          </a>
          <a href={routeHref({ name: 'analyses', query: new URLSearchParams() })} aria-current={route.name === 'analyses' ? 'page' : undefined}>
            Analyses
          </a>
          <a href={routeHref({ name: 'gallery', taskId: null, query: new URLSearchParams() })} aria-current={route.name === 'gallery' ? 'page' : undefined}>
            Gallery
          </a>
          <a href={routeHref({ name: 'playground', query: new URLSearchParams() })} aria-current={route.name === 'playground' ? 'page' : undefined}>
            Photonics playground
          </a>
          <a href={routeHref({ name: 'settings', query: new URLSearchParams() })} aria-current={route.name === 'settings' ? 'page' : undefined}>
            Model settings
          </a>
        </nav>
        <OracleStatus suiteId={suiteId} />
      </header>
      <OracleErrorBanner suiteId={suiteId} />
      {/* tabIndex -1: the skip link can focus it, Tab does not stop on it. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* On every route: a refused or failed `?results=` link must show wherever the page opens. */}
        <ResultsUrlStatus />
        <RouteView route={route} />
      </main>
      <footer className="site-footer">
        <p>
          Runs entirely in this browser: the oracles (VEHBench's analytical cantilever model, the circuit audit's closed-form circuits, the photonics solvers) run as
          WebAssembly in Web Workers, and model requests go straight from this page to the endpoint you configure. Task
          and transcript text is shown as text, never as markup.
        </p>
      </footer>
    </>
  );
}

function RouteView({ route }: { route: Route }) {
  switch (route.name) {
    case 'home':
      return <HomePage />;
    case 'suite':
    case 'task':
    case 'run': {
      if (!hasSuiteView(route.suiteId)) return <NoSuchSuite id={route.suiteId} />;
      const view = suiteView(route.suiteId);
      if (route.name === 'suite') return <SuiteBrowserPage view={view} query={route.query} />;
      if (route.name === 'task') return <TaskPage view={view} taskId={route.taskId} query={route.query} />;
      return <RunPage view={view} query={route.query} />;
    }
    case 'playground':
      return <PlaygroundPage query={route.query} />;
    case 'settings':
      return <SettingsPage query={route.query} />;
    case 'runs':
      return <RunsPage query={route.query} />;
    case 'run-detail':
      return <RunDetailPage storeId={route.storeId} taskIndex={route.taskIndex} query={route.query} />;
    case 'leaderboard':
      return <LeaderboardPage query={route.query} />;
    case 'compare':
      return <ComparePage query={route.query} />;
    case 'analyses':
      return <AnalysesPage query={route.query} />;
    case 'gallery':
      return <GalleryPage taskId={route.taskId} />;
    case 'not-found':
      return (
        <div className="error-panel" role="alert">
          <strong>No page at “{route.path}”.</strong> <a href="#/">Go home</a>
        </div>
      );
  }
}

function NoSuchSuite({ id }: { id: string }) {
  return (
    <div className="error-panel" role="alert">
      <strong>This build has no suite “{id}”.</strong> It has {SUITE_VIEWS.map((v) => v.suite.descriptor.id).join(', ')}. <a href="#/">Go home</a>
    </div>
  );
}

/** A worker that cannot start is worth saying on every page, with a way to try again. */
function OracleErrorBanner({ suiteId }: { suiteId: string }) {
  const oracle = useSuiteEnvironment(suiteId);
  if (!oracle.isError) return null;
  return <ErrorPanel title="The simulation oracle (web worker) could not start" error={oracle.error} onRetry={() => void oracle.refetch()} />;
}
