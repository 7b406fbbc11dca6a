import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { VEH_WASM_PATH } from '../src/adapters/node/veh-wasm.ts';
import { createRng } from '../src/core/stats/rng.ts';
import { randomVehBatch } from '../src/core/kernels/veh-random-batch.ts';
import { OUTPUT_STRIDE } from '../src/core/veh/oracle-layout.ts';
import { evaluateBatch as referenceBatch } from '../src/core/veh/oracle-reference.ts';
import { parseOracleRequest } from '../src/core/veh/oracle.ts';
import { createVehOracleWorkerApi } from './veh-oracle-api.ts';

const wasm = () => readFile(VEH_WASM_PATH);
const request = parseOracleRequest({
  design: { beam_length_mm: 55, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 1e4 },
  excitation: { frequency_hz: 50, acceleration_g: 0.5 },
});

describe('VEH oracle worker API', () => {
  it('init picks wasm and loads it once', async () => {
    let loads = 0;
    const api = createVehOracleWorkerApi(() => {
      loads++;
      return wasm();
    });
    expect(await api.init()).toEqual({ backend: 'wasm', skipped: [] });
    await api.init();
    await api.evaluateMany([request]);
    expect(loads).toBe(1);
  });

  it('falls back to the reference when the wasm cannot be fetched, reporting why', async () => {
    const api = createVehOracleWorkerApi(() => Promise.reject(new Error('fetching veh-oracle.wasm failed: HTTP 404')));
    expect(await api.init()).toEqual({ backend: 'reference', skipped: ['wasm unavailable: fetching veh-oracle.wasm failed: HTTP 404'] });
    expect(await api.evaluateMany([request])).toHaveLength(1);
  });

  it('evaluateBatch equals the reference and evaluateMany equals evaluateBatch', async () => {
    const api = createVehOracleWorkerApi(wasm);
    const n = 100;
    const input = randomVehBatch(createRng(5), n);
    const ref = new Float64Array(n * OUTPUT_STRIDE);
    referenceBatch(input, n, ref);
    expect(await api.evaluateBatch(input, n)).toEqual(ref);
    const [one] = await api.evaluateMany([request]);
    expect(one?.resonant_freq_hz).toBeGreaterThan(0);
  });

  it('bench reports a positive rate for the chosen backend', async () => {
    const api = createVehOracleWorkerApi(wasm);
    const r = await api.bench(60);
    expect(r.backend).toBe('wasm');
    expect(r.evalsPerSecond).toBeGreaterThan(0);
    expect(Number.isFinite(r.evalsPerSecond)).toBe(true);
  });
});
