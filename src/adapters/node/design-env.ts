/**
 * The design suite's environment in Node: the evaluator in its own worker thread
 * (design-evaluator-thread.ts), and the simulators the agent designs with in this thread — the
 * photonics engine with its WASM kernels, the heat oracle, the VEH oracle.
 */
import { createPhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import type { DesignEnv } from '../../core/design/environment.ts';
import { solveHeat } from '../../core/photonics/heat/index.ts';
import { parseOracleRequest } from '../../core/veh/oracle.ts';
import { startDesignEvaluator, type DesignEvaluator } from './design-evaluator-thread.ts';
import { createNodeSolveContext } from './photonics-context.ts';
import { createNodeVehOracle } from './veh-wasm.ts';

/** What every design environment's manifests record as the backend: the evaluator (its version is in every verdict). */
export const DESIGN_BACKEND_ID = 'design-evaluator';

export async function createNodeDesignEnv(evaluator: DesignEvaluator = startDesignEvaluator()): Promise<DesignEnv & { dispose(): Promise<void> }> {
  const [solve, veh] = await Promise.all([createNodeSolveContext(), createNodeVehOracle()]);
  return {
    backendId: DESIGN_BACKEND_ID,
    evaluate: (taskId, source) => evaluator.evaluate(taskId, source),
    photonics: createPhotonicsAgentEnv(solve, () => performance.now(), DESIGN_BACKEND_ID),
    heat: (problem) => solveHeat(problem),
    veh: (request) => veh.evaluate(parseOracleRequest(request)),
    dispose: () => evaluator.close(),
  };
}
