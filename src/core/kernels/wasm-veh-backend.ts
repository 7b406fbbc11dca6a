/**
 * VEH oracle backend on the AssemblyScript kernel (assembly/veh-oracle.ts). Pure core: the caller
 * supplies the compiled module or its bytes (Node reads the file, the worker fetches it), so this
 * file touches neither fs nor fetch.
 *
 * The kernel reads and writes flat f64 arrays in its own linear memory. We reserve one input and one
 * output region, copy each batch in, run it, and copy the results out. The regions grow when a larger
 * batch arrives; growing may grow the memory, which detaches `memory.buffer`, so the Float64Array view
 * is re-created after every alloc (and defensively whenever it reads as detached).
 */
import { INPUT_STRIDE, OUTPUT_STRIDE } from '../veh/oracle-layout.ts';
import type { VehOracleBackend } from './veh-backend.ts';

interface KernelExports {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  inputStride(): number;
  outputStride(): number;
  evaluateBatch(inPtr: number, outPtr: number, count: number): void;
}

export interface WasmVehBackend extends VehOracleBackend {
  /** Designs the reserved regions hold without another alloc. */
  capacity(): number;
}

/** First reservation; a typical UI batch fits, and doubling keeps the number of reallocations logarithmic. */
const INITIAL_CAPACITY = 256;
/** Below this many doubles a plain loop beats creating a subarray view for the copy. */
const SMALL_COPY = 64;

function readKernelExports(instance: WebAssembly.Instance): KernelExports {
  const ex = instance.exports as Record<string, unknown>;
  for (const fn of ['alloc', 'inputStride', 'outputStride', 'evaluateBatch']) {
    if (typeof ex[fn] !== 'function') throw new Error(`veh-oracle.wasm does not export ${fn}()`);
  }
  if (!(ex.memory instanceof WebAssembly.Memory)) throw new Error('veh-oracle.wasm does not export its memory');
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

export async function createWasmVehBackend(source: WebAssembly.Module | BufferSource): Promise<WasmVehBackend> {
  // abort() needs the memory to decode its message, but the memory exists only after instantiation.
  const late: { memory?: WebAssembly.Memory } = {};
  const imports = {
    env: {
      // The kernel is built with --noAssert, so this only fires on a kernel bug; fail loudly.
      abort(msg: number, file: number, line: number, column: number): never {
        const m = late.memory;
        const text = m ? `${readAsString(m, msg)} (${readAsString(m, file)}:${line}:${column})` : `at ${line}:${column}`;
        throw new Error(`veh-oracle.wasm aborted: ${text}`);
      },
    },
  };
  const kernel = readKernelExports(await instantiate(source, imports));
  late.memory = kernel.memory;

  // A kernel built from another layout would silently scramble fields; refuse it so the registry falls back.
  if (kernel.inputStride() !== INPUT_STRIDE || kernel.outputStride() !== OUTPUT_STRIDE) {
    throw new Error(
      `veh-oracle.wasm layout mismatch: strides ${kernel.inputStride()}/${kernel.outputStride()}, ` +
        `expected ${INPUT_STRIDE}/${OUTPUT_STRIDE} (rebuild with npm run build:wasm)`,
    );
  }

  let capacity = 0;
  let inBase = 0; // index of the input region in f64 units
  let outBase = 0;
  let f64 = new Float64Array(kernel.memory.buffer);

  const reserve = (count: number): void => {
    const next = Math.max(count, capacity * 2, INITIAL_CAPACITY);
    // The minimal runtime cannot free from JS, so the old regions are abandoned; doubling bounds the waste to 2x.
    const inPtr = kernel.alloc(next * INPUT_STRIDE * 8) >>> 0;
    const outPtr = kernel.alloc(next * OUTPUT_STRIDE * 8) >>> 0;
    if (inPtr % 8 !== 0 || outPtr % 8 !== 0) throw new Error('veh-oracle.wasm returned a misaligned buffer');
    inBase = inPtr / 8;
    outBase = outPtr / 8;
    capacity = next;
    f64 = new Float64Array(kernel.memory.buffer);
  };
  reserve(INITIAL_CAPACITY);

  const evaluateBatch = (input: Float64Array, count: number, out: Float64Array): void => {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
    const nIn = count * INPUT_STRIDE;
    const nOut = count * OUTPUT_STRIDE;
    if (input.length < nIn) throw new RangeError(`input holds ${input.length} doubles, ${count} designs need ${nIn}`);
    if (out.length < nOut) throw new RangeError(`output holds ${out.length} doubles, ${count} results need ${nOut}`);
    if (count === 0) return;
    if (count > capacity) reserve(count);
    if (f64.length === 0) f64 = new Float64Array(kernel.memory.buffer); // detached by a grow we did not see

    if (nIn <= SMALL_COPY) for (let k = 0; k < nIn; k++) f64[inBase + k] = input[k] as number;
    else f64.set(input.length === nIn ? input : input.subarray(0, nIn), inBase);

    kernel.evaluateBatch(inBase * 8, outBase * 8, count);

    if (nOut <= SMALL_COPY) for (let k = 0; k < nOut; k++) out[k] = f64[outBase + k] as number;
    else out.set(f64.subarray(outBase, outBase + nOut));
  };

  return { id: 'wasm', evaluateBatch, capacity: () => capacity };
}
