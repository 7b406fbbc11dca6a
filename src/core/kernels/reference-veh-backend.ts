import { evaluateBatch } from '../veh/oracle-reference.ts';
import type { VehOracleBackend } from './veh-backend.ts';

/** Pure-TypeScript backend: always available, the parity suite's ground truth. */
export const referenceVehBackend: VehOracleBackend = { id: 'reference', evaluateBatch };
