/**
 * TMM kernel on the AssemblyScript build (assembly/photonics-tmm.ts). Pure core: the caller supplies
 * the compiled module or its bytes (Node reads build/wasm/photonics-tmm.wasm, the worker fetches it).
 *
 * One linear-memory region holds a batch's inputs, its outputs and the kernel's scratch; it is
 * reserved once and doubled when a larger batch arrives (the minimal runtime cannot free, so old
 * regions are abandoned; doubling bounds the waste to 2×). Growing the memory detaches
 * `memory.buffer`, so the Float64Array view is re-created whenever it no longer matches the memory.
 */
import { float64View, instantiateKernel, kernelRegions, type WasmKernelExports, type WasmSource } from '../../kernels/wasm-module.ts';
import type { TmmBatch, TmmKernel } from './kernel.ts';
import { POINT_HEADER, POL_P, POL_S, checkBatchSizes, pointStride } from './layout.ts';

interface TmmExports extends WasmKernelExports {
  pointHeader(): number;
  layoutVersion(): number;
  scratchDoubles(m: number): number;
  solve(
    wavelengths: number,
    indices: number,
    thicknesses: number,
    coherent: number,
    angles: number,
    m: number,
    W: number,
    A: number,
    pol: number,
    out: number,
    scratch: number,
  ): void;
}

/** The layout this file was written for (assembly/photonics-tmm.ts LAYOUT_VERSION). */
const LAYOUT_VERSION = 1;
/** First reservation in doubles (256 KiB); a 1,000-point spectrum of a 25-layer stack fits. */
const INITIAL_DOUBLES = 1 << 15;

export type TmmWasmSource = WasmSource;

const NAME = 'photonics-tmm.wasm';

export async function createWasmTmmKernel(source: TmmWasmSource): Promise<TmmKernel> {
  const kernel = await instantiateKernel<TmmExports>(source, NAME, ['pointHeader', 'layoutVersion', 'scratchDoubles', 'solve']);
  if (kernel.layoutVersion() !== LAYOUT_VERSION || kernel.pointHeader() !== POINT_HEADER) {
    throw new Error(
      `photonics-tmm.wasm layout mismatch: version ${kernel.layoutVersion()}, header ${kernel.pointHeader()}; ` +
        `expected ${LAYOUT_VERSION}, ${POINT_HEADER} (rebuild with npm run build:wasm)`,
    );
  }

  // One region in doubles (stride 1) for the inputs, the outputs and the kernel's scratch.
  const region = kernelRegions(kernel, NAME, [1], INITIAL_DOUBLES);
  const view = float64View(kernel.memory);

  const solve = (batch: TmmBatch, out: Float64Array): void => {
    checkBatchSizes(batch, out.length);
    const { layerCount: m, wavelengthCount: W, angleCount: A } = batch;
    const nOut = W * A * pointStride(m);
    if (nOut === 0) return;
    const nIdx = W * (m + 2) * 2;
    const need = W + nIdx + 2 * m + A + nOut + kernel.scratchDoubles(m);
    region.ensure(need);
    const f64 = view();

    const pW = region.base[0] as number;
    const pIdx = pW + W;
    const pThick = pIdx + nIdx;
    const pCoh = pThick + m;
    const pAng = pCoh + m;
    const pOut = pAng + A;
    const pScratch = pOut + nOut;
    f64.set(batch.wavelengths_nm.subarray(0, W), pW);
    f64.set(batch.indices.subarray(0, nIdx), pIdx);
    f64.set(batch.thicknesses_nm.subarray(0, m), pThick);
    for (let j = 0; j < m; j++) f64[pCoh + j] = batch.coherent[j] === 0 ? 0 : 1;
    f64.set(batch.angles_rad.subarray(0, A), pAng);

    kernel.solve(pW * 8, pIdx * 8, pThick * 8, pCoh * 8, pAng * 8, m, W, A, batch.polarization === 'p' ? POL_P : POL_S, pOut * 8, pScratch * 8);
    out.set(f64.subarray(pOut, pOut + nOut));
  };

  return { id: 'wasm', solve };
}
