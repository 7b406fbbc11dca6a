/**
 * The worker API's plane-wave Θ backends, in Node: WebGPU is missing here, so the registry keeps
 * its reason; GPU stand-ins (the f32 CPU replay of the WebGPU kernels, and the f64 reference,
 * under the 'webgpu' id) show that the preference and the size rule route each bands problem, that
 * the result says which backend ran, and that the DDA preference is independent.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIE_WASM_PATH } from '../src/adapters/node/mie-wasm.ts';
import { TMM_WASM_PATH } from '../src/adapters/node/tmm-wasm.ts';
import { replayPweBackend } from '../src/adapters/browser/webgpu/pwe-plan.ts';
import { referencePweBackend, type ThetaOperatorBackend } from '../src/core/photonics/pwe/operator-backend.ts';
import { createPhotonicsWorkerApi, type PhotonicsWasmLoaders } from './photonics-api.ts';

const loaders: PhotonicsWasmLoaders = { mie: () => readFile(MIE_WASM_PATH), tmm: () => readFile(TMM_WASM_PATH) };
const f32StandIn: ThetaOperatorBackend = { ...replayPweBackend, id: 'webgpu' };
const f64StandIn: ThetaOperatorBackend = { ...referencePweBackend, id: 'webgpu', description: 'f64 stand-in' };

/** ε = 12 rods, r = 0.2a, TM, fft method. */
const rods = (P: number, k = 2) => ({
  kind: 'bands',
  lattice: 'square',
  background_epsilon: 1,
  shapes: [{ shape: 'circle', radius_a: 0.2, epsilon: 12 }],
  polarization: 'TM',
  plane_waves_per_axis: P,
  k_points_per_segment: k,
  bands: 2,
  method: 'fft',
  convergence_check: false,
});

type BandsOut = { backend: string; band_lines: { frequency: number[] }[]; warnings: string[]; conventions: Record<string, string> };

describe('photonics worker API: PWE backends', () => {
  it('reports WebGPU as unavailable with the reason, and solves on the reference', async () => {
    const api = createPhotonicsWorkerApi(loaders);
    const info = await api.pweBackends();
    expect(info.available).toEqual(['reference']);
    expect(info.skipped.join(' ')).toMatch(/^webgpu unavailable: navigator\.gpu is missing/);
    expect(info.preference).toBe('auto');
    expect(await api.setBackendPreference({ pwe: 'webgpu' })).toEqual({ dda: 'auto', pwe: 'webgpu' });
    const out = (await api.solve(rods(11))).result as unknown as BandsOut;
    expect(out.backend).toBe('reference');
    expect(out.warnings.join(' ')).toContain('WebGPU was requested but is unavailable');
  });

  it('auto keeps a small basis on the CPU and sends 41² plane waves to the GPU; forcing overrides; f32 agrees', async () => {
    const api = createPhotonicsWorkerApi(loaders, () => 0, { pwe: () => Promise.resolve(f64StandIn) });
    expect((await api.pweBackends()).available).toEqual(['webgpu', 'reference']);
    const small = (await api.solve(rods(11))).result as unknown as BandsOut;
    expect(small.backend).toBe('reference');
    expect(small.conventions.backend).toContain('small problems stay on the CPU');
    const large = (await api.solve(rods(41, 1))).result as unknown as BandsOut;
    expect(large.backend).toBe('webgpu');
    expect(large.conventions.backend).toContain('f64 stand-in');

    const f32 = createPhotonicsWorkerApi(loaders, () => 0, { pwe: () => Promise.resolve(f32StandIn) });
    await f32.setBackendPreference({ pwe: 'webgpu' });
    const forced = (await f32.solve(rods(11))).result as unknown as BandsOut;
    expect(forced.backend).toBe('webgpu');
    expect(forced.conventions.backend).toContain('forced by the user');
    small.band_lines.forEach((line, b) =>
      line.frequency.forEach((w, k) => {
        const g = forced.band_lines[b]!.frequency[k]!;
        expect(Math.abs(g - w)).toBeLessThanOrEqual(1e-5 * w);
      }),
    );
    // Not bit-identical: the stand-in really computed in f32.
    expect(forced.band_lines).not.toEqual(small.band_lines);
  }, 120_000);

  it('the DDA and PWE preferences are separate and validated', async () => {
    const api = createPhotonicsWorkerApi(loaders);
    expect(await api.setBackendPreference({ dda: 'reference' })).toEqual({ dda: 'reference', pwe: 'auto' });
    expect(await api.setBackendPreference({ pwe: 'reference' })).toEqual({ dda: 'reference', pwe: 'reference' });
    await expect(api.setBackendPreference({ pwe: 'gpu' })).rejects.toThrow(/auto|webgpu|reference/);
    await expect(api.setBackendPreference({})).rejects.toThrow(/name an operator/);
    await expect(api.setBackendPreference({ rcwa: 'webgpu' })).rejects.toThrow();
  });

  it('checkPweBackends runs the parity suite on what is available', async () => {
    const api = createPhotonicsWorkerApi(loaders, () => 0, { pwe: () => Promise.resolve(f32StandIn) });
    const report = await api.checkPweBackends();
    expect(new Set(report.rows.map((r) => r.backend))).toEqual(new Set(['webgpu', 'reference']));
    expect(report.pass).toBe(true);
  }, 120_000);
});
