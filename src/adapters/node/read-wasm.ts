/**
 * What the Node loaders of the WASM kernels (mie-wasm.ts, tmm-wasm.ts, veh-wasm.ts) share: where the
 * build puts a kernel, reading it with a hint when it was never built, and picking the best backend
 * of a registry with the reasons the others were passed over.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeSkipped, type BackendRegistry } from '../../core/kernels/registry.ts';

/** build/wasm/<file>, resolved from this file, not the working directory, so the CLI works from anywhere. */
export function builtWasmPath(file: string): string {
  return fileURLToPath(new URL(`../../../build/wasm/${file}`, import.meta.url));
}

/** The bytes of a built kernel; a missing file says to run npm run build:wasm. */
export async function readWasm(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${path} not found (run npm run build:wasm)`, { cause: e });
    throw e;
  }
}

export interface NodeSelection<T> {
  readonly backend: T;
  /** "wasm unavailable: …" lines for backends that were passed over. */
  readonly skipped: string[];
}

/** The registry's best backend for this process (WASM, else the reference) and why the others were skipped. */
export async function selectWithReasons<T>(registry: BackendRegistry<T>): Promise<NodeSelection<T>> {
  const selected = await registry.selectBackend();
  return { backend: selected.backend, skipped: selected.skipped.map(describeSkipped) };
}
