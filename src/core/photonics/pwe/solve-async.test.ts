/**
 * The bands solve on a Θ backend: on the reference it reproduces the synchronous solve exactly; the
 * result names the backend that ran and why; a backend that fails mid-solve falls back to the
 * reference with a warning; the chooser keeps small bases on the CPU under 'auto'.
 */
import { describe, expect, it } from 'vitest';
import { literalResolver } from '../literal-resolver.ts';
import { solvePhotonicsAsync } from '../solve-async.ts';
import { solvePhotonics } from '../solve.ts';
import { choosePweBackend, createPweOperatorRegistry, GPU_MIN_PLANE_WAVES, loadPweBackends, type PweBackendSet } from './backend-choice.ts';
import { referencePweBackend, type ThetaOperatorBackend } from './operator-backend.ts';
import type { BandsSolveResult } from './solve.ts';

const ctx = { materials: literalResolver };
const rods = { kind: 'bands', lattice: 'square', background_epsilon: 1, shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }], polarization: 'both', plane_waves_per_axis: 9, k_points_per_segment: 2, bands: 3, method: 'fft' };

/** The reference's arithmetic under the GPU's id: a second backend that needs no GPU. */
const standIn: ThetaOperatorBackend = { ...referencePweBackend, id: 'webgpu', description: 'stand-in' };

/** Answers `good` block products, then throws as a lost device would. */
function failingAfter(good: number): ThetaOperatorBackend {
  let left = good;
  return {
    ...standIn,
    async create(op) {
      const inner = await referencePweBackend.create(op);
      return {
        ...inner,
        applyBlock: (xRe, xIm, count, yRe, yIm) => (left-- > 0 ? inner.applyBlock(xRe, xIm, count, yRe, yIm) : Promise.reject(new Error('device lost'))),
      };
    },
  };
}

const solveWith = (backend: ThetaOperatorBackend, problem: object = rods) =>
  solvePhotonicsAsync(problem, { ...ctx, pweBackend: () => ({ backend, reason: 'test' }) }) as Promise<BandsSolveResult>;

describe('solveBandsAsync', () => {
  it('on the reference gives the synchronous solve’s numbers exactly, and names the backend', async () => {
    const sync = solvePhotonics(rods, ctx) as BandsSolveResult;
    const async = await solveWith(referencePweBackend);
    expect(async.band_lines).toEqual(sync.band_lines);
    expect(async.gaps).toEqual(sync.gaps);
    expect(async.eigensolver).toEqual(sync.eigensolver);
    expect(async.backend).toBe('reference');
    expect(async.conventions.backend).toBe(`${referencePweBackend.description} (test)`);
  });

  it('a backend that fails mid-solve falls back to the reference and says so', async () => {
    const sync = solvePhotonics(rods, ctx) as BandsSolveResult;
    const r = await solveWith(failingAfter(5));
    expect(r.backend).toBe('reference');
    expect(r.band_lines).toEqual(sync.band_lines);
    expect(r.warnings.join(' ')).toContain('the webgpu backend failed (device lost); solved again on the reference backend');
    expect(r.conventions.backend).toContain('fallback after webgpu failed');
  });

  it('the dense method, and bands without a chooser, run the synchronous solver', async () => {
    const dense = { ...rods, method: 'dense' };
    let asked = 0;
    const r = await solvePhotonicsAsync(dense, { ...ctx, pweBackend: () => (asked++, { backend: standIn, reason: 'test' }) });
    expect(asked).toBe(0);
    expect(r).toEqual(solvePhotonics(dense, ctx));
    expect(await solvePhotonicsAsync(rods, ctx)).toEqual(solvePhotonics(rods, ctx));
  });

  it('passes the basis size P² to the chooser and carries its warning', async () => {
    const asked: number[] = [];
    const r = (await solvePhotonicsAsync(rods, {
      ...ctx,
      pweBackend: (n) => (asked.push(n), { backend: referencePweBackend, reason: 'r', warning: 'WebGPU was requested but is unavailable' }),
    })) as BandsSolveResult;
    expect(asked).toEqual([81]);
    expect(r.warnings).toContain('WebGPU was requested but is unavailable');
  });
});

describe('choosePweBackend', () => {
  const withGpu: PweBackendSet = { reference: referencePweBackend, gpu: standIn, skipped: [] };
  const without: PweBackendSet = { reference: referencePweBackend, gpu: null, skipped: ['webgpu unavailable: no adapter'] };

  it('auto keeps bases below the threshold on the CPU; forcing overrides; an unavailable GPU warns', () => {
    expect(choosePweBackend(withGpu, 'auto', GPU_MIN_PLANE_WAVES - 1)).toMatchObject({ backend: { id: 'reference' }, reason: expect.stringContaining('small problems stay on the CPU') });
    expect(choosePweBackend(withGpu, 'auto', GPU_MIN_PLANE_WAVES).backend.id).toBe('webgpu');
    expect(choosePweBackend(withGpu, 'webgpu', 9).backend.id).toBe('webgpu');
    expect(choosePweBackend(withGpu, 'reference', 1e6).backend.id).toBe('reference');
    const forced = choosePweBackend(without, 'webgpu', 1e6);
    expect(forced.backend.id).toBe('reference');
    expect(forced.warning).toContain('no adapter');
  });

  it('the registry puts WebGPU first and falls back with the reason', async () => {
    expect((await loadPweBackends(createPweOperatorRegistry(() => standIn))).gpu?.id).toBe('webgpu');
    const set = await loadPweBackends(createPweOperatorRegistry(() => Promise.reject(new Error('WGSL pwe-dft does not compile'))));
    expect(set.gpu).toBeNull();
    expect(set.skipped).toEqual(['webgpu unavailable: WGSL pwe-dft does not compile']);
  });
});
