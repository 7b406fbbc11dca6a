/**
 * The worker API's DDA backend handling, in Node: WebGPU is missing here, so the registry keeps
 * its reason; a GPU stand-in (the O(N²) direct CPU operator under the 'webgpu' id) shows that the
 * preference and the size rule route each problem, and that the result says which backend ran.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIE_WASM_PATH } from '../src/adapters/node/mie-wasm.ts';
import { TMM_WASM_PATH } from '../src/adapters/node/tmm-wasm.ts';
import { directDdaBackend, type DdaOperatorBackend } from '../src/core/photonics/dda/operator-backend.ts';
import { createPhotonicsWorkerApi, type PhotonicsWasmLoaders } from './photonics-api.ts';

const loaders: PhotonicsWasmLoaders = { mie: () => readFile(MIE_WASM_PATH), tmm: () => readFile(TMM_WASM_PATH) };
const standIn: DdaOperatorBackend = { ...directDdaBackend, id: 'webgpu' };

/** ADDA-like sphere (m = 1.5) with `across` dipoles: 8 → 16³ FFT grid (below the 32³ auto threshold), 12 → 32³. */
const sphere = (across: number) => ({ kind: 'dda', particle: { shape: 'sphere', radius_nm: 321.551 }, material: { n: 1.5, k: 0 }, wavelength_nm: 600, dipoles_across: across });

type DdaOut = { backend: string; qext: number; warnings: string[]; conventions: Record<string, string> };

describe('photonics worker API: DDA backends', () => {
  it('reports WebGPU as unavailable with the reason, and solves on the reference', async () => {
    const api = createPhotonicsWorkerApi(loaders);
    const info = await api.ddaBackends();
    expect(info.available).toEqual(['reference']);
    expect(info.skipped.join(' ')).toMatch(/^webgpu unavailable: navigator\.gpu is missing/);
    expect(info.preference).toBe('auto');
    await api.setBackendPreference({ dda: 'webgpu' });
    const out = (await api.solve(sphere(8))).result as unknown as DdaOut;
    expect(out.backend).toBe('reference');
    expect(out.warnings.join(' ')).toContain('WebGPU was requested but is unavailable');
  });

  it('auto keeps a 16³ grid on the CPU and sends a 32³ one to the GPU backend; forcing overrides both', async () => {
    const api = createPhotonicsWorkerApi(loaders, () => 0, () => Promise.resolve(standIn));
    expect((await api.ddaBackends()).available).toEqual(['webgpu', 'reference']);
    const small = (await api.solve(sphere(8))).result as unknown as DdaOut;
    const large = (await api.solve(sphere(12))).result as unknown as DdaOut;
    expect(small.backend).toBe('reference');
    expect(small.conventions.backend).toContain('small problems stay on the CPU');
    expect(large.backend).toBe('webgpu');
    await api.setBackendPreference({ dda: 'reference' });
    const forced = (await api.solve(sphere(12))).result as unknown as DdaOut;
    expect(forced.backend).toBe('reference');
    expect(forced.conventions.backend).toContain('forced by the user');
    // Both f64 operators: the same Qext to the residual's precision.
    expect(Math.abs(forced.qext / large.qext - 1)).toBeLessThan(1e-8);
    await expect(api.setBackendPreference({ dda: 'gpu' })).rejects.toThrow(/auto|webgpu|reference/);
  }, 60_000);

  it('a GPU whose device is lost drops out of the available list, names the reason, and no longer gets problems', async () => {
    let lost: string | null = null;
    const fragile: DdaOperatorBackend = { ...standIn, unavailableReason: () => lost };
    const api = createPhotonicsWorkerApi(loaders, () => 0, () => Promise.resolve(fragile));
    expect(((await api.solve(sphere(12))).result as unknown as DdaOut).backend).toBe('webgpu');
    lost = 'the GPU device was lost (unknown): driver reset';
    const info = await api.ddaBackends();
    expect(info.available).toEqual(['reference']);
    expect(info.skipped).toContain('webgpu unavailable: the GPU device was lost (unknown): driver reset');
    const after = (await api.solve(sphere(12))).result as unknown as DdaOut;
    expect(after.backend).toBe('reference');
    expect(after.conventions.backend).toContain('webgpu unavailable: the GPU device was lost');
  });
});
