import { useDeferredValue, useMemo } from 'react';
import { BankGate, type LoadedBank } from '../components/BankGate.tsx';
import { MaterialsPanel } from '../materials/MaterialsPanel.tsx';
import { routeHref } from '../routing/route.ts';
import { navigate } from '../routing/use-hash-route.ts';
import { FilterBar } from './FilterBar.tsx';
import { TaskTable } from './TaskTable.tsx';
import { applyFilters, describeFilters, EMPTY_FILTERS, filtersFromQuery, filtersToQuery, hasActiveFilters, type TaskFilters } from './task-filters.ts';

export function SuiteBrowserPage({ query }: { query: URLSearchParams }) {
  return (
    <>
      <h1>VEHBench tasks</h1>
      <BankGate>{(bank) => <TaskBrowser bank={bank} query={query} />}</BankGate>
      <MaterialsPanel />
    </>
  );
}

function TaskBrowser({ bank, query }: { bank: LoadedBank; query: URLSearchParams }) {
  const filters = useMemo(() => filtersFromQuery(query), [query]);
  // Typing in the search box stays responsive: the table catches up a frame later.
  const deferredFilters = useDeferredValue(filters);
  const selected = useMemo(() => applyFilters(bank.tasks, deferredFilters), [bank.tasks, deferredFilters]);
  const selectionQuery = filtersToQuery(deferredFilters);
  const setFilters = (next: TaskFilters) => navigate({ name: 'suite', query: filtersToQuery(next) }, { replace: true });

  return (
    <section aria-labelledby="browser-heading">
      <h2 id="browser-heading" className="visually-hidden">
        Task browser
      </h2>
      <FilterBar tasks={bank.tasks} filters={filters} onChange={setFilters} />
      <div className="selection-bar">
        <p>
          <strong data-testid="task-count">{selected.length}</strong> of {bank.tasks.length} tasks ·{' '}
          <span>{describeFilters(deferredFilters)}</span>{' '}
          {hasActiveFilters(filters) && (
            <button type="button" className="link-button" onClick={() => setFilters(EMPTY_FILTERS)}>
              clear filters
            </button>
          )}
        </p>
        <a
          className={`button primary${selected.length === 0 ? ' disabled' : ''}`}
          aria-disabled={selected.length === 0}
          data-testid="run-selection"
          href={routeHref({ name: 'run', query: selectionQuery })}
        >
          Run on this selection
        </a>
      </div>
      <TaskTable key={selectionQuery.toString()} tasks={selected} query={selectionQuery} />
    </section>
  );
}
