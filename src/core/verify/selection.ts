/**
 * Bind the run to its selection: the manifest's task_filter (facets, the suite's own selectors, a
 * shard) applied to the shipped bank must give exactly the tasks the file holds, each once, in run
 * order, with task_index their position in the whole selection — so no task can be dropped (keep
 * the feasible six of 64), repeated (a passing task copied over a failed one) or swapped in.
 *
 * A suite says how its filters select (`selectTasks`); `selectByFilters` is the common part: a
 * filter key that is a facet keeps the tasks with that value; the suite's selectors then run in
 * order (VEH: the Appendix D subset, SG groups, a matched run's tasks). A key nobody knows is a
 * mismatch: the file would claim a selection this build cannot reproduce.
 */
import { parseShard, shardRange, ShardError } from '../run/shard.ts';
import type { ManifestCore } from '../run/manifest-core.ts';
import type { VerifyDiff } from './verify.ts';

export interface FilterFacet<Task> {
  readonly key: string;
  of(task: Task): string;
}

/** A selector beyond plain facets: narrows (or reorders) the selection so far. */
export interface Selector<Task> {
  readonly key: string;
  apply(selected: Task[], value: string, bank: readonly Task[]): Task[];
}

export interface Selection<Task> {
  tasks: Task[];
  /** task_filter keys this build does not know (each a mismatch). */
  unknown: string[];
}

/** Facets first (they commute), then the selectors in their order; `shard` is left to the caller. */
export function selectByFilters<Task>(bank: readonly Task[], filters: Readonly<Record<string, string>>, facets: readonly FilterFacet<Task>[], selectors: readonly Selector<Task>[] = []): Selection<Task> {
  const known = new Set(['shard', ...facets.map((f) => f.key), ...selectors.map((s) => s.key)]);
  const unknown = Object.keys(filters).filter((k) => !known.has(k));
  let tasks = [...bank];
  for (const f of facets) {
    if (!Object.hasOwn(filters, f.key)) continue;
    const value = filters[f.key];
    tasks = tasks.filter((t) => f.of(t) === value);
  }
  for (const s of selectors) {
    if (!Object.hasOwn(filters, s.key)) continue;
    tasks = s.apply(tasks, filters[s.key] ?? '', bank);
  }
  return { tasks, unknown };
}

const describe = (filters: Readonly<Record<string, string>>): string => Object.entries(filters).map(([k, v]) => `${k}=${v}`).join(', ') || 'the whole bank';

/**
 * The file's tasks (transcripts in task_index order) against the selection the manifest names.
 * A completed run holds all of it; a cancelled or failed one a prefix (the engine runs in order).
 */
export function selectionDiffs(selection: Selection<{ task_id: string }>, manifest: ManifestCore, held: readonly { task_id: string; task_index: number }[]): VerifyDiff[] {
  const filters = manifest.task_filter;
  const note = `the manifest's selection (${describe(filters)}) from the shipped bank`;
  const diffs: VerifyDiff[] = selection.unknown.map((k) => ({ check: 'file' as const, path: `manifest.task_filter.${k}`, claimed: filters[k], recomputed: undefined, note: 'a filter this build cannot reproduce' }));
  let start = 0;
  let expected = selection.tasks;
  if (Object.hasOwn(filters, 'shard')) {
    try {
      const r = shardRange(expected.length, parseShard(filters.shard ?? ''));
      start = r.start;
      expected = expected.slice(r.start, r.end);
    } catch (e) {
      if (!(e instanceof ShardError)) throw e;
      diffs.push({ check: 'file', path: 'manifest.task_filter.shard', claimed: filters.shard, recomputed: undefined, note: e.message });
    }
  }
  if (manifest.task_count !== expected.length) diffs.push({ check: 'file', path: 'manifest.task_count', claimed: manifest.task_count, recomputed: expected.length, note });
  const position = new Map(expected.map((t, i) => [t.task_id, start + i]));
  const seen = new Map<string, number>();
  for (const got of held) {
    const at = `tasks[${got.task_index}]`;
    const want = position.get(got.task_id);
    if (seen.has(got.task_id)) diffs.push({ check: 'file', path: `${at}.task_id`, claimed: got.task_id, recomputed: expected[got.task_index - start]?.task_id, note: `task ${got.task_id} is held twice (also at task_index ${seen.get(got.task_id)})` });
    else if (want === undefined) diffs.push({ check: 'file', path: `${at}.task_id`, claimed: got.task_id, recomputed: expected[got.task_index - start]?.task_id, note: `task ${got.task_id} is not in ${note}` });
    else if (want !== got.task_index) diffs.push({ check: 'file', path: `${at}.task_index`, claimed: got.task_index, recomputed: want, note: `task ${got.task_id}: its position in ${note}` });
    seen.set(got.task_id, got.task_index);
  }
  // A completed run holds every selected task; a cancelled or failed one the tasks before its stop.
  const upTo = manifest.status === 'completed' ? expected.length : held.length;
  for (const [i, t] of expected.slice(0, upTo).entries()) {
    if (!seen.has(t.task_id)) diffs.push({ check: 'file', path: `tasks[${start + i}].task_id`, claimed: undefined, recomputed: t.task_id, note: `task ${t.task_id} of ${note} is missing${manifest.status === 'completed' ? ' from a completed run' : ''}` });
  }
  return diffs;
}
