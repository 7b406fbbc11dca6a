/**
 * Mie kernel on the AssemblyScript build of assembly/photonics-mie.ts. Pure core: the caller supplies
 * the compiled module or its bytes (Node reads build/wasm/photonics-mie.wasm, the worker fetches it).
 *
 * The kernel works on flat f64 arrays in its own linear memory: we reserve an input and an output
 * region, copy each batch in, run it and copy the results out. Both regions grow by doubling. The
 * kernel itself allocates its log-derivative tables (≈ 7 (x + 4x^{1/3}) doubles for the largest x seen),
 * so memory may grow inside any call; that detaches `memory.buffer`, so the Float64Array view is
 * re-created whenever it no longer matches the memory.
 */
import { checkBatch } from './batch.ts';
import type { MieKernel } from './kernel.ts';
import { COATED_INPUT_STRIDE, MIE_OUTPUT_STRIDE, SPHERE_INPUT_STRIDE } from './layout.ts';

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  sphereInputStride(): number;
  coatedInputStride(): number;
  outputStride(): number;
  spheres(inPtr: number, outPtr: number, count: number): void;
  coatedSpheres(inPtr: number, outPtr: number, count: number): void;
}

export interface WasmMieKernel extends MieKernel {
  /** Particles the reserved regions hold without another alloc. */
  capacity(): number;
}

const FUNCTIONS = ['alloc', 'sphereInputStride', 'coatedInputStride', 'outputStride', 'spheres', 'coatedSpheres'] as const;
const INITIAL_CAPACITY = 256;
/** The widest input record (coated); one pair of regions serves both entry points. */
const MAX_INPUT_STRIDE = Math.max(SPHERE_INPUT_STRIDE, COATED_INPUT_STRIDE);

function readKernelExports(instance: WebAssembly.Instance): KernelExports {
  const ex = instance.exports as Record<string, unknown>;
  for (const fn of FUNCTIONS) {
    if (typeof ex[fn] !== 'function') throw new Error(`photonics-mie.wasm does not export ${fn}()`);
  }
  if (!(ex.memory instanceof WebAssembly.Memory)) throw new Error('photonics-mie.wasm does not export its memory');
  return ex as unknown as KernelExports;
}

/** Decodes an AssemblyScript string (UTF-16, byte length stored just before the data). */
function readAsString(memory: WebAssembly.Memory, ptr: number): string {
  if (ptr === 0) return '';
  const bytes = new Uint32Array(memory.buffer, ptr - 4, 1)[0] ?? 0;
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}

async function instantiate(source: WebAssembly.Module | BufferSource, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  return (await WebAssembly.instantiate(source, imports)).instance;
}

export async function createWasmMieKernel(source: WebAssembly.Module | BufferSource): Promise<WasmMieKernel> {
  const late: { memory?: WebAssembly.Memory } = {};
  const imports = {
    env: {
      // Built with --noAssert, so this fires only on a kernel bug (or out of memory); fail loudly.
      abort(msg: number, file: number, line: number, column: number): never {
        const m = late.memory;
        const text = m ? `${readAsString(m, msg)} (${readAsString(m, file)}:${line}:${column})` : `at ${line}:${column}`;
        throw new Error(`photonics-mie.wasm aborted: ${text}`);
      },
    },
  };
  const kernel = readKernelExports(await instantiate(source, imports));
  late.memory = kernel.memory;

  const strides = [kernel.sphereInputStride(), kernel.coatedInputStride(), kernel.outputStride()];
  const expected = [SPHERE_INPUT_STRIDE, COATED_INPUT_STRIDE, MIE_OUTPUT_STRIDE];
  if (strides.some((s, i) => s !== expected[i])) {
    throw new Error(`photonics-mie.wasm layout mismatch: strides ${strides.join('/')}, expected ${expected.join('/')} (rebuild with npm run build:wasm)`);
  }

  let capacity = 0;
  let inBase = 0; // f64 index of the input region
  let outBase = 0;
  let f64 = new Float64Array(kernel.memory.buffer);
  const view = (): Float64Array => {
    if (f64.buffer !== kernel.memory.buffer) f64 = new Float64Array(kernel.memory.buffer);
    return f64;
  };

  const reserve = (count: number): void => {
    const next = Math.max(count, capacity * 2, INITIAL_CAPACITY);
    // The minimal runtime cannot free from JS, so old regions are abandoned; doubling bounds the waste.
    const inPtr = kernel.alloc(next * MAX_INPUT_STRIDE * 8) >>> 0;
    const outPtr = kernel.alloc(next * MIE_OUTPUT_STRIDE * 8) >>> 0;
    if (inPtr % 8 !== 0 || outPtr % 8 !== 0) throw new Error('photonics-mie.wasm returned a misaligned buffer');
    inBase = inPtr / 8;
    outBase = outPtr / 8;
    capacity = next;
  };
  reserve(INITIAL_CAPACITY);

  const run = (stride: number, entry: (inPtr: number, outPtr: number, count: number) => void) =>
    (input: Float64Array, count: number, out: Float64Array): void => {
      checkBatch(input, stride, count, out);
      if (count === 0) return;
      if (count > capacity) reserve(count);
      const nIn = count * stride;
      const nOut = count * MIE_OUTPUT_STRIDE;
      view().set(input.length === nIn ? input : input.subarray(0, nIn), inBase);
      entry(inBase * 8, outBase * 8, count);
      out.set(view().subarray(outBase, outBase + nOut));
    };

  return {
    id: 'wasm',
    spheres: run(SPHERE_INPUT_STRIDE, kernel.spheres),
    coated: run(COATED_INPUT_STRIDE, kernel.coatedSpheres),
    capacity: () => capacity,
  };
}
