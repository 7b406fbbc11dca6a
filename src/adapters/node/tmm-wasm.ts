/**
 * Node access to the TMM kernel: reads build/wasm/photonics-tmm.wasm and lets the shared backend
 * registry choose between it and the TypeScript reference (WASM first; when it cannot load, e.g.
 * before `npm run build:wasm`, the reference runs and the reason is kept).
 */
import type { BackendRegistry } from '../../core/kernels/registry.ts';
import type { TmmKernel } from '../../core/photonics/tmm/kernel.ts';
import { createTmmKernelRegistry } from '../../core/photonics/tmm/kernels.ts';
import { createWasmTmmKernel } from '../../core/photonics/tmm/wasm-kernel.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

export const TMM_WASM_PATH = builtWasmPath('photonics-tmm.wasm');

export async function loadNodeWasmTmmKernel(path: string = TMM_WASM_PATH): Promise<TmmKernel> {
  return createWasmTmmKernel(await readWasm(path));
}

export function createNodeTmmKernelRegistry(path: string = TMM_WASM_PATH): BackendRegistry<TmmKernel> {
  return createTmmKernelRegistry(() => readWasm(path));
}

/** The best TMM kernel for this process, with "wasm unavailable: …" lines for any passed over. */
export async function selectNodeTmmKernel(path: string = TMM_WASM_PATH): Promise<{ kernel: TmmKernel; skipped: string[] }> {
  const { backend, skipped } = await selectWithReasons(createNodeTmmKernelRegistry(path));
  return { kernel: backend, skipped };
}
