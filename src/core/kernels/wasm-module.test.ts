import { describe, expect, it } from 'vitest';
import { allocDoubles, float64View, instantiateKernel, kernelRegions, readAsString, type WasmKernelExports } from './wasm-module.ts';

/** Unsigned LEB128, as the binary format writes sizes and indices. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const I32 = 0x7f;
/** An AssemblyScript string in memory: its byte length, then UTF-16 code units. */
const asString = (s: string): number[] => [...new Uint8Array(new Uint32Array([s.length * 2]).buffer), ...Array.from(s).flatMap((c) => [c.charCodeAt(0), 0])];

/**
 * A stand-in kernel in the AssemblyScript shape: imports env.abort, exports its memory, alloc (grows
 * the memory by a page and returns its argument) and boom (aborts with "hi" at f.ts:7:3).
 */
function tinyKernel(): Uint8Array<ArrayBuffer> {
  const data = [...asString('hi'), ...asString('f.ts')]; // "hi" at 4, "f.ts" at 12
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32]]), 0x00], [0x60, 0x01, I32, 0x01, I32], [0x60, 0x00, 0x00]])),
    ...section(2, vec([[...name('env'), ...name('abort'), 0x00, 0x00]])),
    ...section(3, vec([[0x01], [0x02]])),
    ...section(5, vec([[0x00, 0x01]])),
    ...section(7, vec([[...name('memory'), 0x02, 0x00], [...name('alloc'), 0x00, 0x01], [...name('boom'), 0x00, 0x02]])),
    ...section(
      10,
      vec([
        [...uleb(9), 0x00, 0x41, 0x01, 0x40, 0x00, 0x1a, 0x20, 0x00, 0x0b], // memory.grow 1; drop; local.get 0
        [...uleb(12), 0x00, 0x41, 0x04, 0x41, 0x0c, 0x41, 0x07, 0x41, 0x03, 0x10, 0x00, 0x0b], // abort(4, 12, 7, 3)
      ]),
    ),
    ...section(11, vec([[0x00, 0x41, 0x00, 0x0b, ...uleb(data.length), ...data]])),
  ]);
}

interface Tiny extends WasmKernelExports {
  boom(): void;
}

describe('wasm-module', () => {
  it('instantiates from bytes or a compiled module and turns abort() into an error with the decoded message', async () => {
    const fromBytes = await instantiateKernel<Tiny>(tinyKernel(), 'tiny.wasm', ['boom']);
    expect(readAsString(fromBytes.memory, 4)).toBe('hi');
    expect(readAsString(fromBytes.memory, 0)).toBe('');
    expect(() => fromBytes.boom()).toThrow('tiny.wasm aborted: hi (f.ts:7:3)');
    const fromModule = await instantiateKernel<Tiny>(await WebAssembly.compile(tinyKernel()), 'tiny.wasm', []);
    expect(fromModule.alloc(8)).toBe(8);
  });

  it('refuses a module without a function the caller needs', async () => {
    await expect(instantiateKernel(tinyKernel(), 'tiny.wasm', ['solve'])).rejects.toThrow('tiny.wasm does not export solve()');
  });

  it('hands out regions in f64 units, refuses misaligned ones, and re-creates the view after memory growth', async () => {
    const kernel = await instantiateKernel<Tiny>(tinyKernel(), 'tiny.wasm', []);
    const view = float64View(kernel.memory);
    const before = view();
    const pageDoubles = before.length;
    expect(view() === before).toBe(true);
    expect(allocDoubles(kernel, 3, 'tiny.wasm')).toBe(3); // alloc(24) returns 24 and grows the memory
    expect(before.length).toBe(0); // detached by the grow
    expect(view().length).toBe(2 * pageDoubles);
    expect(() => allocDoubles({ memory: kernel.memory, alloc: () => 12 }, 1, 'tiny.wasm')).toThrow('tiny.wasm returned a misaligned buffer');
  });

  it('grows a set of regions by doubling, at least to the initial capacity, and only when needed', async () => {
    const bytes: number[] = [];
    const kernel = await instantiateKernel<Tiny>(tinyKernel(), 'tiny.wasm', []);
    const counting = { memory: kernel.memory, alloc: (n: number) => (bytes.push(n), kernel.alloc(n)) };
    const regions = kernelRegions(counting, 'tiny.wasm', [2, 1], 4);
    expect(regions.capacity()).toBe(0);
    regions.ensure(3);
    expect(regions.capacity()).toBe(4);
    expect(regions.base).toEqual([8, 4]); // this alloc returns the byte count it was asked for
    regions.ensure(4);
    expect(bytes).toEqual([64, 32]);
    regions.ensure(5);
    expect(regions.capacity()).toBe(8);
    expect(regions.base).toEqual([16, 8]);
  });
});
