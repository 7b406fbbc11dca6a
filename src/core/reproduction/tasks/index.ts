/** Every reproduction task, in bank order (issue 19: twelve published claims). One entry per line. */
import type { ReproductionTaskDefinition } from '../task.ts';
import { ringFsrTask } from './ring-fsr.ts';
import { mmiSelfImagingTask } from './mmi-self-imaging.ts';
import { waveguideDispersionTask } from './waveguide-dispersion.ts';
import { inverseDesignedBendTask } from './inverse-designed-bend.ts';
import { goldPlasmonTask } from './gold-plasmon.ts';
import { siliconMagneticDipoleTask } from './silicon-magnetic-dipole.ts';
import { squareRodGapTask } from './square-rod-gap.ts';
import { slabGuidedResonancesTask } from './slab-guided-resonances.ts';
import { guidedModeResonanceTask } from './guided-mode-resonance.ts';
import { ptBraggTask } from './pt-bragg.ts';
import { brewsterDifferentiatorTask } from './brewster-differentiator.ts';
import { harvesterOptimalLoadTask } from './harvester-optimal-load.ts';

export const REPRODUCTION_TASKS: readonly ReproductionTaskDefinition[] = [
  ringFsrTask,
  mmiSelfImagingTask,
  waveguideDispersionTask,
  inverseDesignedBendTask,
  goldPlasmonTask,
  siliconMagneticDipoleTask,
  squareRodGapTask,
  slabGuidedResonancesTask,
  guidedModeResonanceTask,
  ptBraggTask,
  brewsterDifferentiatorTask,
  harvesterOptimalLoadTask,
];

export function reproductionTask(taskId: string): ReproductionTaskDefinition | undefined {
  return REPRODUCTION_TASKS.find((t) => t.task.task_id === taskId);
}
