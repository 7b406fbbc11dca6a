import { useCallback, useMemo } from 'react';
import type { StoredRun } from '../../core/store/run-store.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Loading } from '../components/Loading.tsx';
import { VirtualList } from '../components/VirtualList.tsx';
import { useRunRows, useStoredRun } from '../data/run-store.ts';
import { routeHref } from '../routing/route.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { episodeStatusView } from '../run/episode-status.ts';
import { MetricsPanel } from '../run/MetricsPanel.tsx';
import { RunDetailHeader } from './RunDetailHeader.tsx';
import { filterTaskList, filtersFromQuery, filtersToQuery, RunDetailFilterBar, taskListItems, type TaskListFilters, type TaskListItem } from './RunDetailFilters.tsx';
import { TranscriptPane } from './TranscriptPane.tsx';
import { hasSuiteView, suiteView } from '../suites/registry.ts';
import type { SuiteView } from '../suites/suite-view.ts';

interface RunDetailPageProps {
  storeId: string;
  /** The open task (`#/runs/<id>/task/<index>`), or null for the run alone. */
  taskIndex: number | null;
  query: URLSearchParams;
}

/** Task list rows are this tall (px); VirtualList needs a fixed height to window without measuring. */
const ROW_HEIGHT = 34;
const LIST_HEIGHT = 560;

/**
 * One stored run: its facts and suite metrics, a filterable windowed list of its tasks (rows only,
 * no transcripts), and the open task's transcript, read from the store on its own. A run of 763
 * tasks with hundreds of MB of transcripts opens at the speed of its rows.
 */
export function RunDetailPage({ storeId, taskIndex, query }: RunDetailPageProps) {
  const run = useStoredRun(storeId);
  if (run.isPending) return <Loading what="the run" />;
  if (run.isError) return <ErrorPanel title={`Could not read run ${storeId}`} error={run.error} onRetry={() => void run.refetch()} />;
  if (run.data === null) {
    return (
      <section className="panel" data-testid="rd-missing">
        <h1>Run not found</h1>
        <p>
          No run with id <span className="mono">{storeId}</span> is stored in this browser. <a href={routeHref({ name: 'runs', query: new URLSearchParams() })}>See the stored runs</a>.
        </p>
      </section>
    );
  }
  return <RunDetail run={run.data} storeId={storeId} taskIndex={taskIndex} query={query} />;
}

function RunDetail({ run, storeId, taskIndex, query }: RunDetailPageProps & { run: StoredRun }) {
  const s = run.summary;
  if (!hasSuiteView(s.suite)) {
    return (
      <section className="panel" data-testid="rd-unknown-suite">
        <h1>Run of a suite this build does not have</h1>
        <p>
          Run <span className="mono">{s.run_id}</span> belongs to suite “{s.suite}”. {s.error ?? ''} Open it in the build that wrote it, or delete it on the Runs page.
        </p>
      </section>
    );
  }
  const view = suiteView(s.suite);
  const finished = s.status === 'completed' || s.status === 'cancelled' || s.status === 'failed';
  return (
    <>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={routeHref({ name: 'runs', query: new URLSearchParams() })}>Runs</a> › <span className="mono">{s.run_id}</span>
      </nav>
      <h1 data-testid="rd-title">
        Run · {s.label} · {s.done_count} tasks
      </h1>
      <RunDetailHeader run={run} />
      {run.metrics ? (
        <details className="rd-metrics" open={taskIndex === null}>
          <summary>Suite metrics with 95 % intervals</summary>
          <MetricsPanel suite={view.suite} metrics={run.metrics} partial={s.status !== 'completed'} />
        </details>
      ) : (
        <p className="note">{finished ? 'This run has no metrics stored.' : 'Metrics appear once the run finishes.'}</p>
      )}
      <RunTasks view={view} storeId={storeId} taskIndex={taskIndex} query={query} />
    </>
  );
}

function RunTasks({ view, storeId, taskIndex, query }: RunDetailPageProps & { view: SuiteView }) {
  const rows = useRunRows(storeId);
  const filters = useMemo(() => filtersFromQuery(view.suite.groups.ids, query), [view, query]);
  const items = useMemo(() => taskListItems(view.suite, rows.data ?? []), [view, rows.data]);
  const shown = useMemo(() => filterTaskList(items, filters), [items, filters]);
  const selected = taskIndex === null ? null : shown.findIndex((it) => it.index === taskIndex);
  const setFilters = (next: TaskListFilters) => navigate({ name: 'run-detail', storeId, taskIndex, query: filtersToQuery(next) }, { replace: true });
  const openTask = useCallback(
    (item: TaskListItem) => navigate({ name: 'run-detail', storeId, taskIndex: item.index, query: filtersToQuery(filters) }),
    [storeId, filters],
  );
  const open = taskIndex === null ? undefined : items.find((it) => it.index === taskIndex);
  const storedRow = taskIndex === null ? undefined : rows.data?.find((t) => t.task_index === taskIndex)?.row;
  return (
    <div className="rd-layout">
      <section className="panel rd-list" aria-labelledby="rd-tasks-heading">
        <h2 id="rd-tasks-heading">Tasks</h2>
        {rows.isPending && <Loading what="the task list" />}
        {rows.isError && <ErrorPanel title="Could not read the run's tasks" error={rows.error} onRetry={() => void rows.refetch()} />}
        {rows.data && (
          <>
            <RunDetailFilterBar groups={view.suite.groups.ids} filters={filters} onChange={setFilters} shown={shown.length} total={items.length} />
            {shown.length === 0 ? (
              <p className="note">No task matches these filters.</p>
            ) : (
              <VirtualList
                items={shown}
                rowHeight={ROW_HEIGHT}
                height={Math.min(LIST_HEIGHT, shown.length * ROW_HEIGHT + 2)}
                label={`Tasks of this run (${shown.length}); arrow keys move, Enter opens`}
                getKey={(it) => String(it.index)}
                renderRow={(it) => <TaskRow item={it} />}
                selectedIndex={selected === null || selected < 0 ? null : selected}
                onSelect={openTask}
                testId="rd-task-list"
                rowTestId="rd-task-row"
              />
            )}
          </>
        )}
      </section>
      <div className="rd-detail">
        {taskIndex === null ? (
          <p className="note panel">Choose a task to see its transcript, grading and (P2, P3) trajectory.</p>
        ) : (
          <>
            {open && selected !== null && selected < 0 && <p className="note">Task {open.taskId} is hidden by the filters.</p>}
            <TranscriptPane key={`${storeId} ${taskIndex}`} view={view} storeId={storeId} taskIndex={taskIndex} storedRow={storedRow} />
          </>
        )}
      </div>
    </div>
  );
}

function TaskRow({ item }: { item: TaskListItem }) {
  return (
    <span className="rd-row">
      <span className="rd-row-index">{item.index + 1}</span>
      <span className="mono rd-row-id" data-testid="rd-task-id">
        {item.taskId}
      </span>
      <TaskRowStatus item={item} />
      <span className={item.passed ? 'pass' : 'fail'}>{item.passed ? 'pass' : 'fail'}</span>
    </span>
  );
}

/** Blank for a clean end (P2 using its query budget included), else what went wrong. */
function TaskRowStatus({ item }: { item: TaskListItem }) {
  const view = episodeStatusView(item.status, item.budgetStop);
  return (
    <span className={view.tone === 'bad' ? 'rd-row-status fail' : 'rd-row-status'} title={view.explanation}>
      {view.tone === 'bad' ? view.text : ''}
    </span>
  );
}
