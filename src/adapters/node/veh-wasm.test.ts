import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/stats/rng.ts';
import { OUTPUT_STRIDE } from '../../core/veh/oracle-layout.ts';
import { parseOracleRequest } from '../../core/veh/oracle.ts';
import { evaluateBatch as referenceBatch } from '../../core/veh/oracle-reference.ts';
import { randomVehBatch } from '../../core/kernels/veh-random-batch.ts';
import { createNodeVehBackendRegistry, createNodeVehOracle, loadNodeWasmVehBackend } from './veh-wasm.ts';

const request = parseOracleRequest({
  design: { beam_length_mm: 55, beam_width_mm: 15, substrate_thickness_um: 280, piezo_thickness_um: 150, tip_mass_g: 2.5, load_resistance_ohm: 10000 },
  excitation: { frequency_hz: 50, acceleration_g: 0.5 },
});

describe('node VEH oracle', () => {
  it('prefers wasm when build/wasm/veh-oracle.wasm exists', async () => {
    const oracle = await createNodeVehOracle();
    expect(oracle.backendId).toBe('wasm');
    expect(oracle.skipped).toEqual([]);
    const [viaMany] = await oracle.evaluateMany([request]);
    expect(await oracle.evaluate(request)).toEqual(viaMany);
  });

  it('falls back to the reference, saying why, when the wasm file is missing', async () => {
    const oracle = await createNodeVehOracle('/nonexistent/veh-oracle.wasm');
    expect(oracle.backendId).toBe('reference');
    expect(oracle.skipped).toEqual(['wasm unavailable: /nonexistent/veh-oracle.wasm not found (run npm run build:wasm)']);
    const wasm = await createNodeVehOracle();
    expect(oracle.evaluateSync(request)).toEqual(wasm.evaluateSync(request));
  });

  it('registers wasm above the reference', () => {
    expect(createNodeVehBackendRegistry().ids()).toEqual(['wasm', 'reference']);
  });

  it('loads the wasm backend directly', async () => {
    const backend = await loadNodeWasmVehBackend();
    const input = randomVehBatch(createRng(3), 2);
    const out = new Float64Array(2 * OUTPUT_STRIDE);
    const ref = new Float64Array(2 * OUTPUT_STRIDE);
    backend.evaluateBatch(input, 2, out);
    referenceBatch(input, 2, ref);
    expect(out).toEqual(ref);
  });
});
