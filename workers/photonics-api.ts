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
import type { DdaBackendPreference } from '../src/core/photonics/dda/backend-choice.ts';
import type { DdaOperatorBackend } from '../src/core/photonics/dda/operator-backend.ts';
import type { DdaParityReport } from '../src/core/photonics/dda/parity.ts';
import type { PweBackendPreference } from '../src/core/photonics/pwe/backend-choice.ts';
import type { ThetaOperatorBackend } from '../src/core/photonics/pwe/operator-backend.ts';
import type { PweParityReport } from '../src/core/photonics/pwe/parity.ts';
import { lazyOperatorBackends, type OperatorBackendsInfo } from './operator-backends.ts';

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
export interface DdaBackendsInfo extends OperatorBackendsInfo {
  /** Under 'auto', grids of at least this many FFT points go to the GPU. */
  gpu_min_fft_points: number;
}

/** The plane-wave Θ backends of this worker (pweBackends(), setBackendPreference()). */
export interface PweBackendsInfo extends OperatorBackendsInfo {
  /** Under 'auto', fft-method band solves of at least this many plane waves go to the GPU. */
  gpu_min_plane_waves: number;
}

/** The preference of each operator after setBackendPreference(). */
export interface BackendPreferences {
  dda: DdaBackendPreference;
  pwe: PweBackendPreference;
}

/** GPU stand-ins for tests; by default each is built on this context's navigator.gpu. */
export interface OperatorGpuFactories {
  dda?: () => Promise<DdaOperatorBackend>;
  pwe?: () => Promise<ThetaOperatorBackend>;
}

function kindOf(problem: unknown): unknown {
  return typeof problem === 'object' && problem !== null ? (problem as { kind?: unknown }).kind : undefined;
}

/**
 * `gpu` builds the WebGPU operators (default: this context's navigator.gpu; tests pass their own).
 * A bare function is the DDA one, as before there was a second operator.
 */
export function createPhotonicsWorkerApi(loaders: PhotonicsWasmLoaders, now: () => number = () => performance.now(), gpu?: OperatorGpuFactories | (() => Promise<DdaOperatorBackend>)) {
  const gpus: OperatorGpuFactories = typeof gpu === 'function' ? { dda: gpu } : (gpu ?? {});
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
  // Each operator's backends are built on first use (a GPU device is not free), then kept with the user's preference.
  const dda = lazyOperatorBackends(async () => (await import('./photonics-kernels.ts')).loadDdaOperatorBackends(gpus.dda));
  const pwe = lazyOperatorBackends(async () => (await import('./photonics-kernels.ts')).loadPweOperatorBackends(gpus.pwe));
  const ddaInfo = async (): Promise<DdaBackendsInfo> => ({ ...(await dda.info()), gpu_min_fft_points: (await import('../src/core/photonics/dda/backend-choice.ts')).GPU_MIN_FFT_POINTS });
  const pweInfo = async (): Promise<PweBackendsInfo> => ({ ...(await pwe.info()), gpu_min_plane_waves: (await import('../src/core/photonics/pwe/backend-choice.ts')).GPU_MIN_PLANE_WAVES });

  return {
    async backends(): Promise<PhotonicsBackends> {
      return (await state()).kernels.backends;
    },

    /** Validates and solves one problem; throws the validation or solver error (its message says what to fix). */
    async solve(problem: unknown, onProgress?: ProgressSink): Promise<PhotonicsSolveOutput> {
      const { library, kernels, solveModule } = await state();
      const start = now();
      const ctx = onProgress ? { materials: library, kernels: kernels.kernels, onProgress } : { materials: library, kernels: kernels.kernels };
      const kind = kindOf(problem);
      if (kind === 'dda' || kind === 'bands') {
        // DDA products and fft-method Θ products may run on the GPU: the async entry awaits them; the backend is chosen per problem size.
        const solveAsync = await import('../src/core/photonics/solve-async.ts');
        const operatorCtx =
          kind === 'dda'
            ? await (async () => {
                const [set, choice] = await Promise.all([dda.set(), import('../src/core/photonics/dda/backend-choice.ts')]);
                return { ...ctx, ddaBackend: (points: number, tolerance: number) => choice.chooseDdaBackend(set, dda.preference(), points, tolerance) };
              })()
            : await (async () => {
                const [set, choice] = await Promise.all([pwe.set(), import('../src/core/photonics/pwe/backend-choice.ts')]);
                return { ...ctx, pweBackend: (planeWaves: number) => choice.choosePweBackend(set, pwe.preference(), planeWaves) };
              })();
        return { result: await solveAsync.solvePhotonicsAsync(problem, operatorCtx), ms: now() - start };
      }
      const result = solveModule.solvePhotonics(problem, ctx);
      return { result, ms: now() - start };
    },

    /** The DDA operator backends that built, the reasons for those that did not, and the current preference. */
    async ddaBackends(): Promise<DdaBackendsInfo> {
      return ddaInfo();
    },

    /** The plane-wave Θ backends (bands, fft method), the reasons for those that did not build, and the current preference. */
    async pweBackends(): Promise<PweBackendsInfo> {
      return pweInfo();
    },

    /**
     * Forces an operator backend ('webgpu', 'reference') or restores 'auto', per operator: { dda }, { pwe }
     * or both. Validated, so a bad value or key throws with the allowed ones. Touches no GPU.
     */
    async setBackendPreference(preference: unknown): Promise<BackendPreferences> {
      const { z } = await import('zod');
      const { GpuPreferenceSchema } = await import('../src/core/kernels/gpu-choice.ts');
      const parsed = z
        .strictObject({ dda: GpuPreferenceSchema.optional(), pwe: GpuPreferenceSchema.optional() })
        .refine((p) => p.dda !== undefined || p.pwe !== undefined, { message: 'name an operator: { dda } or { pwe }' })
        .parse(preference);
      if (parsed.dda) dda.setPreference(parsed.dda);
      if (parsed.pwe) pwe.setPreference(parsed.pwe);
      return { dda: dda.preference(), pwe: pwe.preference() };
    },

    /** Runs the DDA parity cases on every available backend against the f64 reference. */
    async checkBackends(): Promise<DdaParityReport> {
      const [{ library }, backends, { runDdaParity }] = await Promise.all([state(), dda.available(), import('../src/core/photonics/dda/parity.ts')]);
      return runDdaParity(backends, { materials: library }, { now });
    },

    /** Runs the plane-wave Θ parity cases (operator and band frequencies) on every available backend against the f64 reference. */
    async checkPweBackends(): Promise<PweParityReport> {
      const [backends, { runPweParity }] = await Promise.all([pwe.available(), import('../src/core/photonics/pwe/parity.ts')]);
      return runPweParity(backends, { now });
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
