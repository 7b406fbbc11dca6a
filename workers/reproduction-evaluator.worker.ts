/**
 * Web Worker entry of the paper-reproduction evaluator: exposes the API at once; the photonics
 * kernels, the VEH oracle and the QuickJS sandbox load on the first call. Vite emits the .wasm
 * files (ours and the sandbox engine's) as assets.
 */
import { expose } from 'comlink';
import mieWasmUrl from '../build/wasm/photonics-mie.wasm?url&no-inline';
import tmmWasmUrl from '../build/wasm/photonics-tmm.wasm?url&no-inline';
import linalgWasmUrl from '../build/wasm/photonics-linalg.wasm?url&no-inline';
import { createReproductionWorkerApi } from './reproduction-evaluator-api.ts';

async function compile(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url} failed: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

expose(createReproductionWorkerApi({ mie: () => compile(mieWasmUrl), tmm: () => compile(tmmWasmUrl), linalg: () => compile(linalgWasmUrl) }));
