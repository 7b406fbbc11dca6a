/** Every reproduction task, in bank order (issue 19: twelve published claims). One entry per line. */
import type { ReproductionTaskDefinition } from '../task.ts';
import { ringFsrTask } from './ring-fsr.ts';
import { goldPlasmonTask } from './gold-plasmon.ts';
import { siliconMagneticDipoleTask } from './silicon-magnetic-dipole.ts';
import { harvesterOptimalLoadTask } from './harvester-optimal-load.ts';
import { ptBraggTask } from './pt-bragg.ts';
import { brewsterDifferentiatorTask } from './brewster-differentiator.ts';
import { squareRodGapTask } from './square-rod-gap.ts';
import { slabGuidedResonancesTask } from './slab-guided-resonances.ts';
import { guidedModeResonanceTask } from './guided-mode-resonance.ts';

export const REPRODUCTION_TASKS: readonly ReproductionTaskDefinition[] = [
  ringFsrTask,
  goldPlasmonTask,
  siliconMagneticDipoleTask,
  harvesterOptimalLoadTask,
  ptBraggTask,
  brewsterDifferentiatorTask,
  squareRodGapTask,
  slabGuidedResonancesTask,
  guidedModeResonanceTask,
];

export function reproductionTask(taskId: string): ReproductionTaskDefinition | undefined {
  return REPRODUCTION_TASKS.find((t) => t.task.task_id === taskId);
}
