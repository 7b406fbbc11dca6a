/**
 * The page's circuit-audit oracle: a module Web Worker behind comlink (as the VEH oracle is), with
 * the same start and crash guard (worker-oracle.ts); the caller starts a fresh one after a crash.
 */
import { startWorkerOracle } from './worker-oracle.ts';
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
  const { backendId, skipped, evaluateMany, evaluate, terminate } = await startWorkerOracle<CircuitRequest, CircuitResult, CircuitOracleWorkerApi>(createWorker(), 'circuit oracle');
  return { backendId, skipped, evaluateMany, evaluate, terminate };
}
