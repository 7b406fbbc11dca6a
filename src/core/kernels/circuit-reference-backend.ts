import { CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE } from '../circuit-audit/oracle-layout.ts';
import { evaluateCircuitBatch } from '../circuit-audit/oracle-reference.ts';
import type { CircuitOracleBackend } from './circuit-backend.ts';

/** Pure-TypeScript circuit backend: always available, the parity suite's ground truth. */
export const referenceCircuitBackend: CircuitOracleBackend = {
  id: 'reference',
  evaluateBatch: (input, count, out) => evaluateCircuitBatch(input, count, out, CIRCUIT_INPUT_STRIDE, CIRCUIT_OUTPUT_STRIDE),
};
