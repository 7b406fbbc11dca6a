/**
 * Circuit parity: every backend the Node registry knows (reference, wasm) must reproduce the
 * TypeScript reference (src/core/circuit-audit/oracle-reference.ts) bit for bit (Object.is per double) on
 * random requests of every family, unenforced (±Infinity) limits and the N.8 walkthrough designs.
 */
import { describe, expect, it } from 'vitest';
import { createNodeCircuitBackendRegistry, createNodeCircuitOracle } from '../../adapters/node/circuit-wasm.ts';
import { builtWasmPath, readWasm } from '../../adapters/node/read-wasm.ts';
import { createWasmCircuitBackend } from './circuit-wasm-backend.ts';
import { CIN, CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE } from '../circuit-audit/oracle-layout.ts';
import { evaluateCircuitBatch } from '../circuit-audit/oracle-reference.ts';
import { createRng } from '../stats/rng.ts';

const COUNT = 5000;

function randomBatch(seed: number): Float64Array {
  const rng = createRng(seed);
  const logU = (lo: number, hi: number): number => Math.exp(rng.uniform(Math.log(lo), Math.log(hi)));
  const buf = new Float64Array(COUNT * CIRCUIT_INPUT_STRIDE);
  for (let i = 0; i < COUNT; i++) {
    const o = i * CIRCUIT_INPUT_STRIDE;
    const family = i % 4;
    buf[o + CIN.family] = family;
    buf[o + CIN.x0] = logU(1, 1e6);
    buf[o + CIN.x1] = family === 3 ? logU(1, 1e6) : logU(0.01, 1000);
    buf[o + CIN.x2] = family === 2 ? logU(0.1, 1000) : 0;
    buf[o + CIN.vinV] = logU(0.5, 48);
    buf[o + CIN.target] = logU(0.1, 2e5);
    buf[o + CIN.strayPf] = rng.uniform(0, 500);
    buf[o + CIN.windingPf] = rng.uniform(0, 50);
    buf[o + CIN.loadOhm] = rng.next() < 0.3 ? 0 : logU(1e3, 1e6);
    buf[o + CIN.maxTargetErrorPct] = rng.next() < 0.2 ? Infinity : rng.uniform(0.5, 10);
    buf[o + CIN.maxSourceCurrentMa] = rng.next() < 0.2 ? Infinity : logU(0.01, 100);
    buf[o + CIN.maxPowerMw] = rng.next() < 0.5 ? Infinity : logU(0.01, 1000);
    buf[o + CIN.maxToleranceShiftPct] = rng.next() < 0.2 ? Infinity : rng.uniform(0.5, 10);
    buf[o + CIN.minQ] = family === 2 && rng.next() < 0.7 ? rng.uniform(0.5, 20) : -Infinity;
  }
  return buf;
}

function reference(input: Float64Array): Float64Array {
  const n = input.length / CIRCUIT_INPUT_STRIDE;
  const out = new Float64Array(n * CIRCUIT_OUTPUT_STRIDE);
  evaluateCircuitBatch(input, n, out, CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE);
  return out;
}

function firstMismatch(a: Float64Array, b: Float64Array): string | null {
  if (a.length !== b.length) return `length ${b.length} ≠ ${a.length}`;
  for (let k = 0; k < a.length; k++) {
    if (!Object.is(a[k], b[k])) return `request ${Math.floor(k / CIRCUIT_OUTPUT_STRIDE)} slot ${k % CIRCUIT_OUTPUT_STRIDE}: ${b[k]} ≠ ${a[k]}`;
  }
  return null;
}

const registry = createNodeCircuitBackendRegistry();

describe.each(registry.ids())('circuit backend %s', (id) => {
  it(`matches the reference bit for bit on ${COUNT} random requests (all families, some limits unenforced)`, async () => {
    const backend = await registry.create(id);
    const input = randomBatch(20261201);
    const out = new Float64Array(COUNT * CIRCUIT_OUTPUT_STRIDE);
    backend.evaluateBatch(input, COUNT, out);
    expect(firstMismatch(reference(input), out)).toBeNull();
  });

  it('gives the same bits one request at a time as in a batch (no hidden state)', async () => {
    const backend = await registry.create(id);
    const input = randomBatch(7).subarray(0, 40 * CIRCUIT_INPUT_STRIDE);
    const batch = new Float64Array(40 * CIRCUIT_OUTPUT_STRIDE);
    backend.evaluateBatch(input, 40, batch);
    for (let i = 0; i < 40; i++) {
      const one = new Float64Array(CIRCUIT_OUTPUT_STRIDE);
      backend.evaluateBatch(input.slice(i * CIRCUIT_INPUT_STRIDE, (i + 1) * CIRCUIT_INPUT_STRIDE), 1, one);
      expect(firstMismatch(batch.subarray(i * CIRCUIT_OUTPUT_STRIDE, (i + 1) * CIRCUIT_OUTPUT_STRIDE), one)).toBeNull();
    }
  });
});

describe('circuit backend selection', () => {
  it('picks wasm when the kernel is built, and falls back to the reference with the reason otherwise', async () => {
    const oracle = await createNodeCircuitOracle();
    expect(oracle.backendId).toBe('wasm');
    const missing = await createNodeCircuitOracle('/nonexistent/circuit-oracle.wasm');
    expect(missing.backendId).toBe('reference');
    expect(missing.skipped.join('\n')).toMatch(/^wasm unavailable: /);
    const req = { family: 'rc_lowpass', design: { r_ohm: 15000, c_nf: 10.6 }, context: { vin_v: 5, target_value: 1000, stray_pf: 200, winding_pf: 0, load_ohm: null }, constraints: {} } as const;
    expect(await oracle.evaluate(req)).toEqual(await missing.evaluate(req));
  });

  it('refuses a kernel with another layout (the VEH kernel), so the registry would fall back', async () => {
    await expect(createWasmCircuitBackend(await readWasm(builtWasmPath('veh-oracle.wasm')))).rejects.toThrow(/circuit-oracle\.wasm layout mismatch: strides 19\/16, expected 14\/13/);
  });
});
