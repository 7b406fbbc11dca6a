/**
 * Circuit oracle backend on the AssemblyScript kernel (assembly/circuit-oracle.ts). Pure core: the
 * caller supplies the compiled module or its bytes (Node reads the file, a worker fetches it). Same
 * region handling as the VEH backend (src/core/kernels/wasm-veh-backend.ts): batches are copied into
 * reserved regions of the kernel's memory, which grow by doubling; the f64 view is refreshed when a
 * memory.grow detaches it.
 */
import { CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE } from '../circuit-audit/oracle-layout.ts';
import type { CircuitOracleBackend } from './circuit-backend.ts';
import { float64View, instantiateKernel, kernelRegions, type WasmKernelExports, type WasmSource } from './wasm-module.ts';

interface KernelExports extends WasmKernelExports {
  inputStride(): number;
  outputStride(): number;
  evaluateBatch(inPtr: number, outPtr: number, count: number): void;
}

const INITIAL_CAPACITY = 256;
const NAME = 'circuit-oracle.wasm';

export async function createWasmCircuitBackend(source: WasmSource): Promise<CircuitOracleBackend> {
  const kernel = await instantiateKernel<KernelExports>(source, NAME, ['inputStride', 'outputStride', 'evaluateBatch']);
  // A kernel built from another layout would scramble fields silently; refuse it so the registry falls back.
  if (kernel.inputStride() !== CIRCUIT_INPUT_STRIDE || kernel.outputStride() !== CIRCUIT_OUTPUT_STRIDE) {
    throw new Error(
      `${NAME} layout mismatch: strides ${kernel.inputStride()}/${kernel.outputStride()}, ` +
        `expected ${CIRCUIT_INPUT_STRIDE}/${CIRCUIT_OUTPUT_STRIDE} (rebuild with npm run build:wasm)`,
    );
  }
  const regions = kernelRegions(kernel, NAME, [CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE], INITIAL_CAPACITY);
  regions.ensure(INITIAL_CAPACITY);
  const view = float64View(kernel.memory);

  const evaluateBatch = (input: Float64Array, count: number, out: Float64Array): void => {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
    const nIn = count * CIRCUIT_INPUT_STRIDE;
    const nOut = count * CIRCUIT_OUTPUT_STRIDE;
    if (input.length < nIn) throw new RangeError(`input holds ${input.length} doubles, ${count} requests need ${nIn}`);
    if (out.length < nOut) throw new RangeError(`output holds ${out.length} doubles, ${count} results need ${nOut}`);
    if (count === 0) return;
    regions.ensure(count);
    const inBase = regions.base[0] as number;
    const outBase = regions.base[1] as number;
    const f64 = view();
    f64.set(input.length === nIn ? input : input.subarray(0, nIn), inBase);
    kernel.evaluateBatch(inBase * 8, outBase * 8, count);
    out.set(f64.subarray(outBase, outBase + nOut));
  };
  return { id: 'wasm', evaluateBatch };
}
