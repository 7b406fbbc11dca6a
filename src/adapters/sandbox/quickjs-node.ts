/**
 * The QuickJS sandbox in Node (CLI, tests, the evaluator's worker thread). The engine's .wasm is
 * read from node_modules and handed over as bytes, so the bundled CLI (build/cli, where the
 * package's own relative lookup would miss) loads it too.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { Sandbox } from '../../core/sandbox/contract.ts';
import { quickJsSandbox } from './quickjs-sandbox.ts';

export function nodeSandbox(): Sandbox {
  return quickJsSandbox({
    now: () => performance.now(),
    async loadModule() {
      const [{ newQuickJSWASMModuleFromVariant, newVariant }, { default: variant }] = await Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]);
      const wasmPath = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
      const wasmBinary = await readFile(wasmPath);
      return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.byteLength) }));
    },
  });
}
