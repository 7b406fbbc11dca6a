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
import type { DdaBackendPreference, DdaBackendSet } from '../src/core/photonics/dda/backend-choice.ts';
import type { DdaOperatorBackend } from '../src/core/photonics/dda/operator-backend.ts';
import type { DdaParityReport } from '../src/core/photonics/dda/parity.ts';

export type WasmSource = WebAssembly.Module | BufferSource;

export interface PhotonicsWasmLoaders {
  /** build/wasm/photonics-mie.wasm as a compiled module or its bytes. */
  mie: () => Promise<WasmSource>;
  /** build/wasm/photonics-tmm.wasm as a compiled module or its bytes. */
  tmm: () => Promise<WasmSource>;
  /** build/wasm/photonics-linalg.wasm (RCWA's dense linear algebra); absent: the TypeScript reference, unreported. */
  linalg?: () => Promise<WasmSource>;
}

export interface PhotonicsBackends {
  /** Kernel each WASM-capable solver runs: 'wasm', or 'reference' (the TypeScript fallback). */
  mie: string;
  tmm: string;
  /** Dense linear algebra (RCWA); present when a linalg loader was given. */
  linalg?: string;
  /** "mie wasm unavailable: …" for each kernel passed over. */
  skipped: string[];
}

export interface PhotonicsSolveOutput {
  result: PhotonicsResult;
  /** Wall time of the solve inside the worker (validation included, transfer excluded), ms. */
  ms: number;
}

export type MaterialListEntry = MaterialInfo;

/** The DDA operator backends of this worker (ddaBackends(), setBackendPreference()). */
export interface DdaBackendsInfo {
  /** Backends that built, best first ('webgpu', 'reference'). */
  available: string[];
  /** "webgpu unavailable: …" for a backend passed over. */
  skipped: string[];
  /** Where each available backend runs and in what arithmetic. */
  descriptions: Record<string, string>;
  preference: DdaBackendPreference;
  /** Under 'auto', grids of at least this many FFT points go to the GPU. */
  gpu_min_fft_points: number;
}

function isDdaProblem(problem: unknown): boolean {
  return typeof problem === 'object' && problem !== null && (problem as { kind?: unknown }).kind === 'dda';
}

/** `ddaGpu` builds the WebGPU DDA operator (default: this context's navigator.gpu; tests pass their own). */
export function createPhotonicsWorkerApi(loaders: PhotonicsWasmLoaders, now: () => number = () => performance.now(), ddaGpu?: () => Promise<DdaOperatorBackend>) {
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
  // The DDA operator backends are built on first use (a GPU device is not free), then kept with the user's preference.
  const loadDda = async () => {
    const [{ loadDdaOperatorBackends }, choice, solveAsync] = await Promise.all([
      import('./photonics-kernels.ts'),
      import('../src/core/photonics/dda/backend-choice.ts'),
      import('../src/core/photonics/solve-async.ts'),
    ]);
    const set: DdaBackendSet = await loadDdaOperatorBackends(ddaGpu);
    return { set, choice, solveAsync };
  };
  let ddaReady: ReturnType<typeof loadDda> | undefined;
  const ddaState = () => (ddaReady ??= loadDda());
  let ddaPreference: DdaBackendPreference = 'auto';
  const ddaInfo = async (): Promise<DdaBackendsInfo> => {
    const { set, choice } = await ddaState();
    const available = [...(set.gpu ? [set.gpu] : []), set.reference];
    return {
      available: available.map((b) => b.id),
      skipped: [...set.skipped],
      descriptions: Object.fromEntries(available.map((b) => [b.id, b.description])),
      preference: ddaPreference,
      gpu_min_fft_points: choice.GPU_MIN_FFT_POINTS,
    };
  };

  return {
    async backends(): Promise<PhotonicsBackends> {
      return (await state()).kernels.backends;
    },

    /** Validates and solves one problem; throws the validation or solver error (its message says what to fix). */
    async solve(problem: unknown, onProgress?: ProgressSink): Promise<PhotonicsSolveOutput> {
      const { library, kernels, solveModule } = await state();
      const start = now();
      const ctx = onProgress ? { materials: library, kernels: kernels.kernels, onProgress } : { materials: library, kernels: kernels.kernels };
      if (isDdaProblem(problem)) {
        // DDA products may run on the GPU: the async entry awaits them; the backend is chosen per problem size.
        const { set, choice, solveAsync } = await ddaState();
        const ddaCtx = { ...ctx, ddaBackend: (points: number) => choice.chooseDdaBackend(set, ddaPreference, points) };
        return { result: await solveAsync.solvePhotonicsAsync(problem, ddaCtx), ms: now() - start };
      }
      const result = solveModule.solvePhotonics(problem, ctx);
      return { result, ms: now() - start };
    },

    /** The DDA operator backends that built, the reasons for those that did not, and the current preference. */
    async ddaBackends(): Promise<DdaBackendsInfo> {
      return ddaInfo();
    },

    /** Forces a DDA backend ('webgpu', 'reference') or restores 'auto'; validated, so a bad value throws with the allowed ones. */
    async setBackendPreference(preference: unknown): Promise<DdaBackendsInfo> {
      const { z } = await import('zod');
      const { DdaBackendPreferenceSchema } = await import('../src/core/photonics/dda/backend-choice.ts');
      ddaPreference = z.strictObject({ dda: DdaBackendPreferenceSchema }).parse(preference).dda;
      return ddaInfo();
    },

    /** Runs the DDA parity cases on every available backend against the f64 reference. */
    async checkBackends(): Promise<DdaParityReport> {
      const [{ library }, { set }, { runDdaParity }] = await Promise.all([state(), ddaState(), import('../src/core/photonics/dda/parity.ts')]);
      return runDdaParity([...(set.gpu ? [set.gpu] : []), set.reference], { materials: library }, { now });
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
