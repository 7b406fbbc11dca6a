/** The photonics-agent suite's engine in Node: the material library and the WASM kernels that load. */
import { createPhotonicsAgentEnv, type PhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import { createNodeSolveContext } from './photonics-context.ts';

export async function createNodePhotonicsAgentEnv(): Promise<PhotonicsAgentEnv> {
  const ctx = await createNodeSolveContext();
  const b = ctx.backends;
  // One id for the manifest: "wasm" when every kernel is WASM, else the mix (e.g. "mie:wasm,tmm:reference,linalg:wasm").
  const backendId = b.mie === 'wasm' && b.tmm === 'wasm' && b.linalg === 'wasm' ? 'wasm' : `mie:${b.mie},tmm:${b.tmm},linalg:${b.linalg}`;
  return createPhotonicsAgentEnv(ctx, () => performance.now(), backendId);
}
