import type { VehTask } from '../../core/veh/task-schema.ts';
import { facetOptions, subtypeOf, type TaskFilters } from './task-filters.ts';

interface FilterBarProps {
  tasks: readonly VehTask[];
  filters: TaskFilters;
  onChange: (next: TaskFilters) => void;
}

type SelectKey = Exclude<keyof TaskFilters, 'q'>;

const FACETS: readonly { key: SelectKey; label: string; valueOf: (t: VehTask) => string }[] = [
  { key: 'probe', label: 'Probe', valueOf: (t) => t.probe },
  { key: 'split', label: 'Split', valueOf: (t) => t.split },
  { key: 'subtype', label: 'Subtype', valueOf: subtypeOf },
  { key: 'difficulty', label: 'Difficulty', valueOf: (t) => t.difficulty },
  { key: 'anchor', label: 'Anchor', valueOf: (t) => t.provenance.anchor_id },
];

/** Faceted selects plus an id search; each option shows how many tasks it would leave. */
export function FilterBar({ tasks, filters, onChange }: FilterBarProps) {
  return (
    <form className="filter-bar" role="search" aria-label="Filter tasks" onSubmit={(e) => e.preventDefault()}>
      {FACETS.map(({ key, label, valueOf }) => (
        <label key={key}>
          {label}
          <select
            name={key}
            data-testid={`filter-${key}`}
            value={filters[key]}
            onChange={(e) => onChange({ ...filters, [key]: e.target.value })}
          >
            <option value="">all</option>
            {facetOptions(tasks, filters, key, valueOf).map((o) => (
              <option key={o.value} value={o.value}>
                {o.value} ({o.count})
              </option>
            ))}
          </select>
        </label>
      ))}
      <label>
        Task id
        <input
          type="search"
          name="q"
          data-testid="filter-q"
          placeholder="search ids…"
          value={filters.q}
          onChange={(e) => onChange({ ...filters, q: e.target.value })}
        />
      </label>
    </form>
  );
}
