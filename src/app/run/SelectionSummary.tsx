import { PROBES, type VehTask } from '../../core/veh/task-schema.ts';
import { describeFilters, hasActiveFilters, type TaskFilters } from '../browser/task-filters.ts';
import { routeHref } from '../routing/route.ts';

interface SelectionSummaryProps {
  filters: TaskFilters;
  query: URLSearchParams;
  tasks: readonly VehTask[];
}

/** Which tasks Run will use: the browser's current filters, or the whole suite. */
export function SelectionSummary({ filters, query, tasks }: SelectionSummaryProps) {
  const perProbe = PROBES.map((p) => [p, tasks.filter((t) => t.probe === p).length] as const).filter(([, n]) => n > 0);
  return (
    <section className="panel selection-summary" aria-labelledby="selection-heading">
      <h2 id="selection-heading">Selection</h2>
      <p data-testid="selection-summary">
        <strong data-testid="selection-count">{tasks.length}</strong> tasks · {describeFilters(filters)}
        {perProbe.length > 0 && <> ({perProbe.map(([p, n]) => `${p}: ${n}`).join(', ')})</>}
      </p>
      <p className="actions">
        <a href={routeHref({ name: 'suite', query })}>Change selection in the task browser</a>
        {hasActiveFilters(filters) && <a href={routeHref({ name: 'run', query: new URLSearchParams() })}>Use the whole suite</a>}
      </p>
    </section>
  );
}
