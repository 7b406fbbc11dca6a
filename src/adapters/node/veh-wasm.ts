/**
 * Node access to the VEH oracle: reads build/wasm/veh-oracle.wasm from disk and lets the shared
 * registry choose between it and the reference (WASM wins when it loads, with the reason recorded
 * when it does not, e.g. before `npm run build:wasm`).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeSkipped, type BackendRegistry } from '../../core/kernels/registry.ts';
import type { VehOracleBackend } from '../../core/kernels/veh-backend.ts';
import { createVehBackendRegistry } from '../../core/kernels/veh-backends.ts';
import { createWasmVehBackend, type WasmVehBackend } from '../../core/kernels/wasm-veh-backend.ts';
import { createDirectVehOracle, type DirectVehOracle } from '../../core/veh/direct-oracle.ts';

/** Resolved from this file, not the working directory, so the CLI works from anywhere. */
export const VEH_WASM_PATH = fileURLToPath(new URL('../../../build/wasm/veh-oracle.wasm', import.meta.url));

async function readWasm(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${path} not found (run npm run build:wasm)`, { cause: e });
    throw e;
  }
}

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
  const selected = await createNodeVehBackendRegistry(path).selectBackend();
  return { ...createDirectVehOracle(selected.backend), skipped: selected.skipped.map(describeSkipped) };
}
