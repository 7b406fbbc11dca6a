/**
 * The photonics SolveContext for Node (the CLI, benches, tests): the material library plus the best
 * kernel each solver has here — WASM read from build/wasm, else the TypeScript reference, with the
 * reason kept (e.g. before `npm run build:wasm`), exactly as the worker chooses in the page.
 */
import { createMaterialLibrary, type MaterialLibrary } from '../../core/photonics/materials/library.ts';
import type { PhotonicsKernels, SolveContext } from '../../core/photonics/solve-context.ts';
import { LINALG_WASM_PATH, selectNodeLinalgKernel } from './linalg-wasm.ts';
import { MIE_WASM_PATH, selectNodeMieKernel } from './mie-wasm.ts';
import { TMM_WASM_PATH, selectNodeTmmKernel } from './tmm-wasm.ts';

export interface PhotonicsBackendInfo {
  /** The kernel id each WASM-capable solver runs: 'wasm' or 'reference'. */
  readonly mie: string;
  readonly tmm: string;
  /** RCWA's dense linear algebra. */
  readonly linalg: string;
  /** "mie: wasm unavailable: …" for each kernel passed over. */
  readonly skipped: readonly string[];
}

export interface NodeSolveContext extends SolveContext {
  readonly materials: MaterialLibrary;
  readonly kernels: Required<PhotonicsKernels>;
  readonly backends: PhotonicsBackendInfo;
}

export interface NodeSolveContextOptions {
  /** Paths of the wasm files (tests point one at a missing file to exercise the fallback). */
  readonly mieWasmPath?: string;
  readonly tmmWasmPath?: string;
  readonly linalgWasmPath?: string;
}

export async function createNodeSolveContext(options: NodeSolveContextOptions = {}): Promise<NodeSolveContext> {
  const [mie, tmm, linalg] = await Promise.all([
    selectNodeMieKernel(options.mieWasmPath ?? MIE_WASM_PATH),
    selectNodeTmmKernel(options.tmmWasmPath ?? TMM_WASM_PATH),
    selectNodeLinalgKernel(options.linalgWasmPath ?? LINALG_WASM_PATH),
  ]);
  return {
    materials: createMaterialLibrary(),
    kernels: { mie: mie.kernel, tmm: tmm.kernel, linalg: linalg.kernel },
    backends: {
      mie: mie.kernel.id,
      tmm: tmm.kernel.id,
      linalg: linalg.kernel.id,
      skipped: [...mie.skipped.map((s) => `mie: ${s}`), ...tmm.skipped.map((s) => `tmm: ${s}`), ...linalg.skipped.map((s) => `linalg: ${s}`)],
    },
  };
}
