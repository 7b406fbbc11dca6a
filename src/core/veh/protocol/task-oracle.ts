/** Oracle requests for a design task: the task's operating point, materials and limits with a new design. */
import { parseOracleRequest, type Limits, type OracleRequest, type VehDesign } from '../oracle.ts';
import type { P2Task, P3Task } from '../task-schema.ts';

export type RequestFor = (design: VehDesign) => OracleRequest;

export interface TaskRequests {
  requestFor: RequestFor;
  /** The task's constraint limits, as every request carries them. */
  limits: Limits;
}

/** Validates the task's context once; each requestFor call then only swaps the (already validated) design. */
export function requestBuilder(task: P2Task | P3Task, anyDesign: VehDesign): TaskRequests {
  const base = parseOracleRequest({
    design: anyDesign,
    excitation: task.excitation_context,
    environment: task.environment_context,
    constraints: task.constraints,
  });
  return { requestFor: (design) => ({ ...base, design }), limits: base.constraints };
}
