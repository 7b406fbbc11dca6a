/**
 * One FDFD system: the assembled operator and its factors. Forward and adjoint solves share the
 * factors (A = Aᵀ, see operator.ts).
 */
import type { FdfdGrid } from './grid.ts';
import { assembleOperator } from './operator.ts';
import { symmetricBandedEliminate, symmetricBandedMultiply, symmetricBandedSolve, type SymmetricBandedMatrix, type SymmetricEliminator } from './symmetric-banded.ts';

export interface FdfdSystem {
  readonly grid: FdfdGrid;
  readonly k0: number;
  readonly matrix: SymmetricBandedMatrix;
  readonly factors: SymmetricBandedMatrix;
}

/** Assembles and factors the operator; `eliminate` runs the LDLᵀ (default: the TypeScript reference). */
export function factorSystem(grid: FdfdGrid, epsilon: Float64Array, k0: number, eliminate: SymmetricEliminator = symmetricBandedEliminate): FdfdSystem {
  const matrix = assembleOperator(grid, epsilon, k0);
  return { grid, k0, matrix, factors: eliminate(matrix, matrix.n) };
}

/** x with A·x = rhs (and, since A = Aᵀ, Aᵀ·x = rhs): interleaved complex, solver numbering. */
export function solveSystem(system: FdfdSystem, rhs: Float64Array): Float64Array {
  const x = rhs.slice();
  symmetricBandedSolve(system.factors, x);
  return x;
}

/** ‖A·x − rhs‖ / ‖rhs‖: how well the unpivoted elimination did. */
export function relativeResidual(system: Pick<FdfdSystem, 'matrix'>, x: Float64Array, rhs: Float64Array): number {
  const ax = new Float64Array(x.length);
  symmetricBandedMultiply(system.matrix, x, ax);
  let num = 0;
  let den = 0;
  for (let k = 0; k < x.length; k++) {
    num += ((ax[k] as number) - (rhs[k] as number)) ** 2;
    den += (rhs[k] as number) ** 2;
  }
  return Math.sqrt(num / Math.max(den, Number.MIN_VALUE));
}
