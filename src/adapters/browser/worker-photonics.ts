/**
 * The page's photonics solvers: a module Web Worker behind comlink (solves, the material library and
 * the WASM kernels all live there, so a 10,000-point spectrum never blocks the UI). Calls go through
 * guardWorker, so a crashed worker rejects them with a clear error; the caller then starts a fresh
 * one (use-photonics-worker.ts does, replaying the user's imported materials).
 */
import { proxy } from 'comlink';
import { guardWorker } from './guarded-worker.ts';
import type { ProgressSink } from '../../core/photonics/progress.ts';
import type { SolveEstimate } from '../../core/photonics/estimate.ts';
import type { GpuPreference } from '../../core/kernels/gpu-choice.ts';
import type { DdaParityReport } from '../../core/photonics/dda/parity.ts';
import type { PweParityReport } from '../../core/photonics/pwe/parity.ts';
import type { BackendPreferences, DdaBackendsInfo, MaterialListEntry, PhotonicsBackends, PhotonicsSolveOutput, PhotonicsWorkerApi, PweBackendsInfo } from '../../../workers/photonics-api.ts';

export interface WorkerPhotonics {
  /** Which kernel each solver runs and why a faster one was passed over. */
  readonly backends: PhotonicsBackends;
  /** Solves in the worker; `onProgress` hears the steps of a long solve (k-points, wavelengths, iterations). */
  solve(problem: unknown, onProgress?: ProgressSink): Promise<PhotonicsSolveOutput>;
  /** What the solve would cost on this device (a timed probe in the worker), before running it. */
  estimate(problem: unknown): Promise<SolveEstimate>;
  materials(): Promise<MaterialListEntry[]>;
  importMaterial(yamlText: string, name?: string): Promise<MaterialListEntry>;
  /** The DDA operator backends (WebGPU, reference) that built in the worker, and the current preference. */
  ddaBackends(): Promise<DdaBackendsInfo>;
  /** The plane-wave Θ backends (bands, fft method) that built in the worker, and the current preference. */
  pweBackends(): Promise<PweBackendsInfo>;
  /** Forces an operator backend (per operator: DDA, PWE) for later solves, or restores 'auto'. */
  setBackendPreference(preference: { dda?: GpuPreference; pwe?: GpuPreference }): Promise<BackendPreferences>;
  /** Runs the DDA parity cases on every available backend (seconds on a software GPU). */
  checkBackends(): Promise<DdaParityReport>;
  /** Runs the plane-wave Θ parity cases on every available backend. */
  checkPweBackends(): Promise<PweParityReport>;
  terminate(): void;
}

export class PhotonicsWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotonicsWorkerError';
  }
}

export function defaultPhotonicsWorker(): Worker {
  return new Worker(new URL('../../../workers/photonics.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts a worker, waits until its kernels and library are ready, and returns the handle. `createWorker` is for tests. */
export async function createWorkerPhotonics(createWorker: () => Worker = defaultPhotonicsWorker): Promise<WorkerPhotonics> {
  const worker = createWorker();
  const { remote, call, fail } = guardWorker<PhotonicsWorkerApi>(worker, {
    crashed: (detail) => new PhotonicsWorkerError(`the photonics worker crashed: ${detail}; restart it`),
    undecodable: () => new PhotonicsWorkerError('the photonics worker sent a message that could not be decoded; restart it'),
  });

  const backends = await call(() => remote.backends());
  return {
    backends,
    solve: (problem, onProgress) => call(() => (onProgress ? remote.solve(problem, proxy(onProgress)) : remote.solve(problem))),
    estimate: (problem) => call(() => remote.estimate(problem)),
    materials: () => call(() => remote.materials()),
    importMaterial: (yamlText, name) => call(() => remote.importMaterial(yamlText, name)),
    ddaBackends: () => call(() => remote.ddaBackends()),
    setBackendPreference: (preference) => call(() => remote.setBackendPreference(preference)),
    checkBackends: () => call(() => remote.checkBackends()),
    pweBackends: () => call(() => remote.pweBackends()),
    checkPweBackends: () => call(() => remote.checkPweBackends()),
    terminate: () => fail(new PhotonicsWorkerError('the photonics worker was terminated')),
  };
}
