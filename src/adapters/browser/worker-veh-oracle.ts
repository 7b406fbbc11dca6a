/**
 * The page's VEH oracle: a module Web Worker behind comlink, so thousands of evaluations never block
 * the UI. Comlink has no notion of a dead worker — a call to a crashed worker would wait forever — so
 * every call is tracked and rejected with a clear error when the worker fails; the oracle is then
 * unusable and the caller creates a fresh one.
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { VehOracle } from '../../core/run/types.ts';
import type { OracleRequest, OracleResult } from '../../core/veh/oracle.ts';
import type { VehOracleWorkerApi, VehWorkerBench } from '../../../workers/veh-oracle-api.ts';

export interface WorkerVehOracle extends VehOracle {
  /** "wasm unavailable: …" for each backend the worker passed over. */
  readonly skipped: string[];
  /** Flat batch in the oracle layout; `input`'s buffer is transferred to the worker (unusable afterwards). */
  evaluateBatch(input: Float64Array, count: number): Promise<Float64Array>;
  bench(durationMs: number): Promise<VehWorkerBench>;
  terminate(): void;
}

export class WorkerOracleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerOracleError';
  }
}

export function defaultVehWorker(): Worker {
  return new Worker(new URL('../../../workers/veh-oracle.worker.ts', import.meta.url), { type: 'module' });
}

function describeWorkerError(ev: Event): string {
  const message = (ev as Partial<ErrorEvent>).message;
  // A module worker that fails to load reports an error event with no message.
  return typeof message === 'string' && message !== '' ? message : 'the worker failed to load or threw an uncaught error';
}

/** Starts a worker, initialises it (backend chosen there), and returns the oracle. `createWorker` is for tests. */
export async function createWorkerVehOracle(createWorker: () => Worker = defaultVehWorker): Promise<WorkerVehOracle> {
  const worker = createWorker();
  const remote: Remote<VehOracleWorkerApi> = wrap<VehOracleWorkerApi>(worker);
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
    fail(new WorkerOracleError(`VEH oracle worker crashed: ${describeWorkerError(ev)}; create a new oracle`));
  });
  worker.addEventListener('messageerror', () => {
    fail(new WorkerOracleError('VEH oracle worker sent a message that could not be decoded; create a new oracle'));
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

  const info = await call(() => remote.init());
  const evaluateMany = (requests: readonly OracleRequest[]): Promise<OracleResult[]> => call(() => remote.evaluateMany(requests));

  return {
    backendId: info.backend,
    skipped: info.skipped,
    evaluateMany,
    evaluate: async (request) => {
      const [result] = await evaluateMany([request]);
      if (!result) throw new WorkerOracleError('VEH oracle worker returned no result');
      return result;
    },
    evaluateBatch: (input, count) => call(() => remote.evaluateBatch(transfer(input, [input.buffer]), count)),
    bench: (durationMs) => call(() => remote.bench(durationMs)),
    terminate: () => fail(new WorkerOracleError('VEH oracle worker was terminated')),
  };
}
