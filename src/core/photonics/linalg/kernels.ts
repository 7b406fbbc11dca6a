/**
 * The dense linear-algebra kernel line-up shared by Node and the photonics worker: WASM first, the
 * TypeScript reference as the always-available fallback. Only how the wasm bytes are obtained
 * differs per platform.
 */
import { createBackendRegistry, type BackendRegistry } from '../../kernels/registry.ts';
import type { WasmSource } from '../../kernels/wasm-module.ts';
import type { DenseLinalgKernel } from './kernel.ts';
import { referenceLinalgKernel } from './reference-kernel.ts';
import { createWasmLinalgKernel } from './wasm-kernel.ts';

export const LINALG_KERNEL_PRIORITY = { wasm: 2, reference: 1 } as const;

export function createLinalgKernelRegistry(loadWasm: () => Promise<WasmSource>): BackendRegistry<DenseLinalgKernel> {
  const registry = createBackendRegistry<DenseLinalgKernel>();
  registry.register('wasm', LINALG_KERNEL_PRIORITY.wasm, async () => createWasmLinalgKernel(await loadWasm()));
  registry.register('reference', LINALG_KERNEL_PRIORITY.reference, () => referenceLinalgKernel);
  return registry;
}
