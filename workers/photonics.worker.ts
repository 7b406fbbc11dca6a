/**
 * Web Worker entry of the photonics solvers. Exposes the API at once (no top-level await before
 * Comlink.expose, or early messages are lost); the WASM kernels are fetched on the first call and
 * compiled off the page's thread. Vite emits the .wasm files as assets and rewrites the URLs.
 */
import { expose } from 'comlink';
// no-inline: ship real .wasm files (served as application/wasm) rather than data: URLs, so a strict
// Content-Security-Policy works and the sub-path e2e test exercises the asset path.
import mieWasmUrl from '../build/wasm/photonics-mie.wasm?url&no-inline';
import tmmWasmUrl from '../build/wasm/photonics-tmm.wasm?url&no-inline';
import linalgWasmUrl from '../build/wasm/photonics-linalg.wasm?url&no-inline';
import { createPhotonicsWorkerApi } from './photonics-api.ts';

async function compile(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`fetching ${url} failed: HTTP ${response.status}`);
  // compile() from bytes rather than compileStreaming(): it does not depend on the server's MIME type.
  return WebAssembly.compile(await response.arrayBuffer());
}

expose(createPhotonicsWorkerApi({ mie: () => compile(mieWasmUrl), tmm: () => compile(tmmWasmUrl), linalg: () => compile(linalgWasmUrl) }));
