/**
 * Node access to the dense linear-algebra kernel: reads build/wasm/photonics-linalg.wasm from disk
 * and lets the shared registry choose between it and the TypeScript reference (WASM wins when it
 * loads; when it does not, e.g. before `npm run build:wasm`, the reason is kept).
 */
import type { BackendRegistry } from '../../core/kernels/registry.ts';
import type { DenseLinalgKernel } from '../../core/photonics/linalg/kernel.ts';
import { createLinalgKernelRegistry } from '../../core/photonics/linalg/kernels.ts';
import { createWasmLinalgKernel } from '../../core/photonics/linalg/wasm-kernel.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

export const LINALG_WASM_PATH = builtWasmPath('photonics-linalg.wasm');

export async function loadNodeWasmLinalgKernel(path: string = LINALG_WASM_PATH): Promise<DenseLinalgKernel> {
  return createWasmLinalgKernel(await readWasm(path));
}

export function createNodeLinalgKernelRegistry(path: string = LINALG_WASM_PATH): BackendRegistry<DenseLinalgKernel> {
  return createLinalgKernelRegistry(() => readWasm(path));
}

export interface NodeLinalgKernel {
  readonly kernel: DenseLinalgKernel;
  /** "wasm unavailable: …" lines for kernels that were passed over. */
  readonly skipped: readonly string[];
}

/** The best linear-algebra kernel available in this Node process (WASM, else the reference) and why others were skipped. */
export async function selectNodeLinalgKernel(path: string = LINALG_WASM_PATH): Promise<NodeLinalgKernel> {
  const { backend, skipped } = await selectWithReasons(createNodeLinalgKernelRegistry(path));
  return { kernel: backend, skipped };
}
