import { describe, expect, it } from 'vitest';
import { createBackendRegistry } from '../../core/kernels/registry.ts';
import { builtWasmPath, readWasm, selectWithReasons } from './read-wasm.ts';

describe('read-wasm', () => {
  it('resolves build/wasm from the repository root and reads a built kernel', async () => {
    const path = builtWasmPath('photonics-tmm.wasm');
    expect(path.replaceAll('\\', '/')).toMatch(/\/build\/wasm\/photonics-tmm\.wasm$/);
    expect(Array.from((await readWasm(path)).subarray(0, 4))).toEqual([0x00, 0x61, 0x73, 0x6d]); // \0asm
  });

  it('says to run the build when the file is missing', async () => {
    await expect(readWasm('/nonexistent/k.wasm')).rejects.toThrow('/nonexistent/k.wasm not found (run npm run build:wasm)');
  });

  it('selects the best backend that builds and says why the others were skipped', async () => {
    const registry = createBackendRegistry<string>();
    registry.register('wasm', 2, () => readWasm('/nonexistent/k.wasm').then(() => 'wasm'));
    registry.register('reference', 1, () => 'reference');
    expect(await selectWithReasons(registry)).toEqual({ backend: 'reference', skipped: ['wasm unavailable: /nonexistent/k.wasm not found (run npm run build:wasm)'] });
  });
});
