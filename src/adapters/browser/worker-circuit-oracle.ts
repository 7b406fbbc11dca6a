/**
 * The page's circuit-audit oracle: a module Web Worker behind comlink (as the VEH oracle is), with
 * guardWorker turning a crash into a clear rejection; the caller then starts a fresh one.
 */
import { guardWorker } from './guarded-worker.ts';
import { WorkerOracleError } from './worker-veh-oracle.ts';
import type { CircuitOracle, CircuitRequest, CircuitResult } from '../../core/circuit-audit/oracle.ts';
import type { CircuitOracleWorkerApi } from '../../../workers/circuit-oracle-api.ts';

export interface WorkerCircuitOracle extends CircuitOracle {
  readonly skipped: string[];
  terminate(): void;
}

export function defaultCircuitWorker(): Worker {
  return new Worker(new URL('../../../workers/circuit-oracle.worker.ts', import.meta.url), { type: 'module' });
}

export async function createWorkerCircuitOracle(createWorker: () => Worker = defaultCircuitWorker): Promise<WorkerCircuitOracle> {
  const { remote, call, fail } = guardWorker<CircuitOracleWorkerApi>(createWorker(), {
    crashed: (detail) => new WorkerOracleError(`circuit oracle worker crashed: ${detail}; create a new oracle`),
    undecodable: () => new WorkerOracleError('circuit oracle worker sent a message that could not be decoded; create a new oracle'),
  });
  const info = await call(() => remote.init());
  const evaluateMany = (requests: readonly CircuitRequest[]): Promise<CircuitResult[]> => call(() => remote.evaluateMany(requests));
  return {
    backendId: info.backend,
    skipped: info.skipped,
    evaluateMany,
    evaluate: async (request) => {
      const [result] = await evaluateMany([request]);
      if (!result) throw new WorkerOracleError('circuit oracle worker returned no result');
      return result;
    },
    terminate: () => fail(new WorkerOracleError('circuit oracle worker was terminated')),
  };
}
