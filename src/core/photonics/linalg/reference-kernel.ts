/**
 * The TypeScript linear algebra of ./cmatrix.ts, ./eig.ts, ./hermitian-eig.ts,
 * ./generalized-hermitian-eig.ts, ../fdmode/banded-lu.ts and ../fdfd/symmetric-banded.ts behind the DenseLinalgKernel interface:
 * the always-available fallback and the yardstick of the parity suite.
 */
import { symmetricBandedEliminate } from '../fdfd/symmetric-banded.ts';
import { bandedSolve, factorBandInPlace } from '../fdmode/banded-lu.ts';
import { inverse, mul, solve } from './cmatrix.ts';
import { eig } from './eig.ts';
import { eigHermitianDefinite } from './generalized-hermitian-eig.ts';
import { eigHermitian } from './hermitian-eig.ts';
import type { BandedFactor, DenseLinalgKernel } from './kernel.ts';
import { createReferenceSparseKernel } from './multifrontal.ts';

function factorBanded(n: number, bw: number, fill: (band: Float64Array) => void): BandedFactor {
  const data = new Float64Array(n * (2 * bw + 1));
  fill(data);
  factorBandInPlace(n, bw, data);
  const lu = { n, bw, data };
  return {
    n,
    bw,
    solve: (x) => bandedSolve(lu, x),
    solveEach: (xs) => {
      for (const x of xs) bandedSolve(lu, x);
    },
  };
}

export const referenceLinalgKernel: DenseLinalgKernel = { id: 'reference', mul, solve, inverse, eig, eigHermitian, eigHermitianDefinite, factorBanded, eliminateSymmetricBanded: symmetricBandedEliminate, sparseLu: createReferenceSparseKernel() };
