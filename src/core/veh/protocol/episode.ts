/** Runs the protocol of a task's probe on an EpisodeLoop; the loop's events are the transcript. */
import type { EpisodeLoop } from '../../agent/loop.ts';
import type { VehTask } from '../task-schema.ts';
import type { QueryBudgetRule } from './budget.ts';
import { runP1 } from './p1-episode.ts';
import { runP2 } from './p2-episode.ts';
import { runP3 } from './p3-episode.ts';
import { runP4 } from './p4-episode.ts';
import type { P3Variant } from './prompts.ts';

export interface EpisodeSettings {
  p3Variant: P3Variant;
  budgetRule: QueryBudgetRule;
}

export function runProtocol(loop: EpisodeLoop, task: VehTask, settings: EpisodeSettings): Promise<void> {
  switch (task.probe) {
    case 'P1':
      return runP1(loop, task);
    case 'P2':
      return runP2(loop, task, settings.budgetRule);
    case 'P3':
      return runP3(loop, task, settings.budgetRule, settings.p3Variant);
    case 'P4':
      return runP4(loop, task);
  }
}
