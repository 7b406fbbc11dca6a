/** Oracle requests for a circuit design task: the task's family, context and limits with a new design. */
import { parseCircuitRequest, type CircuitDesign, type CircuitLimits, type CircuitRequest } from '../oracle.ts';
import type { CircuitP2Task, CircuitP3Task } from '../task-schema.ts';

export interface CircuitTaskRequests {
  requestFor: (design: CircuitDesign) => CircuitRequest;
  limits: CircuitLimits;
}

/** Validates the task's context once; each requestFor call then only swaps the (already checked) design. */
export function circuitRequestBuilder(task: CircuitP2Task | CircuitP3Task, anyDesign: CircuitDesign): CircuitTaskRequests {
  const base = parseCircuitRequest({ family: task.family, design: anyDesign, context: task.context, constraints: task.constraints });
  return { requestFor: (design) => ({ ...base, design: { ...design } }), limits: base.constraints };
}
