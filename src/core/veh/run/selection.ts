/**
 * The tasks a VEH manifest's task_filter selects, as the CLI (`run --probe … --subset … --sg-form …
 * --match-run …`) and the page (task-browser filters, then the audit controls) select them, so
 * verify can require a file's task list to be exactly that selection (src/core/verify/selection.ts).
 * Facets: probe, split, difficulty (CLI and page), subtype, anchor and q (page: the probe's
 * category, the anchor id, a case-insensitive substring of the task id). Then the controls: the
 * Appendix D subset drawn from the whole bank, the SG probe groups (optionally cut to sg_groups),
 * and a matched run's tasks in the order of its budgets.
 */
import { selectByFilters, type FilterFacet, type Selection, type Selector } from '../../verify/selection.ts';
import { selectForControls } from '../subsets/select.ts';
import type { VehTask } from '../task-schema.ts';
import { subtypeOf } from '../subtype.ts';
import type { RunManifest } from './manifest.ts';


const FACETS: readonly FilterFacet<VehTask>[] = [
  { key: 'probe', of: (t) => t.probe },
  { key: 'split', of: (t) => t.split },
  { key: 'difficulty', of: (t) => t.difficulty },
  { key: 'subtype', of: subtypeOf },
  { key: 'anchor', of: (t) => t.provenance.anchor_id },
];

/** Keys the controls below read from the manifest itself; listed so they are known filters. */
const CONTROL_KEYS: readonly Selector<VehTask>[] = [
  { key: 'q', apply: (tasks, q) => tasks.filter((t) => q.trim() === '' || t.task_id.toLowerCase().includes(q.trim().toLowerCase())) },
  { key: 'subset', apply: (tasks) => tasks },
  { key: 'sg_groups', apply: (tasks) => tasks },
  { key: 'match_run', apply: (tasks) => tasks },
];

export function selectVehTasks(bank: readonly VehTask[], m: RunManifest): Selection<VehTask> {
  const f = m.task_filter;
  const base = selectByFilters(bank, f, FACETS, CONTROL_KEYS);
  const sgGroups = Object.hasOwn(f, 'sg_groups') ? Number(f.sg_groups) : null;
  const subset = m.subset ?? (Object.hasOwn(f, 'subset') ? (f.subset as NonNullable<RunManifest['subset']>) : null);
  let tasks = selectForControls(base.tasks, { subset, sgForm: m.sg_form ?? null, sgGroups, bank }).tasks as VehTask[];
  if (m.matched_to_run_id) {
    const byId = new Map(tasks.map((t) => [t.task_id, t]));
    tasks = Object.keys(m.matched_budgets ?? {}).flatMap((id) => byId.get(id) ?? []);
  }
  return { tasks, unknown: base.unknown };
}
