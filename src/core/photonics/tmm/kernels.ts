/**
 * The TMM kernel line-up shared by Node and the photonics worker: WASM first, the TypeScript
 * reference as the always-available fallback. Only how the wasm bytes are obtained differs per platform.
 */
import { createBackendRegistry, type BackendRegistry } from '../../kernels/registry.ts';
import type { TmmKernel } from './kernel.ts';
import { referenceTmmKernel } from './reference.ts';
import { createWasmTmmKernel, type TmmWasmSource } from './wasm-kernel.ts';

export const TMM_KERNEL_PRIORITY = { wasm: 2, reference: 1 } as const;

export function createTmmKernelRegistry(loadWasm: () => Promise<TmmWasmSource>): BackendRegistry<TmmKernel> {
  const registry = createBackendRegistry<TmmKernel>();
  registry.register('wasm', TMM_KERNEL_PRIORITY.wasm, async () => createWasmTmmKernel(await loadWasm()));
  registry.register('reference', TMM_KERNEL_PRIORITY.reference, () => referenceTmmKernel);
  return registry;
}
