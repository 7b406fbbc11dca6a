/**
 * Web Worker entry of the VEH oracle. Exposes the API at once (no top-level await before
 * Comlink.expose, or early messages are lost); the wasm is fetched on the first init() call and
 * compiled off the page's thread. Vite emits the .wasm as an asset and rewrites the URL.
 */
import { expose } from 'comlink';
// no-inline: ship a real .wasm file (served as application/wasm) rather than a data: URL, so a
// strict Content-Security-Policy works and the sub-path e2e test exercises the asset path.
import wasmUrl from '../build/wasm/veh-oracle.wasm?url&no-inline';
import { createVehOracleWorkerApi } from './veh-oracle-api.ts';

async function loadWasm(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`fetching ${wasmUrl} failed: HTTP ${response.status}`);
  // compile() from bytes rather than compileStreaming(): it does not depend on the server's MIME type.
  return WebAssembly.compile(await response.arrayBuffer());
}

expose(createVehOracleWorkerApi(loadWasm));
