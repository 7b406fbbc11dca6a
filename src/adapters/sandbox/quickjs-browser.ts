/**
 * The QuickJS sandbox in the page (inside the evaluator's Web Worker): Vite serves the engine's
 * .wasm as an asset and the engine fetches it from that URL once.
 */
import type { Sandbox } from '../../core/sandbox/contract.ts';
import { quickJsSandbox } from './quickjs-sandbox.ts';

export function browserSandbox(): Sandbox {
  return quickJsSandbox({
    now: () => performance.now(),
    async loadModule() {
      const [{ newQuickJSWASMModuleFromVariant, newVariant }, { default: variant }, { default: wasmLocation }] = await Promise.all([
        import('quickjs-emscripten-core'),
        import('@jitl/quickjs-wasmfile-release-sync'),
        import('@jitl/quickjs-wasmfile-release-sync/wasm?url'),
      ]);
      return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmLocation }));
    },
  });
}
