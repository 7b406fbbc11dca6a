import { describe, expect, it } from 'vitest';
import { createVehBackendRegistry, VEH_BACKEND_PRIORITY } from './veh-backends.ts';

describe('VEH backend line-up', () => {
  it('orders wasm before the reference', () => {
    expect(VEH_BACKEND_PRIORITY.wasm).toBeGreaterThan(VEH_BACKEND_PRIORITY.reference);
    expect(createVehBackendRegistry(() => Promise.reject(new Error('unused'))).ids()).toEqual(['wasm', 'reference']);
  });

  it('falls back to the reference when the wasm bytes do not compile, keeping the compile error', async () => {
    const reg = createVehBackendRegistry(async () => Uint8Array.from([0, 1, 2, 3]));
    const sel = await reg.selectBackend();
    expect(sel.id).toBe('reference');
    expect(sel.skipped).toHaveLength(1);
    expect(sel.skipped[0]?.id).toBe('wasm');
    expect(sel.skipped[0]?.reason).toMatch(/magic|WebAssembly|expected/i);
  });

  it('falls back when loading the bytes fails', async () => {
    const reg = createVehBackendRegistry(() => Promise.reject(new Error('fetch failed: 404')));
    const sel = await reg.selectBackend();
    expect(sel.id).toBe('reference');
    expect(sel.skipped).toEqual([{ id: 'wasm', reason: 'fetch failed: 404' }]);
  });
});
