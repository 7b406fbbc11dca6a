/**
 * CircuitOracle on a backend in the same thread: packs requests into the flat layout, evaluates them
 * in one batch, unpacks. Node (CLI, runner) uses it over WASM; a worker can use it behind comlink.
 */
import type { CircuitOracleBackend } from '../kernels/circuit-backend.ts';
import { CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE } from './oracle-layout.ts';
import { packCircuitRequest, unpackCircuitResult, type CircuitOracle, type CircuitRequest, type CircuitResult } from './oracle.ts';

export interface DirectCircuitOracle extends CircuitOracle {
  readonly backend: CircuitOracleBackend;
  evaluateManySync(requests: readonly CircuitRequest[]): CircuitResult[];
}

export function evaluateCircuitRequests(backend: CircuitOracleBackend, requests: readonly CircuitRequest[]): CircuitResult[] {
  const n = requests.length;
  const input = new Float64Array(n * CIRCUIT_INPUT_STRIDE);
  requests.forEach((r, i) => packCircuitRequest(r, input, i));
  const out = new Float64Array(n * CIRCUIT_OUTPUT_STRIDE);
  backend.evaluateBatch(input, n, out);
  return requests.map((r, i) => unpackCircuitResult(out, i, r.family));
}

export function createDirectCircuitOracle(backend: CircuitOracleBackend): DirectCircuitOracle {
  const evaluateManySync = (requests: readonly CircuitRequest[]): CircuitResult[] => evaluateCircuitRequests(backend, requests);
  return {
    backendId: backend.id,
    backend,
    evaluateManySync,
    // async so packing errors surface as rejections, like a worker's.
    evaluate: async (request) => evaluateManySync([request])[0] as CircuitResult,
    evaluateMany: async (requests) => evaluateManySync(requests),
  };
}
