/**
 * Node access to the circuit oracle: reads build/wasm/circuit-oracle.wasm from disk and lets the
 * shared registry choose between it and the reference (WASM wins when it loads; the reason is kept
 * when it does not, e.g. before `npm run build:wasm`).
 */
import type { CircuitOracleBackend } from '../../core/kernels/circuit-backend.ts';
import { createCircuitBackendRegistry } from '../../core/kernels/circuit-backends.ts';
import { createWasmCircuitBackend } from '../../core/kernels/circuit-wasm-backend.ts';
import type { BackendRegistry } from '../../core/kernels/registry.ts';
import { createDirectCircuitOracle, type DirectCircuitOracle } from '../../core/circuit-audit/oracle-direct.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

export const CIRCUIT_WASM_PATH = builtWasmPath('circuit-oracle.wasm');

export async function loadNodeWasmCircuitBackend(path: string = CIRCUIT_WASM_PATH): Promise<CircuitOracleBackend> {
  return createWasmCircuitBackend(await readWasm(path));
}

export function createNodeCircuitBackendRegistry(path: string = CIRCUIT_WASM_PATH): BackendRegistry<CircuitOracleBackend> {
  return createCircuitBackendRegistry(() => readWasm(path));
}

export interface NodeCircuitOracle extends DirectCircuitOracle {
  /** "wasm unavailable: …" lines for backends that were passed over. */
  readonly skipped: readonly string[];
}

export async function createNodeCircuitOracle(path: string = CIRCUIT_WASM_PATH): Promise<NodeCircuitOracle> {
  const { backend, skipped } = await selectWithReasons(createNodeCircuitBackendRegistry(path));
  return { ...createDirectCircuitOracle(backend), skipped };
}
