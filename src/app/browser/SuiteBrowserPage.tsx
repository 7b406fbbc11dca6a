import { useDeferredValue, useMemo } from 'react';
import { BankGate, type LoadedBank } from '../components/BankGate.tsx';
import { routeHref } from '../routing/route.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { FilterBar } from './FilterBar.tsx';
import { TaskTable } from './TaskTable.tsx';
import { applyFilters, describeFilters, emptyFilters, filtersFromQuery, filtersToQuery, hasActiveFilters, type TaskFilters } from './task-filters.ts';
import type { SuiteView } from '../suites/suite-view.ts';

export function SuiteBrowserPage({ view, query }: { view: SuiteView; query: URLSearchParams }) {
  const { suite } = view;
  return (
    <>
      <h1>{suite.descriptor.title} tasks</h1>
      <p className="note">{suite.descriptor.summary} ({suite.descriptor.citation})</p>
      <BankGate suite={suite}>{(bank) => <TaskBrowser view={view} bank={bank} query={query} />}</BankGate>
      {view.BrowserFooter && <view.BrowserFooter />}
    </>
  );
}

function TaskBrowser({ view, bank, query }: { view: SuiteView; bank: LoadedBank; query: URLSearchParams }) {
  const suiteId = view.suite.descriptor.id;
  const facets = view.facets;
  const filters = useMemo(() => filtersFromQuery(facets, query), [facets, query]);
  // Typing in the search box stays responsive: the table catches up a frame later.
  const deferredFilters = useDeferredValue(filters);
  const selected = useMemo(() => applyFilters(facets, bank.tasks, deferredFilters), [facets, bank.tasks, deferredFilters]);
  const selectionQuery = filtersToQuery(deferredFilters);
  const setFilters = (next: TaskFilters) => navigate({ name: 'suite', suiteId, query: filtersToQuery(next) }, { replace: true });

  return (
    <section aria-labelledby="browser-heading">
      <h2 id="browser-heading" className="visually-hidden">
        Task browser
      </h2>
      <FilterBar facets={facets} tasks={bank.tasks} filters={filters} onChange={setFilters} />
      <div className="selection-bar">
        <p>
          <strong data-testid="task-count">{selected.length}</strong> of {bank.tasks.length} tasks ·{' '}
          <span>{describeFilters(deferredFilters)}</span>{' '}
          {hasActiveFilters(filters) && (
            <button type="button" className="link-button" onClick={() => setFilters(emptyFilters(facets))}>
              clear filters
            </button>
          )}
        </p>
        <a
          className={`button primary${selected.length === 0 ? ' disabled' : ''}`}
          aria-disabled={selected.length === 0}
          data-testid="run-selection"
          href={routeHref({ name: 'run', suiteId, query: selectionQuery })}
        >
          Run on this selection
        </a>
      </div>
      <TaskTable key={selectionQuery.toString()} suiteId={suiteId} facets={facets} tasks={selected} query={selectionQuery} />
    </section>
  );
}
