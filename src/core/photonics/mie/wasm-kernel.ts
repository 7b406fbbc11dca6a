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
import { float64View, instantiateKernel, kernelRegions, type WasmKernelExports, type WasmSource } from '../../kernels/wasm-module.ts';
import { checkBatch } from './batch.ts';
import type { MieKernel } from './kernel.ts';
import { COATED_INPUT_STRIDE, MIE_OUTPUT_STRIDE, SPHERE_INPUT_STRIDE } from './layout.ts';

interface KernelExports extends WasmKernelExports {
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

const NAME = 'photonics-mie.wasm';
const FUNCTIONS = ['sphereInputStride', 'coatedInputStride', 'outputStride', 'spheres', 'coatedSpheres'] as const;
const INITIAL_CAPACITY = 256;
/** The widest input record (coated). */
const MAX_INPUT_STRIDE = Math.max(SPHERE_INPUT_STRIDE, COATED_INPUT_STRIDE);

export async function createWasmMieKernel(source: WasmSource): Promise<WasmMieKernel> {
  const kernel = await instantiateKernel<KernelExports>(source, NAME, FUNCTIONS);

  const strides = [kernel.sphereInputStride(), kernel.coatedInputStride(), kernel.outputStride()];
  const expected = [SPHERE_INPUT_STRIDE, COATED_INPUT_STRIDE, MIE_OUTPUT_STRIDE];
  if (strides.some((s, i) => s !== expected[i])) {
    throw new Error(`photonics-mie.wasm layout mismatch: strides ${strides.join('/')}, expected ${expected.join('/')} (rebuild with npm run build:wasm)`);
  }

  // One pair of regions serves both entry points, so the input region fits the widest record.
  const regions = kernelRegions(kernel, NAME, [MAX_INPUT_STRIDE, MIE_OUTPUT_STRIDE], INITIAL_CAPACITY);
  regions.ensure(INITIAL_CAPACITY);
  const view = float64View(kernel.memory);

  const run = (stride: number, entry: (inPtr: number, outPtr: number, count: number) => void) =>
    (input: Float64Array, count: number, out: Float64Array): void => {
      checkBatch(input, stride, count, out);
      if (count === 0) return;
      regions.ensure(count);
      const inBase = regions.base[0] as number; // f64 indices
      const outBase = regions.base[1] as number;
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
    capacity: regions.capacity,
  };
}
