import { useMemo } from 'react';
import { ANALYSIS_INFO, ANALYSIS_KINDS, checkRunCount, runAnalysis, type AnalysisKind } from '../../core/analyses/analyses.ts';
import type { AnalysisRun } from '../../core/analyses/analysis-run.ts';
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
const runText = (s: StoredRunSummary): string =>
  `${s.label}${s.recipe?.p3_variant === 'state_summary' ? ' (state summary)' : ''} · ${s.done_count} tasks · ${s.status} · ${s.started_at.slice(0, 16).replace('T', ' ')}`;

/** `#/analyses?kind=…&runs=…`: pick stored runs and an analysis; see its tables and plots. */
export function AnalysesPage({ query }: { query: URLSearchParams }) {
  const view = analysesViewFromQuery(query);
  const list = useStoredRuns();
  return (
    <>
      <h1>Analyses</h1>
      <p className="intro">
        The VEHBench analyses over your stored runs: paired deltas with bootstrap intervals (state summary vs raw history, targeted vs neutral control), response-control profiles with their
        rank correlations, stage-aware routing, the SG gap and the CMA-ES matched-budget ratio. Every number lists the runs and tasks it came from. The same tables come from{' '}
        <code>proving-ground analyze</code>.
      </p>
      {list.isPending && <Loading what="the stored runs" />}
      {list.isError && <ErrorPanel title="The stored runs could not be read" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && (
        <p className="note">
          No stored runs yet. <a href={routeHref({ name: 'suite', query: new URLSearchParams() })}>Run a built-in agent</a> or import a run on the <a href={routeHref({ name: 'runs', query: new URLSearchParams() })}>Runs</a> page.
        </p>
      )}
      {list.data && list.data.length > 0 && <Picker view={view} summaries={list.data} />}
      {view.runs.length > 0 && <Results view={view} />}
    </>
  );
}

function Picker({ view, summaries }: { view: AnalysesView; summaries: readonly StoredRunSummary[] }) {
  return (
    <form className="pg-an-picker" aria-label="Choose an analysis and runs" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Analysis</legend>
        {ANALYSIS_KINDS.map((k) => (
          <label key={k} className="pg-an-choice">
            <input type="radio" name="analysis" value={k} checked={view.kind === k} onChange={() => go({ ...view, kind: k })} data-testid={`analysis-kind-${k}`} />
            {ANALYSIS_INFO[k].label}
          </label>
        ))}
        <p className="note">Needs {ANALYSIS_INFO[view.kind].runs}.</p>
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

function Results({ view }: { view: AnalysesView }) {
  const state = useAnalysisRuns(view.runs);
  if (state.error) return <ErrorPanel title="A picked run could not be read" error={state.error} onRetry={state.refetch} />;
  if (state.pending || state.runs === null) return <Loading what="the picked runs" />;
  return (
    <>
      {state.missing.length > 0 && <ErrorPanel title="Some picked runs are no longer stored" error={state.missing.map((i) => view.runs[i]).join(', ')} />}
      <Tables kind={view.kind} runs={state.runs} />
    </>
  );
}

function Tables({ kind, runs }: { kind: AnalysisKind; runs: AnalysisRun[] }) {
  const problem = checkRunCount(kind, runs.length);
  const result = useMemo(() => {
    if (problem !== null) return null;
    try {
      return { tables: runAnalysis(kind, runs, { seed: DEFAULT_RUN_SEED }), error: null };
    } catch (e) {
      return { tables: [], error: e };
    }
  }, [kind, runs, problem]);
  if (problem !== null) return <p className="note" role="status">{problem}</p>;
  if (result === null) return null;
  if (result.error) return <ErrorPanel title="The analysis failed" error={result.error} />;
  return (
    <div data-testid="analysis-results">
      <p className="note">Bootstrap intervals use seed {DEFAULT_RUN_SEED} (the CLI's default), so the page and <code>proving-ground analyze</code> print the same numbers.</p>
      {result.tables.map((t) => (
        <div key={t.id}>
          <AnalysisTableView table={t} />
          <AnalysisPlot table={t} />
        </div>
      ))}
    </div>
  );
}
