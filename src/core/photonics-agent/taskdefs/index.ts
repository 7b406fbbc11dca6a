/** Every task definition, in bank order (by kind as the seed lists them). */
import type { TaskDef } from '../taskdefs-types.ts';
import { CIRCUIT_TASKS } from './circuit.ts';
import { GRID_TASKS } from './grid.ts';
import { LAYER_STACK_TASKS } from './layer-stack.ts';
import { MODE_TASKS } from './mode.ts';
import { SCATTERING_TASKS } from './scattering.ts';

export const TASK_DEFS: readonly TaskDef[] = [...SCATTERING_TASKS, ...LAYER_STACK_TASKS, ...MODE_TASKS, ...CIRCUIT_TASKS, ...GRID_TASKS];
