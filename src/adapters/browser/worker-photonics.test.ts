/**
 * The worker adapter against a stand-in Worker: a MessageChannel whose far port runs the real
 * photonics worker API through comlink (the wiring of workers/photonics.worker.ts), plus what a real
 * Worker adds — terminate() and 'error' events — so crash handling can be exercised in Node.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFakeWorkers, fakeWorker } from './fake-worker.ts';
import { MIE_WASM_PATH } from '../node/mie-wasm.ts';
import { TMM_WASM_PATH } from '../node/tmm-wasm.ts';
import { createPhotonicsWorkerApi } from '../../../workers/photonics-api.ts';
import { createWorkerPhotonics, PhotonicsWorkerError } from './worker-photonics.ts';

afterEach(closeFakeWorkers);

const realApi = () => createPhotonicsWorkerApi({ mie: () => readFile(MIE_WASM_PATH), tmm: () => readFile(TMM_WASM_PATH) });
const SPHERE = { kind: 'scattering', particle: { shape: 'sphere', radius_nm: 525, material: { n: 1.55, k: 0 } }, wavelength_nm: 632.8 };
const BACKENDS = { mie: 'wasm', tmm: 'wasm', skipped: [] };

describe('worker photonics', () => {
  it('solves, lists and imports materials through comlink', async () => {
    const fake = fakeWorker(realApi());
    const photonics = await createWorkerPhotonics(() => fake.worker);
    expect(photonics.backends).toEqual(BACKENDS);
    const { result } = await photonics.solve(SPHERE);
    expect((result as { kind: string }).kind).toBe('scattering');
    expect((await photonics.materials()).length).toBeGreaterThan(10);
    photonics.terminate();
    expect(fake.terminated()).toBe(true);
  });

  it('passes a validation error on with its message (every issue, with its path)', async () => {
    const photonics = await createWorkerPhotonics(() => fakeWorker(realApi()).worker);
    await expect(photonics.solve({ ...SPHERE, wavelength_nm: -5 })).rejects.toThrow(/wavelength_nm/);
    // The worker is still usable afterwards: a refused problem is not a crash.
    await expect(photonics.solve(SPHERE)).resolves.toBeDefined();
    photonics.terminate();
  });

  it('rejects pending and later calls with a clear error when the worker crashes', async () => {
    const hanging = { backends: async () => BACKENDS, solve: () => new Promise<never>(() => undefined) };
    const fake = fakeWorker(hanging);
    const photonics = await createWorkerPhotonics(() => fake.worker);
    const pending = photonics.solve(SPHERE);
    fake.crash('RuntimeError: unreachable');
    await expect(pending).rejects.toThrow(new PhotonicsWorkerError('the photonics worker crashed: RuntimeError: unreachable; restart it'));
    await expect(photonics.materials()).rejects.toThrow(/worker crashed/);
    expect(fake.terminated()).toBe(true);
  });

  it('rejects creation when the worker fails to load (error event without a message)', async () => {
    const fake = fakeWorker({ backends: () => new Promise<never>(() => undefined) });
    const creating = createWorkerPhotonics(() => fake.worker);
    fake.crash();
    await expect(creating).rejects.toThrow('the photonics worker crashed: the worker failed to load or threw an uncaught error; restart it');
  });

  it('terminate() rejects calls still in flight', async () => {
    const photonics = await createWorkerPhotonics(() => fakeWorker({ backends: async () => BACKENDS, solve: () => new Promise<never>(() => undefined) }).worker);
    const running = photonics.solve(SPHERE);
    photonics.terminate();
    await expect(running).rejects.toThrow('the photonics worker was terminated');
  });
});
