/**
 * The page's VEH oracle: a module Web Worker behind comlink, so thousands of evaluations never block
 * the UI. Calls go through guardWorker, so a crashed worker rejects them with a clear error; the
 * oracle is then unusable and the caller creates a fresh one.
 */
import { transfer } from 'comlink';
import { guardWorker } from './guarded-worker.ts';
import type { VehOracle } from '../../core/veh/run/types.ts';
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

/** Starts a worker, initialises it (backend chosen there), and returns the oracle. `createWorker` is for tests. */
export async function createWorkerVehOracle(createWorker: () => Worker = defaultVehWorker): Promise<WorkerVehOracle> {
  const worker = createWorker();
  const { remote, call, fail } = guardWorker<VehOracleWorkerApi>(worker, {
    crashed: (detail) => new WorkerOracleError(`VEH oracle worker crashed: ${detail}; create a new oracle`),
    undecodable: () => new WorkerOracleError('VEH oracle worker sent a message that could not be decoded; create a new oracle'),
  });

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
