/** The async DDA solve: the same answer as the synchronous one on the reference, and a failing backend falls back. */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { referenceDdaBackend, type DdaOperatorBackend } from './operator-backend.ts';
import { DdaProblemSchema } from './problem.ts';
import { solveDdaAsync } from './solve-async.ts';
import { solveDda } from './solve.ts';

const ctx = { materials: literalResolver };
const problem = DdaProblemSchema.parse({ kind: 'dda', particle: { shape: 'cube', edge_nm: 200 }, material: { n: 1.5, k: 0.1 }, wavelength_nm: 600, dipoles_across: 6 });

describe('solveDdaAsync', () => {
  it('on the reference backend gives bit-identical numbers to the synchronous solver, and names the backend', async () => {
    const sync = solveDda(problem, ctx);
    const async = await solveDdaAsync(problem, ctx, { backend: referenceDdaBackend, reason: 'test' });
    expect(async.qext).toBe(sync.qext);
    expect(async.qabs).toBe(sync.qabs);
    expect(async.iterations).toBe(sync.iterations);
    expect(async.backend).toBe('reference');
    expect(async.conventions.backend).toBe(`${referenceDdaBackend.description} (test)`);
  });

  it('falls back to the reference when a backend fails mid-solve, and says so', async () => {
    let products = 0;
    const losing: DdaOperatorBackend = {
      ...referenceDdaBackend,
      id: 'webgpu',
      create: async (input) => {
        const op = await referenceDdaBackend.create(input);
        return {
          ...op,
          apply: (xRe, xIm, yRe, yIm) => (++products > 3 ? Promise.reject(new Error('the GPU device was lost (unknown): gone')) : op.apply(xRe, xIm, yRe, yIm)),
        };
      },
    };
    const r = await solveDdaAsync(problem, ctx, { backend: losing, reason: 'test' });
    expect(r.backend).toBe('reference');
    expect(r.warnings.join(' ')).toContain('the webgpu backend failed (the GPU device was lost (unknown): gone)');
    expect(r.qext).toBe(solveDda(problem, ctx).qext);
  });

  it('a cancelled solve stays cancelled instead of falling back', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(solveDdaAsync(problem, ctx, { backend: { ...referenceDdaBackend, id: 'webgpu' }, reason: 'test' }, { signal: controller.signal })).rejects.toThrow('cancelled by the user');
  });
});
