import { useMemo } from 'react';
import { analysisOf, checkRunCount, runSuiteAnalysis, type AnalysisInput as AnalysisRun } from '../../core/analyses/suite-analyses.ts';
import type { AnySuite } from '../../core/suite/contract.ts';
import { DEFAULT_SUITE_ID, hasSuiteView, suiteView } from '../suites/registry.ts';
import { SuitePicker } from '../suites/SuitePicker.tsx';
import { DEFAULT_RUN_SEED } from '../../core/run/types.ts';
import type { StoredRunSummary } from '../../core/store/run-store.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { useStoredRuns } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { AnalysisPlot } from './AnalysisPlots.tsx';
import { AnalysisTableView } from './AnalysisTableView.tsx';
import { analysesQuery, analysesViewFromQuery, toggleRun, type AnalysesView } from './analyses-view.ts';
import { useAnalysisRuns } from './use-analysis-runs.ts';

const go = (view: AnalysesView) => navigate({ name: 'analyses', query: analysesQuery(view) }, { replace: true });

/** The P3 prompt form is named when it is not the default, so a raw/summary pair can be told apart. */
const runText = (s: StoredRunSummary): string => {
  const options = s.recipe?.options as { p3Variant?: unknown } | null | undefined;
  return `${s.label}${options?.p3Variant === 'state_summary' ? ' (state summary)' : ''} · ${s.done_count} tasks · ${s.status} · ${s.started_at.slice(0, 16).replace('T', ' ')}`;
};

/** `#/analyses?kind=…&runs=…`: pick stored runs and an analysis; see its tables and plots. */
export function AnalysesPage({ query }: { query: URLSearchParams }) {
  const asked = query.get('suite');
  const suite = suiteView(asked !== null && hasSuiteView(asked) ? asked : DEFAULT_SUITE_ID).suite;
  const view = analysesViewFromQuery(suite, query);
  const list = useStoredRuns();
  // Only this suite's runs can be analysed together.
  const summaries = list.data?.filter((s) => s.suite === suite.descriptor.id);
  return (
    <>
      <h1>Analyses</h1>
      <p className="intro">
        Each suite's analyses over your stored runs of it — for VEHBench: paired deltas with bootstrap intervals (state summary vs raw history, targeted vs neutral control), response-control
        profiles with their rank correlations, stage-aware routing, the SG gap and the CMA-ES matched-budget ratio; for the circuit audit: profile scores and paired deltas. Every number lists
        the runs and tasks it came from. The same tables come from <code>proving-ground analyze</code>.
      </p>
      <SuitePicker testId="analysis-suite" value={suite.descriptor.id} onChange={(id) => navigate({ name: 'analyses', query: new URLSearchParams({ suite: id }) }, { replace: true })} />
      {list.isPending && <Loading what="the stored runs" />}
      {list.isError && <ErrorPanel title="The stored runs could not be read" error={list.error} onRetry={() => void list.refetch()} />}
      {suite.analyses.length === 0 && <p className="note">{suite.descriptor.title} has no analyses yet.</p>}
      {summaries && summaries.length === 0 && (
        <p className="note">
          No stored {suite.descriptor.title} runs yet. <a href={routeHref({ name: 'run', suiteId: suite.descriptor.id, query: new URLSearchParams() })}>Run a built-in agent</a> or import a run on the{' '}
          <a href={routeHref({ name: 'runs', query: new URLSearchParams() })}>Runs</a> page.
        </p>
      )}
      {summaries && summaries.length > 0 && suite.analyses.length > 0 && <Picker suite={suite} view={view} summaries={summaries} />}
      {view.runs.length > 0 && suite.analyses.length > 0 && <Results suite={suite} view={view} />}
    </>
  );
}

function Picker({ suite, view, summaries }: { suite: AnySuite; view: AnalysesView; summaries: readonly StoredRunSummary[] }) {
  const info = analysisOf(suite, view.kind);
  return (
    <form className="pg-an-picker" aria-label="Choose an analysis and runs" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Analysis</legend>
        {suite.analyses.map((a) => (
          <label key={a.kind} className="pg-an-choice">
            <input type="radio" name="analysis" value={a.kind} checked={view.kind === a.kind} onChange={() => go({ ...view, kind: a.kind })} data-testid={`analysis-kind-${a.kind}`} />
            {a.label}
          </label>
        ))}
        <p className="note">Needs {info.runs}.</p>
      </fieldset>
      <fieldset>
        <legend>Runs ({view.runs.length} picked)</legend>
        <ul className="pg-an-runs">
          {summaries.map((s) => {
            const picked = view.runs.includes(s.store_id);
            return (
              <li key={s.store_id}>
                <label>
                  <input type="checkbox" checked={picked} onChange={() => go({ ...view, runs: toggleRun(view.runs, s.store_id) })} data-testid="analysis-run-checkbox" data-store-id={s.store_id} />
                  {runText(s)} <span className="mono">({s.store_id})</span>
                </label>
              </li>
            );
          })}
        </ul>
        {view.kind === 'paired' && <p className="note">Δ = A − B, where A is the state-summary or targeted run when the manifests say so, else the run picked first; the table names both.</p>}
      </fieldset>
    </form>
  );
}

function Results({ suite, view }: { suite: AnySuite; view: AnalysesView }) {
  const state = useAnalysisRuns(view.runs);
  if (state.error) return <ErrorPanel title="A picked run could not be read" error={state.error} onRetry={state.refetch} />;
  if (state.pending || state.runs === null) return <Loading what="the picked runs" />;
  return (
    <>
      {state.missing.length > 0 && <ErrorPanel title="Some picked runs are no longer stored" error={state.missing.map((i) => view.runs[i]).join(', ')} />}
      <Tables suite={suite} kind={view.kind} runs={state.runs} />
    </>
  );
}

function Tables({ suite, kind, runs }: { suite: AnySuite; kind: string; runs: AnalysisRun[] }) {
  const problem = checkRunCount(analysisOf(suite, kind), runs.length);
  const result = useMemo(() => {
    if (problem !== null) return null;
    try {
      return { tables: runSuiteAnalysis(suite, kind, runs, { seed: DEFAULT_RUN_SEED }), error: null };
    } catch (e) {
      return { tables: [], error: e };
    }
  }, [suite, kind, runs, problem]);
  if (problem !== null) return <p className="note" role="status">{problem}</p>;
  if (result === null) return null;
  if (result.error) return <ErrorPanel title="The analysis failed" error={result.error} />;
  return (
    <div data-testid="analysis-results">
      <p className="note">Bootstrap intervals use seed {DEFAULT_RUN_SEED} (the CLI's default), so the page and <code>proving-ground analyze</code> print the same numbers.</p>
      {result.tables.map((t) => (
        <div key={t.id}>
          <AnalysisTableView suiteId={suite.descriptor.id} table={t} />
          <AnalysisPlot table={t} />
        </div>
      ))}
    </div>
  );
}
