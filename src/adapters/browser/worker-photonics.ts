/**
 * The page's photonics solvers: a module Web Worker behind comlink (solves, the material library and
 * the WASM kernels all live there, so a 10,000-point spectrum never blocks the UI). Comlink has no
 * notion of a dead worker — a call to a crashed one would wait forever — so every call is tracked
 * and rejected with a clear error when the worker fails; the handle is then unusable and the caller
 * starts a fresh one (use-photonics-worker.ts does, replaying the user's imported materials).
 */
import { wrap, type Remote } from 'comlink';
import type { MaterialListEntry, PhotonicsBackends, PhotonicsSolveOutput, PhotonicsWorkerApi } from '../../../workers/photonics-api.ts';

export interface WorkerPhotonics {
  /** Which kernel each solver runs and why a faster one was passed over. */
  readonly backends: PhotonicsBackends;
  solve(problem: unknown): Promise<PhotonicsSolveOutput>;
  materials(): Promise<MaterialListEntry[]>;
  importMaterial(yamlText: string, name?: string): Promise<MaterialListEntry>;
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

function describeWorkerError(ev: Event): string {
  const message = (ev as Partial<ErrorEvent>).message;
  // A module worker that fails to load reports an error event with no message.
  return typeof message === 'string' && message !== '' ? message : 'the worker failed to load or threw an uncaught error';
}

/** Starts a worker, waits until its kernels and library are ready, and returns the handle. `createWorker` is for tests. */
export async function createWorkerPhotonics(createWorker: () => Worker = defaultPhotonicsWorker): Promise<WorkerPhotonics> {
  const worker = createWorker();
  const remote: Remote<PhotonicsWorkerApi> = wrap<PhotonicsWorkerApi>(worker);
  const pending = new Set<(e: Error) => void>();
  let failure: Error | undefined;

  const fail = (error: Error): void => {
    if (failure) return;
    failure = error;
    for (const reject of pending) reject(error);
    pending.clear();
    // terminate() alone: a release message to a dead worker would never be answered.
    worker.terminate();
  };
  worker.addEventListener('error', (ev) => {
    ev.preventDefault(); // handled here; keep it off the page's console as an uncaught error
    fail(new PhotonicsWorkerError(`the photonics worker crashed: ${describeWorkerError(ev)}; restart it`));
  });
  worker.addEventListener('messageerror', () => {
    fail(new PhotonicsWorkerError('the photonics worker sent a message that could not be decoded; restart it'));
  });

  const call = <R>(invoke: () => Promise<R>): Promise<R> => {
    if (failure) return Promise.reject(failure);
    return new Promise<R>((resolve, reject) => {
      pending.add(reject);
      invoke().then(
        (value) => {
          pending.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          pending.delete(reject);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };

  const backends = await call(() => remote.backends());
  return {
    backends,
    solve: (problem) => call(() => remote.solve(problem)),
    materials: () => call(() => remote.materials()),
    importMaterial: (yamlText, name) => call(() => remote.importMaterial(yamlText, name)),
    terminate: () => fail(new PhotonicsWorkerError('the photonics worker was terminated')),
  };
}
