/**
 * The page's VEH oracle: a module Web Worker behind comlink, so thousands of evaluations never block
 * the UI; started and guarded as every oracle worker is (worker-oracle.ts).
 */
import { transfer } from 'comlink';
import { startWorkerOracle, WorkerOracleError } from './worker-oracle.ts';
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

export { WorkerOracleError };

export function defaultVehWorker(): Worker {
  return new Worker(new URL('../../../workers/veh-oracle.worker.ts', import.meta.url), { type: 'module' });
}

/** Starts a worker, initialises it (backend chosen there), and returns the oracle. `createWorker` is for tests. */
export async function createWorkerVehOracle(createWorker: () => Worker = defaultVehWorker): Promise<WorkerVehOracle> {
  const o = await startWorkerOracle<OracleRequest, OracleResult, VehOracleWorkerApi>(createWorker(), 'VEH oracle');
  return {
    backendId: o.backendId,
    skipped: o.skipped,
    evaluateMany: o.evaluateMany,
    evaluate: o.evaluate,
    evaluateBatch: (input, count) => o.call(() => o.remote.evaluateBatch(transfer(input, [input.buffer]), count)),
    bench: (durationMs) => o.call(() => o.remote.bench(durationMs)),
    terminate: o.terminate,
  };
}
