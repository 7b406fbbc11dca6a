/** Every reproduction task, in bank order (issue 19: twelve published claims). */
import type { ReproductionTaskDefinition } from '../task.ts';
import { ringFsrTask } from './ring-fsr.ts';
import { mmiSelfImagingTask } from './mmi-self-imaging.ts';
import { waveguideDispersionTask } from './waveguide-dispersion.ts';
import { inverseDesignedBendTask } from './inverse-designed-bend.ts';

export const REPRODUCTION_TASKS: readonly ReproductionTaskDefinition[] = [
  ringFsrTask,
  mmiSelfImagingTask,
  waveguideDispersionTask,
  inverseDesignedBendTask,
];

export function reproductionTask(taskId: string): ReproductionTaskDefinition | undefined {
  return REPRODUCTION_TASKS.find((t) => t.task.task_id === taskId);
}
