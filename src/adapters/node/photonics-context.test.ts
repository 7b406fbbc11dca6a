import { describe, expect, it } from 'vitest';
import { createNodeSolveContext } from './photonics-context.ts';

describe('Node photonics context', () => {
  it('runs both WASM kernels when build/wasm has them, with the material library', async () => {
    const ctx = await createNodeSolveContext();
    expect(ctx.backends).toEqual({ mie: 'wasm', tmm: 'wasm', linalg: 'wasm', skipped: [] });
    expect(ctx.kernels.mie.id).toBe('wasm');
    expect(ctx.kernels.tmm.id).toBe('wasm');
    expect(ctx.materials.list().length).toBeGreaterThan(10);
    expect(ctx.materials.resolve({ n: 1.5, k: 0.1 }, 500)).toEqual({ n: 1.5, k: 0.1, warnings: [] });
  });

  it('falls back per kernel to the reference and says why', async () => {
    const ctx = await createNodeSolveContext({ tmmWasmPath: '/missing/photonics-tmm.wasm' });
    expect(ctx.backends).toEqual({
      mie: 'wasm',
      tmm: 'reference',
      linalg: 'wasm',
      skipped: ['tmm: wasm unavailable: /missing/photonics-tmm.wasm not found (run npm run build:wasm)'],
    });
    expect(ctx.kernels.tmm.id).toBe('reference');
  });
});
