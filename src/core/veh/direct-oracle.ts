/**
 * VehOracle on a backend in the same thread: packs requests into the flat layout, evaluates them in
 * one batch, unpacks. Node (CLI, run engine) uses it over WASM; the worker uses it behind comlink.
 * `evaluateSync` serves hot loops that cannot afford a promise per call.
 */
import type { VehOracleBackend } from '../kernels/veh-backend.ts';
import type { VehOracle } from './run/types.ts';
import { INPUT_STRIDE, OUTPUT_STRIDE } from './oracle-layout.ts';
import { packRequest, unpackResult, type OracleRequest, type OracleResult } from './oracle.ts';

export interface DirectVehOracle extends VehOracle {
  readonly backend: VehOracleBackend;
  evaluateSync(request: OracleRequest): OracleResult;
  evaluateManySync(requests: readonly OracleRequest[]): OracleResult[];
}

/** Packs, evaluates and unpacks a batch on `backend`. */
export function evaluateRequests(backend: VehOracleBackend, requests: readonly OracleRequest[]): OracleResult[] {
  const n = requests.length;
  const input = new Float64Array(n * INPUT_STRIDE);
  requests.forEach((r, i) => packRequest(r, input, i));
  const out = new Float64Array(n * OUTPUT_STRIDE);
  backend.evaluateBatch(input, n, out);
  return requests.map((_, i) => unpackResult(out, i));
}

export function createDirectVehOracle(backend: VehOracleBackend): DirectVehOracle {
  // Scratch for single evaluations: reused, so a hot loop allocates only the result object.
  const oneIn = new Float64Array(INPUT_STRIDE);
  const oneOut = new Float64Array(OUTPUT_STRIDE);

  const evaluateSync = (request: OracleRequest): OracleResult => {
    packRequest(request, oneIn, 0);
    backend.evaluateBatch(oneIn, 1, oneOut);
    return unpackResult(oneOut, 0);
  };
  const evaluateManySync = (requests: readonly OracleRequest[]): OracleResult[] => evaluateRequests(backend, requests);

  return {
    backendId: backend.id,
    backend,
    evaluateSync,
    evaluateManySync,
    // async so packing errors (unknown material) surface as rejections, like the worker's.
    evaluate: async (request) => evaluateSync(request),
    evaluateMany: async (requests) => evaluateManySync(requests),
  };
}
