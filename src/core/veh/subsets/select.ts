/**
 * The task selection the audit controls imply, shared by the CLI and the page: the Appendix D subset
 * (P3) and the SG probe groups (P2, medium/hard, optionally cut to N). Returns the tasks and the
 * entries they add to a run's task_filter record, so the manifest says how the tasks were chosen.
 */
import type { SgForm } from '../protocol/sg-forms.ts';
import type { VehTask } from '../task-schema.ts';
import { applySubset, type SubsetId } from './appendix-d.ts';
import { selectSgGroups } from './sg-groups.ts';

export interface SelectionControls {
  subset: SubsetId | null;
  sgForm: SgForm | null;
  /** SG runs only: how many probe groups (null: every eligible task). */
  sgGroups?: number | null;
  /**
   * The whole bank. The Appendix D subset is defined on it (Table 11's strata), so it is drawn from
   * here and then narrowed to the selection; drawing from a filtered selection would pick other tasks
   * under the same name.
   */
  bank?: readonly VehTask[];
}

export function selectForControls(tasks: readonly VehTask[], c: SelectionControls): { tasks: VehTask[]; filters: Record<string, string> } {
  let selected = [...tasks];
  const filters: Record<string, string> = {};
  if (c.subset !== null) {
    const inSelection = new Set(selected.map((t) => t.task_id));
    selected = applySubset(c.bank ?? selected, c.subset).filter((t) => inSelection.has(t.task_id));
    filters.subset = c.subset;
  }
  if (c.sgForm !== null) {
    selected = selectSgGroups(selected, c.sgGroups ?? null);
    if (c.sgGroups != null) filters.sg_groups = String(c.sgGroups);
  }
  return { tasks: selected, filters };
}
