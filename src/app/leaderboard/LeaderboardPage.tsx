import { filtersFromQuery } from '../../core/leaderboard/filters.ts';
import { metricKeys } from '../../core/leaderboard/leaderboard.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { RunPairPicker } from '../compare/RunPairPicker.tsx';
import { navigate } from '../routing/use-hash-route.ts';
import { LeaderboardFilterBar } from './LeaderboardFilterBar.tsx';
import { viewFromQuery, withParams } from './leaderboard-view.ts';
import { ProbeLeaderboard } from './ProbeLeaderboard.tsx';
import { SuiteOverview } from './SuiteOverview.tsx';
import { useScoredRuns } from './use-scored-runs.ts';
import { DEFAULT_SUITE_ID, hasSuiteView, suiteView } from '../suites/registry.ts';

/**
 * Leaderboards (`#/leaderboard?suite=…`) over every stored and imported run of one suite: all its
 * stages side by side, or one stage ranked on any of its metrics (headline, diagnostics, error families). View and
 * filters live in the URL.
 */
export function LeaderboardPage({ query }: { query: URLSearchParams }) {
  const scored = useScoredRuns();
  const asked = query.get('suite');
  // Without ?suite=, the board of the newest stored run's suite: someone who has run only the
  // reproduction suite should not land on an empty VEH board.
  const newest = scored.summaries.find((s) => hasSuiteView(s.suite))?.suite;
  const suite = suiteView(asked !== null && hasSuiteView(asked) ? asked : (newest ?? DEFAULT_SUITE_ID)).suite;
  const suiteId = suite.descriptor.id;
  // Boards are per suite: a run is ranked only against runs of its own benchmark.
  const runs = scored.runs.filter((r) => r.summary.suite === suiteId);
  const view = viewFromQuery(suite, query);
  const filters = filtersFromQuery(query);
  const onChange = (changes: Record<string, string | null>) => navigate({ name: 'leaderboard', query: withParams(query, changes) }, { replace: true });
  const keys = view.kind === 'probe' ? metricKeys(runs, view.probe) : [];
  return (
    <>
      <h1>Leaderboard</h1>
      <p className="intro">
        Every run stored in this browser, local or imported, scored again from its task rows with the run's own seed, so a value and its
        95 % interval never rest on what a file claims. Badges say how far an entry can be trusted: replay-verified, run here, or an
        unverified import. Pick a stage to rank runs on any of its metrics; error families rank lowest first.
      </p>
      <LeaderboardFilterBar suite={suite} query={query} view={view} metricKeys={keys} summaries={scored.summaries} onChange={onChange} />
      {scored.error !== null && <ErrorPanel title="Some stored runs could not be read" error={scored.error} onRetry={scored.refetch} />}
      {scored.pending && <Loading what="and scoring the stored runs" />}
      <section className="panel" aria-labelledby="lb-heading">
        <h2 id="lb-heading">{view.kind === 'suite' ? `${suite.descriptor.title}: all stages` : `${suite.descriptor.title} · ${view.probe} stage`}</h2>
        {view.kind === 'suite' ? <SuiteOverview suite={suite} runs={runs} filters={filters} /> : <ProbeLeaderboard suite={suite} runs={runs} probe={view.probe} metric={view.metric} filters={filters} />}
      </section>
      <section className="panel" aria-labelledby="lb-compare-heading">
        <h2 id="lb-compare-heading">Compare two runs</h2>
        {scored.summaries.length > 0 && <RunPairPicker key={scored.summaries.map((s) => s.store_id).join('|')} summaries={scored.summaries.filter((s) => s.suite === suiteId)} />}
      </section>
    </>
  );
}
