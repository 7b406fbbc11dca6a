import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VEH_WASM_PATH } from '../../adapters/node/veh-wasm.ts';
import { createRng } from '../stats/rng.ts';
import { INPUT_STRIDE, OUTPUT_STRIDE } from '../veh/oracle-layout.ts';
import { evaluateBatch as referenceBatch } from '../veh/oracle-reference.ts';
import { randomVehBatch } from './veh-random-batch.ts';
import { createWasmVehBackend } from './wasm-veh-backend.ts';

const bytes = readFileSync(VEH_WASM_PATH);

/**
 * A hand-assembled module with the kernel's exports but strides 20/16, i.e. a kernel built from a
 * different layout. Sections: type, function, memory, export, code (WebAssembly core spec §5.5).
 */
function wrongLayoutModule(): Uint8Array {
  const str = (s: string): number[] => [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
  const section = (id: number, body: number[]): number[] => [id, body.length, ...body];
  const types = [3, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 1, 0x7f, 0x60, 3, 0x7f, 0x7f, 0x7f, 0];
  const funcs = [4, 0, 1, 1, 2]; // alloc:(i32)→i32, inputStride, outputStride:()→i32, evaluateBatch:(i32,i32,i32)→()
  const memory = [1, 0, 1];
  const exports = [
    5,
    ...str('alloc'), 0, 0,
    ...str('inputStride'), 0, 1,
    ...str('outputStride'), 0, 2,
    ...str('evaluateBatch'), 0, 3,
    ...str('memory'), 2, 0,
  ];
  const code = [4, 4, 0, 0x41, 16, 0x0b, 4, 0, 0x41, 20, 0x0b, 4, 0, 0x41, 16, 0x0b, 2, 0, 0x0b];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, types),
    ...section(3, funcs),
    ...section(5, memory),
    ...section(7, exports),
    ...section(10, code),
  ]);
}

describe('wasm VEH backend', () => {
  it('accepts bytes or a compiled module', async () => {
    const fromBytes = await createWasmVehBackend(bytes);
    const fromModule = await createWasmVehBackend(await WebAssembly.compile(bytes));
    const input = randomVehBatch(createRng(7), 3);
    const a = new Float64Array(3 * OUTPUT_STRIDE);
    const b = new Float64Array(3 * OUTPUT_STRIDE);
    const ref = new Float64Array(3 * OUTPUT_STRIDE);
    fromBytes.evaluateBatch(input, 3, a);
    fromModule.evaluateBatch(input, 3, b);
    referenceBatch(input, 3, ref);
    expect(fromBytes.id).toBe('wasm');
    expect(Array.from(a)).toEqual(Array.from(ref));
    expect(Array.from(b)).toEqual(Array.from(ref));
  });

  it('grows its buffers for a larger batch and stays correct afterwards (views re-created after memory.grow)', async () => {
    const backend = await createWasmVehBackend(bytes);
    const initial = backend.capacity();
    const n = 50_000; // 50k × (19 + 16) × 8 B ≈ 14 MB: forces the 64 KiB-page memory to grow
    const big = randomVehBatch(createRng(11), n);
    const out = new Float64Array(n * OUTPUT_STRIDE);
    backend.evaluateBatch(big, n, out);
    expect(backend.capacity()).toBeGreaterThanOrEqual(n);
    expect(initial).toBeLessThan(n);
    const ref = new Float64Array(n * OUTPUT_STRIDE);
    referenceBatch(big, n, ref);
    let differing = 0;
    for (let k = 0; k < ref.length; k++) if (!Object.is(out[k], ref[k])) differing++;
    expect(differing).toBe(0);
    // A small batch after growth reuses the grown regions.
    const one = new Float64Array(OUTPUT_STRIDE);
    backend.evaluateBatch(big.subarray(INPUT_STRIDE), 1, one);
    expect(Array.from(one)).toEqual(Array.from(ref.subarray(OUTPUT_STRIDE, 2 * OUTPUT_STRIDE)));
  });

  it('rejects buffers too short for the count and a bad count', async () => {
    const backend = await createWasmVehBackend(bytes);
    const input = new Float64Array(2 * INPUT_STRIDE);
    expect(() => backend.evaluateBatch(input, 3, new Float64Array(3 * OUTPUT_STRIDE))).toThrow(/input holds 38 doubles, 3 designs need 57/);
    expect(() => backend.evaluateBatch(input, 2, new Float64Array(OUTPUT_STRIDE))).toThrow(/output holds 16 doubles, 2 results need 32/);
    expect(() => backend.evaluateBatch(input, 1.5, new Float64Array(2 * OUTPUT_STRIDE))).toThrow(/non-negative integer/);
  });

  it('refuses a kernel built for another layout', async () => {
    await expect(createWasmVehBackend(wrongLayoutModule())).rejects.toThrow(
      `veh-oracle.wasm layout mismatch: strides 20/16, expected ${INPUT_STRIDE}/${OUTPUT_STRIDE}`,
    );
  });

  it('refuses a module without the kernel exports', async () => {
    const empty = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    await expect(createWasmVehBackend(empty)).rejects.toThrow('veh-oracle.wasm does not export alloc()');
  });
});
