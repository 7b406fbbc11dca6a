import { facetOptions, type PageFacet, type Task, type TaskFilters } from './task-filters.ts';

interface FilterBarProps {
  facets: readonly PageFacet[];
  tasks: readonly Task[];
  filters: TaskFilters;
  onChange: (next: TaskFilters) => void;
}

/** Faceted selects (the suite view's facets) plus an id search; each option shows how many tasks it would leave. */
export function FilterBar({ facets, tasks, filters, onChange }: FilterBarProps) {
  return (
    <form className="filter-bar" role="search" aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()}>
      {facets.map((facet) => (
        <label key={facet.key}>
          {facet.label}
          <select name={facet.key} data-testid={`filter-${facet.key}`} value={filters[facet.key] ?? ''} onChange={(e) => onChange({ ...filters, [facet.key]: e.target.value })}>
            <option value="">all</option>
            {facetOptions(facets, tasks, filters, facet).map((o) => (
              <option key={o.value} value={o.value}>
                {o.value} ({o.count})
              </option>
            ))}
          </select>
        </label>
      ))}
      <label>
        Task id
        <input type="search" name="q" data-testid="filter-q" placeholder="search ids…" value={filters.q ?? ''} onChange={(e) => onChange({ ...filters, q: e.target.value })} />
      </label>
    </form>
  );
}
