/** Every reproduction task, in bank order (issue 19: twelve published claims). */
import type { ReproductionTaskDefinition } from '../task.ts';
import { ringFsrTask } from './ring-fsr.ts';
import { squareRodGapTask } from './square-rod-gap.ts';
import { slabGuidedResonancesTask } from './slab-guided-resonances.ts';
import { guidedModeResonanceTask } from './guided-mode-resonance.ts';

export const REPRODUCTION_TASKS: readonly ReproductionTaskDefinition[] = [ringFsrTask, squareRodGapTask, slabGuidedResonancesTask, guidedModeResonanceTask];

export function reproductionTask(taskId: string): ReproductionTaskDefinition | undefined {
  return REPRODUCTION_TASKS.find((t) => t.task.task_id === taskId);
}
