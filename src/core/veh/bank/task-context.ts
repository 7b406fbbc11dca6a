/** The oracle context a generated task describes (materials, excitation, damping and limits), for re-evaluating its designs. */
import { limitsFromList } from '../oracle.ts';
import type { VehTask } from '../task-schema.ts';
import type { TaskContext } from './evaluator.ts';

export function taskContextOf(task: VehTask): TaskContext {
  return {
    piezo: task.environment_context.piezo_material,
    substrate: task.environment_context.substrate_material,
    damping: task.environment_context.damping_ratio,
    frequencyHz: task.excitation_context.frequency_hz,
    accelerationG: task.excitation_context.acceleration_g,
    limits: limitsFromList(task.constraints),
  };
}
