/**
 * TMM kernel on the AssemblyScript build (assembly/photonics-tmm.ts). Pure core: the caller supplies
 * the compiled module or its bytes (Node reads build/wasm/photonics-tmm.wasm, the worker fetches it).
 *
 * One linear-memory region holds a batch's inputs, its outputs and the kernel's scratch; it is
 * reserved once and doubled when a larger batch arrives (the minimal runtime cannot free, so old
 * regions are abandoned; doubling bounds the waste to 2×). Growing the memory detaches
 * `memory.buffer`, so the Float64Array view is re-created after every alloc.
 */
import type { TmmBatch, TmmKernel } from './kernel.ts';
import { POINT_HEADER, POL_P, POL_S, checkBatchSizes, pointStride } from './layout.ts';

interface TmmExports {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
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

export type TmmWasmSource = WebAssembly.Module | BufferSource;

function readExports(instance: WebAssembly.Instance): TmmExports {
  const ex = instance.exports as Record<string, unknown>;
  for (const fn of ['alloc', 'pointHeader', 'layoutVersion', 'scratchDoubles', 'solve']) {
    if (typeof ex[fn] !== 'function') throw new Error(`photonics-tmm.wasm does not export ${fn}()`);
  }
  if (!(ex.memory instanceof WebAssembly.Memory)) throw new Error('photonics-tmm.wasm does not export its memory');
  return ex as unknown as TmmExports;
}

async function instantiate(source: TmmWasmSource, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  return (await WebAssembly.instantiate(source, imports)).instance;
}

export async function createWasmTmmKernel(source: TmmWasmSource): Promise<TmmKernel> {
  const imports = {
    env: {
      // Built with --noAssert, so this only fires on a kernel bug: fail loudly.
      abort(_msg: number, _file: number, line: number, column: number): never {
        throw new Error(`photonics-tmm.wasm aborted at ${line}:${column}`);
      },
    },
  };
  const kernel = readExports(await instantiate(source, imports));
  if (kernel.layoutVersion() !== LAYOUT_VERSION || kernel.pointHeader() !== POINT_HEADER) {
    throw new Error(
      `photonics-tmm.wasm layout mismatch: version ${kernel.layoutVersion()}, header ${kernel.pointHeader()}; ` +
        `expected ${LAYOUT_VERSION}, ${POINT_HEADER} (rebuild with npm run build:wasm)`,
    );
  }

  let capacity = 0; // doubles
  let base = 0; // region start, in doubles
  let f64 = new Float64Array(kernel.memory.buffer);
  const reserve = (doubles: number): void => {
    const next = Math.max(doubles, capacity * 2, INITIAL_DOUBLES);
    const ptr = kernel.alloc(next * 8) >>> 0;
    if (ptr % 8 !== 0) throw new Error('photonics-tmm.wasm returned a misaligned buffer');
    base = ptr / 8;
    capacity = next;
    f64 = new Float64Array(kernel.memory.buffer);
  };

  const solve = (batch: TmmBatch, out: Float64Array): void => {
    checkBatchSizes(batch, out.length);
    const { layerCount: m, wavelengthCount: W, angleCount: A } = batch;
    const nOut = W * A * pointStride(m);
    if (nOut === 0) return;
    const nIdx = W * (m + 2) * 2;
    const need = W + nIdx + 2 * m + A + nOut + kernel.scratchDoubles(m);
    if (need > capacity) reserve(need);
    if (f64.length === 0) f64 = new Float64Array(kernel.memory.buffer); // detached by a grow we did not see

    const pW = base;
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
