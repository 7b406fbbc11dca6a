/**
 * The one interface every VEH oracle backend implements. Batches are flat Float64Arrays in the
 * layout of src/core/veh/oracle-layout.ts; implementations must be bit-identical to the reference.
 */
export interface VehOracleBackend {
  readonly id: string;
  /** Evaluates `count` packed requests from `input` into `out` (OUTPUT_STRIDE doubles each). */
  evaluateBatch(input: Float64Array, count: number, out: Float64Array): void;
}
