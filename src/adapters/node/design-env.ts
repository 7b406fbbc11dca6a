/**
 * The design suite's environment in Node: the evaluator in its own worker thread
 * (design-evaluator-thread.ts); the photonics engine the agent probes with in another
 * (photonics-solver-thread.ts), so Ctrl-C is not held by a probe solving for seconds; the heat and
 * VEH oracles, which answer in milliseconds, in this thread.
 */
import type { DesignEnv } from '../../core/design/environment.ts';
import { solveHeat } from '../../core/photonics/heat/index.ts';
import { parseOracleRequest } from '../../core/veh/oracle.ts';
import { startDesignEvaluator, type DesignEvaluator } from './design-evaluator-thread.ts';
import { createThreadedPhotonicsAgentEnv } from './photonics-solver-thread.ts';
import { createNodeVehOracle } from './veh-wasm.ts';

/** What every design environment's manifests record as the backend: the evaluator (its version is in every verdict). */
export const DESIGN_BACKEND_ID = 'design-evaluator';

export async function createNodeDesignEnv(evaluator: DesignEvaluator = startDesignEvaluator()): Promise<DesignEnv & { dispose(): Promise<void> }> {
  const [photonics, veh] = await Promise.all([createThreadedPhotonicsAgentEnv(), createNodeVehOracle()]);
  return {
    backendId: DESIGN_BACKEND_ID,
    evaluate: (taskId, source) => evaluator.evaluate(taskId, source),
    photonics: { solve: photonics.solve, estimate: photonics.estimate, materials: photonics.materials },
    heat: (problem) => solveHeat(problem),
    veh: (request) => veh.evaluate(parseOracleRequest(request)),
    dispose: async () => {
      await Promise.all([evaluator.close(), photonics.dispose()]);
    },
  };
}
