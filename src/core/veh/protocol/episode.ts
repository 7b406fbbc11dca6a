/** Runs the protocol of a task's probe on an VehEpisode; the loop's events are the transcript. */
import type { VehEpisode } from './episode-loop.ts';
import type { VehTask } from '../task-schema.ts';
import type { QueryBudgetRule } from './budget.ts';
import type { ControlCondition } from './control-blocks.ts';
import { runP1 } from './p1-episode.ts';
import { runP2 } from './p2-episode.ts';
import { runP3 } from './p3-episode.ts';
import { runP4 } from './p4-episode.ts';
import type { P3Variant } from './prompts.ts';
import { runSgForm } from './sg-episode.ts';
import type { SgForm } from './sg-forms.ts';

export interface EpisodeSettings {
  p3Variant: P3Variant;
  budgetRule: QueryBudgetRule;
  /** Controlled-prompt audit condition (Appendix Q); default: the standard prompts. */
  control?: ControlCondition;
  /** Selection–generation audit form (Appendix P): runs the SG form of a P2 task instead of P2. */
  sgForm?: SgForm | null;
}

export function runProtocol(loop: VehEpisode, task: VehTask, settings: EpisodeSettings): Promise<void> {
  const control = settings.control ?? 'default';
  if (settings.sgForm) {
    if (task.probe !== 'P2') return Promise.reject(new Error(`SG form ${settings.sgForm} needs a P2 task, not ${task.probe}`));
    return runSgForm(loop, task, settings.sgForm);
  }
  switch (task.probe) {
    case 'P1':
      return runP1(loop, task, control);
    case 'P2':
      return runP2(loop, task, settings.budgetRule, control);
    case 'P3':
      return runP3(loop, task, settings.budgetRule, settings.p3Variant, control);
    case 'P4':
      return runP4(loop, task, control);
  }
}
