/** The photonics-agent suite's engine in Node: the material library and the WASM kernels that load. */
import { createPhotonicsAgentEnv, type PhotonicsAgentEnv } from '../../core/photonics-agent/environment.ts';
import { createNodeSolveContext } from './photonics-context.ts';
import { connectMcpTools, type McpServerCommand, type McpToolSession } from './mcp-client-tools.ts';
import { createThreadedPhotonicsAgentEnv } from './photonics-solver-thread.ts';

/**
 * The environment runs and verification use: the solver in a worker thread, so Ctrl-C stops a run
 * mid-solve (photonics-solver-thread.ts); dispose() stops the thread.
 */
export function createNodePhotonicsAgentEnv(): Promise<PhotonicsAgentEnv & { dispose(): Promise<void> }> {
  return createThreadedPhotonicsAgentEnv();
}

/** The engine on the calling thread (the solver thread itself, the MCP server's own process). */
export async function createInProcessPhotonicsAgentEnv(): Promise<PhotonicsAgentEnv> {
  const ctx = await createNodeSolveContext();
  const b = ctx.backends;
  // One id for the manifest: "wasm" when every kernel is WASM, else the mix (e.g. "mie:wasm,tmm:reference,linalg:wasm").
  const backendId = b.mie === 'wasm' && b.tmm === 'wasm' && b.linalg === 'wasm' ? 'wasm' : `mie:${b.mie},tmm:${b.tmm},linalg:${b.linalg}`;
  return createPhotonicsAgentEnv(ctx, () => performance.now(), backendId);
}

/**
 * The suite's environment with its tools taken from an MCP server over stdio: spawned afresh for
 * every task (default), or once for the whole run (`shared`). Verification still replays the
 * logged solves on the in-process engine.
 */
export async function createMcpPhotonicsAgentEnv(server: McpServerCommand, o: { shared?: boolean; backendId?: string } = {}): Promise<PhotonicsAgentEnv & { dispose(): Promise<void> }> {
  const base = await createNodePhotonicsAgentEnv();
  let shared: Promise<McpToolSession> | null = null;
  return {
    ...base,
    backendId: o.backendId ?? base.backendId,
    openTools: async () => {
      if (!o.shared) return connectMcpTools(server);
      shared ??= connectMcpTools(server);
      const s = await shared;
      return { tools: s.tools, instructions: s.instructions, close: () => Promise.resolve() };
    },
    dispose: async () => {
      if (shared) await (await shared).close();
      await base.dispose();
    },
  };
}
