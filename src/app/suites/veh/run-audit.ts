/**
 * The Run form's audit settings turned into what a run needs: the tasks (Appendix D subset, SG probe
 * groups), the run-time controls recorded in every transcript, and the task_filter entries.
 */
import type { RunControls } from '../../../core/veh/run/types.ts';
import { selectForControls } from '../../../core/veh/subsets/select.ts';
import type { VehTask } from '../../../core/veh/task-schema.ts';
import type { VehRunSettings as RunSettings } from './VehRunOptions.tsx';

export const DEFAULT_AUDIT_SETTINGS = { control: 'default', subset: null, sgForm: null } as const satisfies Pick<RunSettings, 'control' | 'subset' | 'sgForm'>;

export interface AuditedRun {
  tasks: VehTask[];
  filters: Record<string, string>;
  controls: RunControls;
}

export function auditedRun(tasks: readonly VehTask[], settings: Pick<RunSettings, 'control' | 'subset' | 'sgForm'>, filters: Record<string, string>, bank?: readonly VehTask[]): AuditedRun {
  const chosen = selectForControls(tasks, { subset: settings.subset, sgForm: settings.sgForm, ...(bank ? { bank } : {}) });
  return {
    tasks: chosen.tasks,
    filters: { ...filters, ...chosen.filters },
    controls: { control: settings.sgForm ? 'default' : settings.control, subset: settings.subset, sgForm: settings.sgForm },
  };
}

/** Why an audited selection is empty, in the page's words. */
export function emptyAuditReason(settings: Pick<RunSettings, 'subset' | 'sgForm'>): string {
  if (settings.subset) return 'The Appendix D subset has no tasks in this selection: it is drawn from P3 tasks.';
  if (settings.sgForm) return 'The selection has no medium or hard P2 task to run as a selection–generation probe group.';
  return 'The selection is empty.';
}
