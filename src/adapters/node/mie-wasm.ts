/**
 * Node access to the Mie kernel: reads build/wasm/photonics-mie.wasm from disk and lets the shared
 * registry choose between it and the TypeScript reference (WASM wins when it loads; when it does not,
 * e.g. before `npm run build:wasm`, the reason is kept).
 */
import type { BackendRegistry } from '../../core/kernels/registry.ts';
import type { MieKernel } from '../../core/photonics/mie/kernel.ts';
import { createMieKernelRegistry } from '../../core/photonics/mie/kernels.ts';
import { createWasmMieKernel, type WasmMieKernel } from '../../core/photonics/mie/wasm-kernel.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

export const MIE_WASM_PATH = builtWasmPath('photonics-mie.wasm');

export async function loadNodeWasmMieKernel(path: string = MIE_WASM_PATH): Promise<WasmMieKernel> {
  return createWasmMieKernel(await readWasm(path));
}

export function createNodeMieKernelRegistry(path: string = MIE_WASM_PATH): BackendRegistry<MieKernel> {
  return createMieKernelRegistry(() => readWasm(path));
}

export interface NodeMieKernel {
  readonly kernel: MieKernel;
  /** "wasm unavailable: …" lines for kernels that were passed over. */
  readonly skipped: readonly string[];
}

/** The best Mie kernel available in this Node process (WASM, else the reference) and why others were skipped. */
export async function selectNodeMieKernel(path: string = MIE_WASM_PATH): Promise<NodeMieKernel> {
  const { backend, skipped } = await selectWithReasons(createNodeMieKernelRegistry(path));
  return { kernel: backend, skipped };
}
