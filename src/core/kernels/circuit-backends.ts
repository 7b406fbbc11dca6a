/**
 * The circuit oracle's backend line-up, shared by Node and a worker: WASM first, the TypeScript
 * reference as the always-available fallback (same priorities as the VEH registry).
 */
import type { CircuitOracleBackend } from './circuit-backend.ts';
import { referenceCircuitBackend } from './circuit-reference-backend.ts';
import { createWasmCircuitBackend } from './circuit-wasm-backend.ts';
import { createBackendRegistry, type BackendRegistry } from './registry.ts';
import type { WasmSource } from './wasm-module.ts';

export const CIRCUIT_BACKEND_PRIORITY = { wasm: 2, reference: 1 } as const;

export function createCircuitBackendRegistry(loadWasm: () => Promise<WasmSource>): BackendRegistry<CircuitOracleBackend> {
  const registry = createBackendRegistry<CircuitOracleBackend>();
  registry.register('wasm', CIRCUIT_BACKEND_PRIORITY.wasm, async () => createWasmCircuitBackend(await loadWasm()));
  registry.register('reference', CIRCUIT_BACKEND_PRIORITY.reference, () => referenceCircuitBackend);
  return registry;
}
