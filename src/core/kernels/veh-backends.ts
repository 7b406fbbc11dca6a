/**
 * The VEH oracle's backend line-up, shared by Node and the worker so both pick the same way:
 * WASM first (fast), the TypeScript reference as the always-available fallback. Only how the wasm
 * bytes are obtained differs per platform, so that is the one thing the caller passes in.
 */
import { referenceVehBackend } from './reference-veh-backend.ts';
import { createBackendRegistry, type BackendRegistry } from './registry.ts';
import type { VehOracleBackend } from './veh-backend.ts';
import { createWasmVehBackend } from './wasm-veh-backend.ts';

export const VEH_BACKEND_PRIORITY = { wasm: 2, reference: 1 } as const;

export type WasmSource = WebAssembly.Module | BufferSource;

export function createVehBackendRegistry(loadWasm: () => Promise<WasmSource>): BackendRegistry<VehOracleBackend> {
  const registry = createBackendRegistry<VehOracleBackend>();
  registry.register('wasm', VEH_BACKEND_PRIORITY.wasm, async () => createWasmVehBackend(await loadWasm()));
  registry.register('reference', VEH_BACKEND_PRIORITY.reference, () => referenceVehBackend);
  return registry;
}
