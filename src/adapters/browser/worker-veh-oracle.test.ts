/**
 * The worker adapter against a stand-in Worker: a MessageChannel whose far port runs the real
 * worker API through comlink (the same wiring as workers/veh-oracle.worker.ts), plus the two things a
 * real Worker adds — terminate() and 'error' events — so crash handling can be exercised in Node.
 */
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFakeWorkers, fakeWorker } from './fake-worker.ts';
import { VEH_WASM_PATH } from '../node/veh-wasm.ts';
import { createRng } from '../../core/stats/rng.ts';
import { randomVehBatch } from '../../core/kernels/veh-random-batch.ts';
import { OUTPUT_STRIDE } from '../../core/veh/oracle-layout.ts';
import { evaluateBatch as referenceBatch } from '../../core/veh/oracle-reference.ts';
import { parseOracleRequest } from '../../core/veh/oracle.ts';
import { createVehOracleWorkerApi } from '../../../workers/veh-oracle-api.ts';
import { createWorkerVehOracle, WorkerOracleError } from './worker-veh-oracle.ts';

const request = parseOracleRequest({
  design: { beam_length_mm: 55, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 1e4 },
  excitation: { frequency_hz: 50, acceleration_g: 0.5 },
});

afterEach(closeFakeWorkers);

const realApi = () => createVehOracleWorkerApi(() => readFile(VEH_WASM_PATH));

describe('worker VEH oracle', () => {
  it('evaluates through comlink with the worker-chosen backend', async () => {
    const fake = fakeWorker(realApi());
    const oracle = await createWorkerVehOracle(() => fake.worker);
    expect(oracle.backendId).toBe('wasm');
    expect(oracle.skipped).toEqual([]);
    const [many] = await oracle.evaluateMany([request]);
    expect(await oracle.evaluate(request)).toEqual(many);

    const n = 64;
    const input = randomVehBatch(createRng(9), n);
    const ref = new Float64Array(n * OUTPUT_STRIDE);
    referenceBatch(input, n, ref);
    const out = await oracle.evaluateBatch(input, n);
    expect(out).toEqual(ref);
    expect(input.length).toBe(0); // the input buffer was transferred, not copied
    oracle.terminate();
    expect(fake.terminated()).toBe(true);
  });

  it('passes on the reasons a backend was skipped', async () => {
    const api = createVehOracleWorkerApi(() => Promise.reject(new Error('HTTP 404')));
    const oracle = await createWorkerVehOracle(() => fakeWorker(api).worker);
    expect(oracle.backendId).toBe('reference');
    expect(oracle.skipped).toEqual(['wasm unavailable: HTTP 404']);
    oracle.terminate();
  });

  it('rejects pending and later calls with a clear error when the worker crashes', async () => {
    const never = new Promise<never>(() => undefined);
    const hanging = { init: async () => ({ backend: 'wasm', skipped: [] }), evaluateMany: () => never };
    const fake = fakeWorker(hanging);
    const oracle = await createWorkerVehOracle(() => fake.worker);
    const pending = oracle.evaluateMany([request]);
    fake.crash('RuntimeError: unreachable');
    await expect(pending).rejects.toThrow(new WorkerOracleError('VEH oracle worker crashed: RuntimeError: unreachable; create a new oracle'));
    await expect(oracle.evaluate(request)).rejects.toThrow(/worker crashed/);
    expect(fake.terminated()).toBe(true);
  });

  it('rejects creation when the worker fails to load (error event without a message)', async () => {
    const silent = { init: () => new Promise<never>(() => undefined) };
    const fake = fakeWorker(silent);
    const creating = createWorkerVehOracle(() => fake.worker);
    fake.crash();
    await expect(creating).rejects.toThrow('VEH oracle worker crashed: the worker failed to load or threw an uncaught error; create a new oracle');
  });

  it('terminate() rejects calls still in flight', async () => {
    const hanging = { init: async () => ({ backend: 'reference', skipped: [] }), bench: () => new Promise<never>(() => undefined) };
    const oracle = await createWorkerVehOracle(() => fakeWorker(hanging).worker);
    const running = oracle.bench(1000);
    oracle.terminate();
    await expect(running).rejects.toThrow('VEH oracle worker was terminated');
  });
});
