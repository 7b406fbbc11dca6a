import type { AnySuite } from '../../core/suite/contract.ts';
import { describeFilters, hasActiveFilters, type TaskFilters } from '../browser/task-filters.ts';
import { routeHref } from '../routing/route.ts';

interface SelectionSummaryProps {
  suite: AnySuite;
  filters: TaskFilters;
  query: URLSearchParams;
  tasks: readonly { task_id: string }[];
}

/** Which tasks Run will use: the browser's current filters, or the whole suite; counted per task group. */
export function SelectionSummary({ suite, filters, query, tasks }: SelectionSummaryProps) {
  const suiteId = suite.descriptor.id;
  const perGroup = suite.groups.ids.map((g) => [g, tasks.filter((t) => suite.groups.of(t) === g).length] as const).filter(([, n]) => n > 0);
  return (
    <section className="panel selection-summary" aria-labelledby="selection-heading">
      <h2 id="selection-heading">Selection</h2>
      <p data-testid="selection-summary">
        <strong data-testid="selection-count">{tasks.length}</strong> tasks · {describeFilters(filters)}
        {perGroup.length > 0 && <> ({perGroup.map(([p, n]) => `${p}: ${n}`).join(', ')})</>}
      </p>
      <p className="actions">
        <a href={routeHref({ name: 'suite', suiteId, query })}>Change selection in the task browser</a>
        {hasActiveFilters(filters) && <a href={routeHref({ name: 'run', suiteId, query: new URLSearchParams() })}>Use the whole suite</a>}
      </p>
    </section>
  );
}
