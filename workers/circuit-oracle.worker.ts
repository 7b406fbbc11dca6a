/**
 * Web Worker entry of the circuit-audit oracle (the VEH worker's twin): exposes the API at once and
 * compiles the wasm on the first init(), off the page's thread.
 */
import { expose } from 'comlink';
import wasmUrl from '../build/wasm/circuit-oracle.wasm?url&no-inline';
import { createCircuitOracleWorkerApi } from './circuit-oracle-api.ts';

async function loadWasm(): Promise<WebAssembly.Module> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`fetching ${wasmUrl} failed: HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

expose(createCircuitOracleWorkerApi(loadWasm));
