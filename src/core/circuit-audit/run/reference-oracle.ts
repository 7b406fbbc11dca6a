/**
 * The pure reference evaluator behind the async CircuitOracle interface: what tests use, and what
 * the CLI runs when no faster backend is available. Bit-identical to itself by construction.
 */
import { evaluateCircuit, type CircuitOracle } from '../oracle.ts';

export const referenceCircuitOracle: CircuitOracle = {
  backendId: 'reference',
  evaluate: (request) => Promise.resolve(evaluateCircuit(request)),
  evaluateMany: (requests) => Promise.resolve(requests.map(evaluateCircuit)),
};
