import { headlinePassed } from '../../core/veh/run/task-checks.ts';
import type { StoredTask } from '../../core/store/run-store.ts';
import { EPISODE_STATUSES, type EpisodeStatus } from '../../core/veh/rows.ts';
import { PROBES, type Probe } from '../../core/veh/task-schema.ts';

/** One entry of the run's task list: what the list shows and filters on (no transcript). */
export interface TaskListItem {
  index: number;
  taskId: string;
  probe: Probe;
  status: EpisodeStatus;
  /** The LLM episode budget that stopped it early, if any (tells that stop from P2's normal query-budget end). */
  budgetStop?: string;
  passed: boolean;
}

export interface TaskListFilters {
  probe: Probe | null;
  status: EpisodeStatus | null;
  outcome: 'pass' | 'fail' | null;
  /** Case-insensitive substring of the task id. */
  text: string;
}

export const NO_FILTERS: TaskListFilters = { probe: null, status: null, outcome: null, text: '' };

export function taskListItems(tasks: readonly StoredTask[]): TaskListItem[] {
  return tasks.map((t) => ({ index: t.task_index, taskId: t.row.task_id, probe: t.row.probe, status: t.row.status, ...(t.row.budget_stop ? { budgetStop: t.row.budget_stop } : {}), passed: headlinePassed(t.row) }));
}

export function filterTaskList(items: readonly TaskListItem[], f: TaskListFilters): TaskListItem[] {
  const text = f.text.trim().toLowerCase();
  return items.filter(
    (it) =>
      (f.probe === null || it.probe === f.probe) &&
      (f.status === null || it.status === f.status) &&
      (f.outcome === null || it.passed === (f.outcome === 'pass')) &&
      (text === '' || it.taskId.toLowerCase().includes(text)),
  );
}

/** Filters live in the hash's query string (probe, status, outcome, q), so a filtered view is a link; unknown values are ignored. */
export function filtersFromQuery(query: URLSearchParams): TaskListFilters {
  const probe = query.get('probe');
  const status = query.get('status');
  const outcome = query.get('outcome');
  return {
    probe: (PROBES as readonly string[]).includes(probe ?? '') ? (probe as Probe) : null,
    status: (EPISODE_STATUSES as readonly string[]).includes(status ?? '') ? (status as EpisodeStatus) : null,
    outcome: outcome === 'pass' || outcome === 'fail' ? outcome : null,
    text: query.get('q') ?? '',
  };
}

export function filtersToQuery(f: TaskListFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.probe) q.set('probe', f.probe);
  if (f.status) q.set('status', f.status);
  if (f.outcome) q.set('outcome', f.outcome);
  if (f.text !== '') q.set('q', f.text);
  return q;
}

interface FilterBarProps {
  filters: TaskListFilters;
  onChange: (next: TaskListFilters) => void;
  shown: number;
  total: number;
}

/** Probe, status, pass/fail and task-id search over the run's tasks. */
export function RunDetailFilterBar({ filters, onChange, shown, total }: FilterBarProps) {
  return (
    <div className="filter-bar rd-filters" role="search" aria-label="Filter the run's tasks">
      <label>
        Probe{' '}
        <select data-testid="rd-filter-probe" value={filters.probe ?? ''} onChange={(e) => onChange({ ...filters, probe: (e.target.value || null) as Probe | null })}>
          <option value="">all</option>
          {PROBES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Status{' '}
        <select data-testid="rd-filter-status" value={filters.status ?? ''} onChange={(e) => onChange({ ...filters, status: (e.target.value || null) as EpisodeStatus | null })}>
          <option value="">all</option>
          {EPISODE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Outcome{' '}
        <select data-testid="rd-filter-outcome" value={filters.outcome ?? ''} onChange={(e) => onChange({ ...filters, outcome: (e.target.value || null) as 'pass' | 'fail' | null })}>
          <option value="">all</option>
          <option value="pass">passed</option>
          <option value="fail">failed</option>
        </select>
      </label>
      <label>
        Task id{' '}
        <input type="search" data-testid="rd-filter-text" value={filters.text} placeholder="e.g. P2-dev" onChange={(e) => onChange({ ...filters, text: e.target.value })} />
      </label>
      <p className="note" role="status" data-testid="rd-task-count">
        {shown === total ? `${total} tasks` : `${shown} of ${total} tasks`}
      </p>
    </div>
  );
}
