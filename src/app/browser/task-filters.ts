/**
 * Task-browser filters: parsed from / written to the hash query string, applied to the bank, and
 * handed to runSuite as its `filters` record so a run's manifest says which selection it ran. The
 * facets are the suite view's (SuiteView.facets: VEH adds subtype and anchor to its suite's facets);
 * every suite also gets `q`, a case-insensitive substring of the task id.
 */
export type Task = { task_id: string };

/** One select of the browser: a query key, its label and the task's value for it. */
export interface PageFacet {
  readonly key: string;
  readonly label: string;
  of(task: Task): string;
}

/** Facet key → chosen value ('' = all), plus `q`. */
export type TaskFilters = Readonly<Record<string, string>>;

const keysOf = (facets: readonly PageFacet[]): string[] => [...facets.map((f) => f.key), 'q'];

export function emptyFilters(facets: readonly PageFacet[]): TaskFilters {
  return Object.fromEntries(keysOf(facets).map((k) => [k, '']));
}

export function filtersFromQuery(facets: readonly PageFacet[], query: URLSearchParams): TaskFilters {
  return Object.fromEntries(keysOf(facets).map((k) => [k, query.get(k) ?? '']));
}

export function filtersToQuery(filters: TaskFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== '') query.set(k, v);
  return query;
}

/** Only the filters that are set, as runSuite's `filters` record. */
export function activeFilters(filters: TaskFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
}

export function hasActiveFilters(filters: TaskFilters): boolean {
  return Object.values(filters).some((v) => v !== '');
}

export function matchesFilters(facets: readonly PageFacet[], task: Task, filters: TaskFilters, except?: string): boolean {
  const q = (filters.q ?? '').trim().toLowerCase();
  return facets.every((f) => except === f.key || !filters[f.key] || f.of(task) === filters[f.key]) && (except === 'q' || q === '' || task.task_id.toLowerCase().includes(q));
}

export function applyFilters<T extends Task>(facets: readonly PageFacet[], tasks: readonly T[], filters: TaskFilters): T[] {
  return tasks.filter((t) => matchesFilters(facets, t, filters));
}

export interface FilterOption {
  value: string;
  /** Tasks this option would leave, given the other filters. */
  count: number;
}

/**
 * Options for one select, counted against the other active filters (faceted counts), so the user
 * sees how many tasks each choice leaves before picking it.
 */
export function facetOptions(facets: readonly PageFacet[], tasks: readonly Task[], filters: TaskFilters, facet: PageFacet): FilterOption[] {
  const counts = new Map<string, number>();
  for (const task of tasks) {
    const value = facet.of(task);
    if (!counts.has(value)) counts.set(value, 0);
    if (matchesFilters(facets, task, filters, facet.key)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .filter((o) => o.count > 0 || o.value === filters[facet.key])
    .sort((a, b) => a.value.localeCompare(b.value, undefined, { numeric: true }));
}

/** One-line description of a selection, e.g. "probe P1 · split dev". */
export function describeFilters(filters: TaskFilters): string {
  const parts = Object.entries(filters)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => (k === 'q' ? `id contains “${v}”` : `${k} ${v}`));
  return parts.length > 0 ? parts.join(' · ') : 'whole suite';
}
