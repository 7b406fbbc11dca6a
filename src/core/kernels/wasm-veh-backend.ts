/**
 * VEH oracle backend on the AssemblyScript kernel (assembly/veh-oracle.ts). Pure core: the caller
 * supplies the compiled module or its bytes (Node reads the file, the worker fetches it), so this
 * file touches neither fs nor fetch.
 *
 * The kernel reads and writes flat f64 arrays in its own linear memory. We reserve one input and one
 * output region, copy each batch in, run it, and copy the results out. The regions grow when a larger
 * batch arrives; growing may grow the memory, which detaches `memory.buffer`, so the Float64Array view
 * is re-created whenever it no longer matches the memory (src/core/kernels/wasm-module.ts).
 */
import { INPUT_STRIDE, OUTPUT_STRIDE } from '../veh/oracle-layout.ts';
import type { VehOracleBackend } from './veh-backend.ts';
import { float64View, instantiateKernel, kernelRegions, type WasmKernelExports, type WasmSource } from './wasm-module.ts';

interface KernelExports extends WasmKernelExports {
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

const NAME = 'veh-oracle.wasm';

export async function createWasmVehBackend(source: WasmSource): Promise<WasmVehBackend> {
  const kernel = await instantiateKernel<KernelExports>(source, NAME, ['inputStride', 'outputStride', 'evaluateBatch']);

  // A kernel built from another layout would silently scramble fields; refuse it so the registry falls back.
  if (kernel.inputStride() !== INPUT_STRIDE || kernel.outputStride() !== OUTPUT_STRIDE) {
    throw new Error(
      `veh-oracle.wasm layout mismatch: strides ${kernel.inputStride()}/${kernel.outputStride()}, ` +
        `expected ${INPUT_STRIDE}/${OUTPUT_STRIDE} (rebuild with npm run build:wasm)`,
    );
  }

  const regions = kernelRegions(kernel, NAME, [INPUT_STRIDE, OUTPUT_STRIDE], INITIAL_CAPACITY);
  regions.ensure(INITIAL_CAPACITY);
  const view = float64View(kernel.memory);

  const evaluateBatch = (input: Float64Array, count: number, out: Float64Array): void => {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
    const nIn = count * INPUT_STRIDE;
    const nOut = count * OUTPUT_STRIDE;
    if (input.length < nIn) throw new RangeError(`input holds ${input.length} doubles, ${count} designs need ${nIn}`);
    if (out.length < nOut) throw new RangeError(`output holds ${out.length} doubles, ${count} results need ${nOut}`);
    if (count === 0) return;
    regions.ensure(count);
    const inBase = regions.base[0] as number; // f64 indices
    const outBase = regions.base[1] as number;
    const f64 = view();

    if (nIn <= SMALL_COPY) for (let k = 0; k < nIn; k++) f64[inBase + k] = input[k] as number;
    else f64.set(input.length === nIn ? input : input.subarray(0, nIn), inBase);

    kernel.evaluateBatch(inBase * 8, outBase * 8, count);

    if (nOut <= SMALL_COPY) for (let k = 0; k < nOut; k++) out[k] = f64[outBase + k] as number;
    else out.set(f64.subarray(outBase, outBase + nOut));
  };

  return { id: 'wasm', evaluateBatch, capacity: regions.capacity };
}
