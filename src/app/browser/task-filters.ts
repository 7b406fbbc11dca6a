/**
 * Task-browser filters: parsed from / written to the hash query string, applied to the bank, and
 * handed to runSuite as its `filters` record so a run's manifest says which selection it ran.
 */
import type { VehTask } from '../../core/veh/task-schema.ts';

export interface TaskFilters {
  probe: string;
  split: string;
  /** p1_subtype, p2_subtype, trap_type or policy, whichever the task's probe has. */
  subtype: string;
  difficulty: string;
  anchor: string;
  /** Case-insensitive substring of the task id. */
  q: string;
}

export const FILTER_KEYS = ['probe', 'split', 'subtype', 'difficulty', 'anchor', 'q'] as const satisfies readonly (keyof TaskFilters)[];

export const EMPTY_FILTERS: TaskFilters = { probe: '', split: '', subtype: '', difficulty: '', anchor: '', q: '' };

export function filtersFromQuery(query: URLSearchParams): TaskFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = query.get(key) ?? '';
  return filters;
}

export function filtersToQuery(filters: TaskFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== '') query.set(key, filters[key]);
  return query;
}

/** Only the filters that are set, as runSuite's `filters` record. */
export function activeFilters(filters: TaskFilters): Record<string, string> {
  return Object.fromEntries(FILTER_KEYS.filter((k) => filters[k] !== '').map((k) => [k, filters[k]]));
}

export function hasActiveFilters(filters: TaskFilters): boolean {
  return FILTER_KEYS.some((k) => filters[k] !== '');
}

/** The probe-specific category of a task (what the browser calls its subtype). */
export function subtypeOf(task: VehTask): string {
  switch (task.probe) {
    case 'P1':
      return task.p1_subtype;
    case 'P2':
      return task.p2_subtype;
    case 'P3':
      return task.trap_type;
    case 'P4':
      return task.policy;
  }
}

export function matchesFilters(task: VehTask, filters: TaskFilters, except?: keyof TaskFilters): boolean {
  const q = filters.q.trim().toLowerCase();
  return (
    (except === 'probe' || filters.probe === '' || task.probe === filters.probe) &&
    (except === 'split' || filters.split === '' || task.split === filters.split) &&
    (except === 'subtype' || filters.subtype === '' || subtypeOf(task) === filters.subtype) &&
    (except === 'difficulty' || filters.difficulty === '' || task.difficulty === filters.difficulty) &&
    (except === 'anchor' || filters.anchor === '' || task.provenance.anchor_id === filters.anchor) &&
    (except === 'q' || q === '' || task.task_id.toLowerCase().includes(q))
  );
}

export function applyFilters(tasks: readonly VehTask[], filters: TaskFilters): VehTask[] {
  return tasks.filter((t) => matchesFilters(t, filters));
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
export function facetOptions(
  tasks: readonly VehTask[],
  filters: TaskFilters,
  key: Exclude<keyof TaskFilters, 'q'>,
  valueOf: (task: VehTask) => string,
): FilterOption[] {
  const counts = new Map<string, number>();
  for (const task of tasks) {
    const value = valueOf(task);
    if (!counts.has(value)) counts.set(value, 0);
    if (matchesFilters(task, filters, key)) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count }))
    .filter((o) => o.count > 0 || o.value === filters[key])
    .sort((a, b) => a.value.localeCompare(b.value, undefined, { numeric: true }));
}

/** One-line description of a selection, e.g. "probe P1 · split dev". */
export function describeFilters(filters: TaskFilters): string {
  const parts = FILTER_KEYS.filter((k) => filters[k] !== '').map((k) => (k === 'q' ? `id contains “${filters.q}”` : `${k} ${filters[k]}`));
  return parts.length > 0 ? parts.join(' · ') : 'whole suite';
}
