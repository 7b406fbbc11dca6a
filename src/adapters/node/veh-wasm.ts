/**
 * Node access to the VEH oracle: reads build/wasm/veh-oracle.wasm from disk and lets the shared
 * registry choose between it and the reference (WASM wins when it loads, with the reason recorded
 * when it does not, e.g. before `npm run build:wasm`).
 */
import type { BackendRegistry } from '../../core/kernels/registry.ts';
import type { VehOracleBackend } from '../../core/kernels/veh-backend.ts';
import { createVehBackendRegistry } from '../../core/kernels/veh-backends.ts';
import { createWasmVehBackend, type WasmVehBackend } from '../../core/kernels/wasm-veh-backend.ts';
import { createDirectVehOracle, type DirectVehOracle } from '../../core/veh/direct-oracle.ts';
import { createJsonlLineFormatter, type JsonlLineFormatter } from '../../core/veh/oracle-jsonl-format.ts';
import { createRequestLineReader, type RequestLineReader } from '../../core/veh/oracle-jsonl-parse.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

export const VEH_WASM_PATH = builtWasmPath('veh-oracle.wasm');
export const JSONL_FORMAT_WASM_PATH = builtWasmPath('jsonl-format.wasm');
export const JSONL_PARSE_WASM_PATH = builtWasmPath('veh-jsonl-parse.wasm');

export async function loadNodeWasmVehBackend(path: string = VEH_WASM_PATH): Promise<WasmVehBackend> {
  return createWasmVehBackend(await readWasm(path));
}

export function createNodeVehBackendRegistry(path: string = VEH_WASM_PATH): BackendRegistry<VehOracleBackend> {
  return createVehBackendRegistry(() => readWasm(path));
}

export interface NodeVehOracle extends DirectVehOracle {
  /** "wasm unavailable: …" lines for backends that were passed over. */
  readonly skipped: readonly string[];
}

export async function createNodeVehOracle(path: string = VEH_WASM_PATH): Promise<NodeVehOracle> {
  const { backend, skipped } = await selectWithReasons(createNodeVehBackendRegistry(path));
  return { ...createDirectVehOracle(backend), skipped };
}

/** The WASM JSON-line formatter (oracle veh's output), or null when it was not built. */
export async function loadNodeJsonlFormatter(valueCount: number, boolIndex: number, path: string = JSONL_FORMAT_WASM_PATH): Promise<JsonlLineFormatter | null> {
  try {
    return await createJsonlLineFormatter(await readWasm(path), valueCount, boolIndex);
  } catch {
    return null;
  }
}

/** The WASM request-line reader (oracle veh's input), or null when it was not built. */
export async function loadNodeRequestLineReader(path: string = JSONL_PARSE_WASM_PATH): Promise<RequestLineReader | null> {
  try {
    return await createRequestLineReader(await readWasm(path));
  } catch {
    return null;
  }
}
