/**
 * The photonics-agent suite's engine in the page: the photonics Web Worker (solves, estimates and
 * the material library, with the user's imported materials), so a page run calls the same tools
 * as the CLI. The library is read once per environment, when it is made.
 */
import type { PhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import type { WorkerPhotonics } from './worker-photonics.ts';

export async function createWorkerPhotonicsAgentEnv(worker: Pick<WorkerPhotonics, 'backends' | 'solve' | 'estimate' | 'materials'>): Promise<PhotonicsAgentEnv> {
  const library = await worker.materials();
  const b = worker.backends;
  const backendId = b.mie === 'wasm' && b.tmm === 'wasm' && (b.linalg ?? 'wasm') === 'wasm' ? 'wasm' : `mie:${b.mie},tmm:${b.tmm},linalg:${b.linalg ?? 'none'}`;
  return {
    backendId,
    solve: async (problem) => (await worker.solve(problem)).result,
    estimate: (problem) => worker.estimate(problem),
    materials: () => library,
  };
}
