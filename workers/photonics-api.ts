/**
 * What the photonics worker exposes over comlink, kept apart from the worker entry so Node tests can
 * drive it without a Worker. Everything heavy (zod schemas, solvers, the material library, the WASM
 * kernels) is imported lazily inside the methods: the entry must reach Comlink.expose() at once,
 * because messages that arrive before a listener exists are lost.
 *
 * The library lives here, in the worker, so the solvers resolve materials where they run; files the
 * user imports are added to this instance (the page replays them into a restarted worker).
 */
import type { MaterialInfo } from '../src/core/photonics/materials/library.ts';
import type { PhotonicsResult } from '../src/core/photonics/solve.ts';
import type { SolveEstimate } from '../src/core/photonics/estimate.ts';
import type { ProgressSink } from '../src/core/photonics/progress.ts';

export type WasmSource = WebAssembly.Module | BufferSource;

export interface PhotonicsWasmLoaders {
  /** build/wasm/photonics-mie.wasm as a compiled module or its bytes. */
  mie: () => Promise<WasmSource>;
  /** build/wasm/photonics-tmm.wasm as a compiled module or its bytes. */
  tmm: () => Promise<WasmSource>;
}

export interface PhotonicsBackends {
  /** Kernel each WASM-capable solver runs: 'wasm', or 'reference' (the TypeScript fallback). */
  mie: string;
  tmm: string;
  /** "mie wasm unavailable: …" for each kernel passed over. */
  skipped: string[];
}

export interface PhotonicsSolveOutput {
  result: PhotonicsResult;
  /** Wall time of the solve inside the worker (validation included, transfer excluded), ms. */
  ms: number;
}

export type MaterialListEntry = MaterialInfo;

export function createPhotonicsWorkerApi(loaders: PhotonicsWasmLoaders, now: () => number = () => performance.now()) {
  const load = async () => {
    const [{ createMaterialLibrary }, { loadPhotonicsKernels }, solveModule, estimateModule] = await Promise.all([
      import('../src/core/photonics/materials/library.ts'),
      import('./photonics-kernels.ts'),
      import('../src/core/photonics/solve.ts'),
      import('../src/core/photonics/estimate.ts'),
    ]);
    const kernels = await loadPhotonicsKernels(loaders);
    const library = createMaterialLibrary();
    return { library, kernels, solveModule, estimateModule };
  };
  let ready: ReturnType<typeof load> | undefined;
  const state = () => (ready ??= load());

  return {
    async backends(): Promise<PhotonicsBackends> {
      return (await state()).kernels.backends;
    },

    /** Validates and solves one problem; throws the validation or solver error (its message says what to fix). */
    async solve(problem: unknown, onProgress?: ProgressSink): Promise<PhotonicsSolveOutput> {
      const { library, kernels, solveModule } = await state();
      const start = now();
      const ctx = onProgress ? { materials: library, kernels: kernels.kernels, onProgress } : { materials: library, kernels: kernels.kernels };
      const result = solveModule.solvePhotonics(problem, ctx);
      return { result, ms: now() - start };
    },

    /** estimate(problem): unknowns, memory, expected time on this device (from a tiny timed probe) and advice. */
    async estimate(problem: unknown): Promise<SolveEstimate> {
      const { library, kernels, solveModule, estimateModule } = await state();
      const ctx = { materials: library, kernels: kernels.kernels };
      const parsed = solveModule.parsePhotonicsProblem(problem);
      return estimateModule.estimatePhotonics(parsed, ctx, { now }, (p) => solveModule.solveParsedPhotonics(p, ctx));
    },

    async materials(): Promise<MaterialListEntry[]> {
      return (await state()).library.list();
    },

    /** Adds a refractiveindex.info YAML file to this worker's library; a malformed file throws with the reason. */
    async importMaterial(yamlText: string, name?: string): Promise<MaterialListEntry> {
      return (await state()).library.importYaml(yamlText, name);
    },
  };
}

export type PhotonicsWorkerApi = ReturnType<typeof createPhotonicsWorkerApi>;
