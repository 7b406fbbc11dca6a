/**
 * Node access to the TMM kernel: reads build/wasm/photonics-tmm.wasm and lets the shared backend
 * registry choose between it and the TypeScript reference (WASM first; when it cannot load, e.g.
 * before `npm run build:wasm`, the reference runs and the reason is kept).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeSkipped, type BackendRegistry } from '../../core/kernels/registry.ts';
import type { TmmKernel } from '../../core/photonics/tmm/kernel.ts';
import { createTmmKernelRegistry } from '../../core/photonics/tmm/kernels.ts';
import { createWasmTmmKernel } from '../../core/photonics/tmm/wasm-kernel.ts';

/** Resolved from this file, not the working directory, so the CLI works from anywhere. */
export const TMM_WASM_PATH = fileURLToPath(new URL('../../../build/wasm/photonics-tmm.wasm', import.meta.url));

async function readWasm(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${path} not found (run npm run build:wasm)`, { cause: e });
    throw e;
  }
}

export async function loadNodeWasmTmmKernel(path: string = TMM_WASM_PATH): Promise<TmmKernel> {
  return createWasmTmmKernel(await readWasm(path));
}

export function createNodeTmmKernelRegistry(path: string = TMM_WASM_PATH): BackendRegistry<TmmKernel> {
  return createTmmKernelRegistry(() => readWasm(path));
}

/** The best TMM kernel for this process, with "wasm unavailable: …" lines for any passed over. */
export async function selectNodeTmmKernel(path: string = TMM_WASM_PATH): Promise<{ kernel: TmmKernel; skipped: string[] }> {
  const selected = await createNodeTmmKernelRegistry(path).selectBackend();
  return { kernel: selected.backend, skipped: selected.skipped.map(describeSkipped) };
}
