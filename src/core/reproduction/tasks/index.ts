/** Every reproduction task, in bank order (issue 19: twelve published claims). */
import type { ReproductionTaskDefinition } from '../task.ts';
import { ringFsrTask } from './ring-fsr.ts';
import { goldPlasmonTask } from './gold-plasmon.ts';
import { siliconMagneticDipoleTask } from './silicon-magnetic-dipole.ts';
import { harvesterOptimalLoadTask } from './harvester-optimal-load.ts';

export const REPRODUCTION_TASKS: readonly ReproductionTaskDefinition[] = [ringFsrTask, goldPlasmonTask, siliconMagneticDipoleTask, harvesterOptimalLoadTask];

export function reproductionTask(taskId: string): ReproductionTaskDefinition | undefined {
  return REPRODUCTION_TASKS.find((t) => t.task.task_id === taskId);
}
