/**
 * The one interface every circuit oracle backend implements. Batches are flat Float64Arrays in the
 * layout of src/core/circuit-audit/oracle-layout.ts; implementations must be bit-identical to the reference.
 */
export interface CircuitOracleBackend {
  readonly id: string;
  /** Evaluates `count` packed requests from `input` into `out` (CIRCUIT_OUTPUT_STRIDE doubles each). */
  evaluateBatch(input: Float64Array, count: number, out: Float64Array): void;
}
