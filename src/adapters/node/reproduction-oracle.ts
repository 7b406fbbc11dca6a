/** The reproduction oracle in Node: the photonics engine and the VEH oracle on their WASM kernels, in this thread. */
import { bindReproductionOracle } from '../../core/reproduction/oracle.ts';
import type { ReproductionOracle } from '../../core/reproduction/replay.ts';
import { createNodeSolveContext } from './photonics-context.ts';
import { createNodeVehOracle } from './veh-wasm.ts';

export async function createNodeReproductionOracle(): Promise<ReproductionOracle> {
  const [ctx, veh] = await Promise.all([createNodeSolveContext(), createNodeVehOracle()]);
  return bindReproductionOracle(ctx, veh, () => performance.now());
}
