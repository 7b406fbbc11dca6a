/**
 * The Mie kernel line-up shared by Node and the photonics worker: WASM first, the TypeScript reference
 * as the always-available fallback. Only how the wasm bytes are obtained differs per platform.
 */
import { createBackendRegistry, type BackendRegistry } from '../../kernels/registry.ts';
import type { MieKernel } from './kernel.ts';
import { referenceMieKernel } from './reference.ts';
import { createWasmMieKernel } from './wasm-kernel.ts';

export const MIE_KERNEL_PRIORITY = { wasm: 2, reference: 1 } as const;

export function createMieKernelRegistry(loadWasm: () => Promise<WebAssembly.Module | BufferSource>): BackendRegistry<MieKernel> {
  const registry = createBackendRegistry<MieKernel>();
  registry.register('wasm', MIE_KERNEL_PRIORITY.wasm, async () => createWasmMieKernel(await loadWasm()));
  registry.register('reference', MIE_KERNEL_PRIORITY.reference, () => referenceMieKernel);
  return registry;
}
