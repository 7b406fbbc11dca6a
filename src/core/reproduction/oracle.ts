/**
 * The oracle a reproduction workflow calls, bound to an engine: the photonics solver (validate, then
 * solve), its cost estimate, the material library, and the VEH harvester oracle. Each platform
 * builds the pieces (Node: WASM kernels in process; the page: inside the evaluator worker) and
 * binds them here, so the replay sees the same API everywhere.
 */
import { estimatePhotonics } from '../photonics/estimate.ts';
import type { MaterialInfo } from '../photonics/materials/library.ts';
import { parsePhotonicsProblem, solveParsedPhotonics } from '../photonics/solve.ts';
import type { SolveContext } from '../photonics/solve-context.ts';
import { parseOracleRequest, type OracleRequest } from '../veh/oracle.ts';
import type { ReproductionOracle } from './replay.ts';

export function bindReproductionOracle(ctx: SolveContext & { materials: { list(): MaterialInfo[] } }, veh: { evaluateSync(request: OracleRequest): unknown }, now: () => number): ReproductionOracle {
  return {
    solve: (problem) => solveParsedPhotonics(parsePhotonicsProblem(problem), ctx),
    estimate: (problem) => estimatePhotonics(parsePhotonicsProblem(problem), ctx, { now }, (p) => solveParsedPhotonics(p, ctx)),
    materials: () => ctx.materials.list().map((m) => m.name),
    // Synchronous: the sandbox's host calls return JSON at once (a Promise would arrive as {}).
    veh: (request) => veh.evaluateSync(parseOracleRequest(request)),
  };
}
