import { EPISODE_STATUSES, type EpisodeStatus } from '../../core/agent/events.ts';
import type { StoredTask } from '../../core/store/run-store.ts';
import type { AnySuite } from '../../core/suite/contract.ts';

/** The task group (VEH: probe); kept under the name `probe` in the URL and the list, as before other suites. */
type Probe = string;

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

/** The list's entries, graded by the suite's own scoring (the pass verdict is its per-task outcome). */
export function taskListItems(suite: AnySuite, tasks: readonly StoredTask[]): TaskListItem[] {
  return tasks.map((t) => {
    const row = t.row as StoredTask['row'] & { budget_stop?: unknown };
    const grade = suite.scoring.grade(t.row);
    return {
      index: t.task_index,
      taskId: row.task_id,
      probe: suite.scoring.groupOf(row),
      status: grade.status as EpisodeStatus,
      ...(typeof row.budget_stop === 'string' ? { budgetStop: row.budget_stop } : {}),
      passed: suite.scoring.outcome(row).pass,
    };
  });
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
export function filtersFromQuery(groups: readonly string[], query: URLSearchParams): TaskListFilters {
  const probe = query.get('probe');
  const status = query.get('status');
  const outcome = query.get('outcome');
  return {
    probe: groups.includes(probe ?? '') ? probe : null,
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
  /** The suite's task groups, in order. */
  groups: readonly string[];
  filters: TaskListFilters;
  onChange: (next: TaskListFilters) => void;
  shown: number;
  total: number;
}

/** Probe, status, pass/fail and task-id search over the run's tasks. */
export function RunDetailFilterBar({ groups, filters, onChange, shown, total }: FilterBarProps) {
  return (
    <div className="filter-bar rd-filters" role="search" aria-label="Filter the run's tasks">
      <label>
        Probe{' '}
        <select data-testid="rd-filter-probe" value={filters.probe ?? ''} onChange={(e) => onChange({ ...filters, probe: (e.target.value || null) as Probe | null })}>
          <option value="">all</option>
          {groups.map((p) => (
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
