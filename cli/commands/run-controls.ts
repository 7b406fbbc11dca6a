/**
 * The audit flags of `proving-ground run` (Finding 3 and Appendices D, M, P, Q):
 *   --control default|neutral|targeted|wrong-boundary|state-summary-plus   prompt-control condition
 *   --subset appendix-d                  the stratified 36-task P3 intervention subset
 *   --sg-form A|B|C [--sg-groups N]      selection / generation / completion form of P2 probe groups
 *   --agent cmaes-matched --match-run DIR   CMA-ES with each task's query count from another run
 * Parsing is separate from task selection so each can be tested on its own.
 */
import { UsageError } from '../args.ts';
import type { VehTask } from '../../src/core/veh/task-schema.ts';
import { CONTROL_CONDITIONS, ControlConditionSchema, type ControlCondition } from '../../src/core/veh/protocol/control-blocks.ts';
import { SG_FORMS, SgFormSchema, type SgForm } from '../../src/core/veh/protocol/sg-forms.ts';
import type { SubsetId } from '../../src/core/veh/subsets/appendix-d.ts';
import { selectForControls } from '../../src/core/veh/subsets/select.ts';
import { CMAES_MATCHED_ID, planMatchedRun } from '../../src/core/veh/agents/cmaes-matched.ts';
import type { RunControls } from '../../src/core/veh/run/types.ts';
import type { Transcript } from '../../src/core/veh/run/transcript.ts';

export const CONTROL_FLAGS = {
  control: { type: 'string' },
  subset: { type: 'string' },
  'sg-form': { type: 'string' },
  'sg-groups': { type: 'string' },
  'match-run': { type: 'string' },
} as const;

export interface ControlArgs {
  control: ControlCondition;
  subset: SubsetId | null;
  sgForm: SgForm | null;
  sgGroups: number | null;
  /** Run folder whose per-task query counts a cmaes-matched run uses. */
  matchRun: string | null;
}

/** CLI spelling (hyphens) of a condition: wrong-boundary, state-summary-plus. */
const cliName = (c: string): string => c.replace(/_/g, '-');

export function parseControlArgs(
  values: { control?: string; subset?: string; 'sg-form'?: string; 'sg-groups'?: string; 'match-run'?: string },
  ctx: { agent: string | null; probe: string | null },
): ControlArgs {
  const control = ControlConditionSchema.safeParse((values.control ?? 'default').replace(/-/g, '_'));
  if (!control.success) throw new UsageError(`--control must be one of ${CONTROL_CONDITIONS.map(cliName).join(', ')}`);
  let subset: SubsetId | null = null;
  if (values.subset !== undefined) {
    if (values.subset !== 'appendix-d' && values.subset !== 'appendix_d') throw new UsageError('--subset must be appendix-d');
    subset = 'appendix_d';
    if (ctx.probe !== null && ctx.probe !== 'P3') throw new UsageError('--subset appendix-d selects P3 tasks; drop --probe or use --probe P3');
  }
  let sgForm: SgForm | null = null;
  if (values['sg-form'] !== undefined) {
    const f = SgFormSchema.safeParse(values['sg-form'].toUpperCase());
    if (!f.success) throw new UsageError(`--sg-form must be one of ${SG_FORMS.join(', ')}`);
    sgForm = f.data;
    if (ctx.probe !== null && ctx.probe !== 'P2') throw new UsageError('--sg-form runs P2 probe groups; drop --probe or use --probe P2');
    if (subset !== null) throw new UsageError('--sg-form and --subset cannot be combined (SG groups are P2 tasks, the subset is P3)');
    if (control.data !== 'default') throw new UsageError('--sg-form has its own prompts; --control cannot be combined with it');
  }
  let sgGroups: number | null = null;
  if (values['sg-groups'] !== undefined) {
    if (sgForm === null) throw new UsageError('--sg-groups needs --sg-form');
    const n = Number(values['sg-groups']);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`--sg-groups must be a positive integer, got "${values['sg-groups']}"`);
    sgGroups = n;
  }
  const matchRun = values['match-run'] ?? null;
  if ((ctx.agent === CMAES_MATCHED_ID) !== (matchRun !== null)) {
    throw new UsageError(`--agent ${CMAES_MATCHED_ID} and --match-run DIR go together`);
  }
  if (matchRun !== null && (subset !== null || sgForm !== null)) throw new UsageError('--match-run takes the tasks of the matched run; --subset and --sg-form do not apply');
  return { control: control.data, subset, sgForm, sgGroups, matchRun };
}

/** The matched run, as read from its folder: its run id and transcripts. */
export interface MatchSource {
  runId: string;
  transcripts: readonly Transcript[];
}

export interface RunSelection {
  tasks: VehTask[];
  controls: RunControls;
  /** Extra entries for the run's task_filter record (what selected the tasks). */
  filters: Record<string, string>;
  /** Things to tell the user and to keep in the manifest's warnings. */
  warnings: string[];
}

/**
 * Applies the audit flags to the already filtered tasks. A matched run keeps the source run's
 * P2/P3 tasks (in its order) that are in `tasks`; tasks it never queried are skipped with a warning.
 */
export function selectRunTasks(tasks: readonly VehTask[], c: ControlArgs, match: MatchSource | null, bank?: readonly VehTask[]): RunSelection {
  const controls: RunControls = { control: c.control, subset: c.subset, sgForm: c.sgForm };
  const warnings: string[] = [];
  const chosen = selectForControls(tasks, { ...c, ...(bank ? { bank } : {}) });
  const filters = chosen.filters;
  let selected = chosen.tasks;
  if (match !== null) {
    const plan = planMatchedRun(match.runId, match.transcripts);
    const byId = new Map(selected.map((t) => [t.task_id, t]));
    const missing = plan.taskIds.filter((id) => !byId.has(id));
    selected = plan.taskIds.flatMap((id) => byId.get(id) ?? []);
    controls.matched = { runId: plan.matched.runId, budgets: Object.fromEntries(selected.map((t) => [t.task_id, plan.matched.budgets[t.task_id] as number])) };
    filters.match_run = match.runId;
    if (plan.skipped.length > 0) warnings.push(`matched run: ${plan.skipped.length} task(s) of ${match.runId} made no query and were skipped: ${plan.skipped.join(', ')}`);
    if (missing.length > 0) warnings.push(`matched run: ${missing.length} task(s) of ${match.runId} are not in this bank/filter and were skipped: ${missing.join(', ')}`);
  }
  return { tasks: selected, controls, filters, warnings };
}
