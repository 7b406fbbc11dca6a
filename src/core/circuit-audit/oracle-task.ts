/**
 * The oracle request for a design under a stored task: the task's family, context and constraint
 * list, so protocol code never rebuilds requests field by field.
 */
import { parseCircuitRequest, type CircuitRequest } from './oracle.ts';
import type { CircuitTask } from './task-schema.ts';

/** Validates `design` for the task's family (throws CircuitInputError naming every problem). */
export function circuitRequestFor(task: Pick<CircuitTask, 'family' | 'context' | 'constraints'>, design: unknown): CircuitRequest {
  return parseCircuitRequest({ family: task.family, design, context: task.context, constraints: task.constraints });
}
