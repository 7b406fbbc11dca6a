import { useQuery } from '@tanstack/react-query';
import { compareRuns, type PairOutcome, type TaskPair } from '../../core/leaderboard/compare-runs.ts';
import { runTrust } from '../../core/leaderboard/trust.ts';
import type { StoredRun, StoredTask } from '../../core/store/run-store.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { useRunRows, useStoredRun, useStoredRuns } from '../data/run-store.ts';
import { TrustBadge } from '../leaderboard/TrustBadge.tsx';
import { withParams } from '../leaderboard/leaderboard-view.ts';
import { routeHref } from '../routing/route.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { CompareSummary } from './CompareSummary.tsx';
import { CompareTaskTable } from './CompareTaskTable.tsx';
import { compareViewFromQuery } from './compare-view.ts';
import { RunPairPicker } from './RunPairPicker.tsx';
import { ScoreHistograms } from './ScoreHistograms.tsx';
import { SideBySide } from './SideBySide.tsx';
import { hasSuiteView, suiteView } from '../suites/registry.ts';

/** `#/compare?a=<storeId>&b=<storeId>`: two stored runs task by task (A baseline, B challenger). */
export function ComparePage({ query }: { query: URLSearchParams }) {
  const view = compareViewFromQuery(query);
  const list = useStoredRuns();
  if (view.a === null || view.b === null) {
    return (
      <>
        <h1>Compare two runs</h1>
        <p className="intro">Pick a baseline (A) and a challenger (B). Tasks are paired by task id; every delta is B − A.</p>
        {list.isPending && <Loading what="the stored runs" />}
        {list.isError && <ErrorPanel title="The stored runs could not be read" error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && <RunPairPicker summaries={list.data} a={view.a} b={view.b} />}
      </>
    );
  }
  return <Comparison query={query} a={view.a} b={view.b} outcome={view.outcome} task={view.task} />;
}

function Comparison({ query, a, b, outcome, task }: { query: URLSearchParams; a: string; b: string; outcome: PairOutcome | null; task: string | null }) {
  const runA = useStoredRun(a);
  const runB = useStoredRun(b);
  const rowsA = useRunRows(a);
  const rowsB = useRunRows(b);
  const queries = [runA, runB, rowsA, rowsB];
  const failed = queries.find((q) => q.isError);
  const ready = Boolean(runA.data && runB.data && rowsA.data && rowsB.data);
  return (
    <>
      <h1>Compare two runs</h1>
      <p className="breadcrumb">
        <a href={routeHref({ name: 'leaderboard', query: new URLSearchParams() })}>Leaderboard</a> · <a href={routeHref({ name: 'compare', query: new URLSearchParams() })}>pick other runs</a>
      </p>
      {failed && <ErrorPanel title="A run could not be read" error={failed.error} onRetry={() => queries.forEach((q) => void q.refetch())} />}
      {runA.data === null && <ErrorPanel title={`No stored run “${a}”`} error="It may have been deleted; pick another run." />}
      {runB.data === null && <ErrorPanel title={`No stored run “${b}”`} error="It may have been deleted; pick another run." />}
      {!failed && !ready && runA.data !== null && runB.data !== null && <Loading what="both runs" />}
      {runA.data && runB.data && rowsA.data && rowsB.data && (
        <ComparisonBody query={query} runA={runA.data} runB={runB.data} rowsA={rowsA.data} rowsB={rowsB.data} outcome={outcome} task={task} />
      )}
    </>
  );
}

function RunHeader({ role, run }: { role: 'A' | 'B'; run: StoredRun }) {
  const s = run.summary;
  return (
    <div className="pg-cmp-run" data-testid={`compare-run-${role}`}>
      <h2>
        {role}: {s.label}
      </h2>
      <p className="note mono">
        {s.store_id} · {s.status} · {s.done_count}/{s.task_count} tasks · seed {s.seed} · {s.started_at.slice(0, 16).replace('T', ' ')} UTC
      </p>
      <TrustBadge trust={runTrust(s)} />
    </div>
  );
}

function ComparisonBody({
  query,
  runA,
  runB,
  rowsA,
  rowsB,
  outcome,
  task,
}: {
  query: URLSearchParams;
  runA: StoredRun;
  runB: StoredRun;
  rowsA: StoredTask[];
  rowsB: StoredTask[];
  outcome: PairOutcome | null;
  task: string | null;
}) {
  const a = runA.summary;
  const b = runB.summary;
  // Two runs compare only within one suite (their tasks, groups and scores mean the same thing).
  const sameSuite = a.suite === b.suite && hasSuiteView(a.suite);
  const view = suiteView(sameSuite ? a.suite : 'veh');
  // Seeded by run A's seed, so the same pair of runs always gives the same intervals. A query rather
  // than a memo: the page first shows "Comparing…", then the paired bootstraps run (about a second
  // for two full runs), instead of freezing the click that opened the page.
  const compared = useQuery({
    queryKey: ['compare', a.store_id, a.done_count, b.store_id, b.done_count, a.seed, sameSuite],
    queryFn: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!sameSuite) throw new Error(`Run A is a ${a.suite} run and run B a ${b.suite} run: runs of different suites share no tasks to pair.`);
      return compareRuns(view.suite, rowsA, rowsB, { seed: a.seed });
    },
    staleTime: Infinity,
    retry: false,
  });
  if (compared.isPending) return <Loading what="the paired comparison" />;
  if (compared.isError) return <ErrorPanel title="The comparison failed" error={compared.error} />;
  const comparison = compared.data;
  const selected: TaskPair | undefined = task === null ? undefined : comparison.pairs.find((p) => p.task_id === task);
  const hrefWith = (changes: Record<string, string | null>): string => routeHref({ name: 'compare', query: withParams(query, changes) });
  return (
    <>
      <div className="grid-2">
        <RunHeader role="A" run={runA} />
        <RunHeader role="B" run={runB} />
      </div>
      {a.bank_hash !== b.bank_hash && (
        <p className="tag warning" role="note">
          The runs used different task banks ({a.bank_hash.slice(0, 10)} vs {b.bank_hash.slice(0, 10)}): tasks with the same id may differ.
        </p>
      )}
      {comparison.pairs.length === 0 ? (
        <p data-testid="compare-no-pairs">These runs share no task, so there is nothing to pair.</p>
      ) : (
        <>
          <section className="panel" aria-labelledby="cmp-summary">
            <h2 id="cmp-summary">Per stage</h2>
            <p className="note">{view.suite.scoring.passRule}</p>
            <CompareSummary comparison={comparison} />
            <ScoreHistograms suite={view.suite} comparison={comparison} nameA={a.label} nameB={b.label} />
          </section>
          {selected && <SideBySide view={view} pair={selected} a={a.store_id} b={b.store_id} closeHref={hrefWith({ task: null })} />}
          {task !== null && !selected && <p className="note">Task {task} is not paired in these runs.</p>}
          <section className="panel" aria-labelledby="cmp-tasks">
            <h2 id="cmp-tasks">Task by task</h2>
            <CompareTaskTable
              pairs={comparison.pairs}
              a={a.store_id}
              b={b.store_id}
              outcome={outcome}
              sideBySideHref={(id) => hrefWith({ task: id })}
              onOutcome={(o) => navigate({ name: 'compare', query: withParams(query, { outcome: o }) }, { replace: true })}
            />
          </section>
        </>
      )}
    </>
  );
}
