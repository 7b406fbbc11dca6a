/**
 * The TypeScript linear algebra of ./cmatrix.ts, ./eig.ts, ./hermitian-eig.ts and
 * ./generalized-hermitian-eig.ts behind the DenseLinalgKernel interface:
 * the always-available fallback and the yardstick of the parity suite.
 */
import { inverse, mul, solve } from './cmatrix.ts';
import { eig } from './eig.ts';
import { eigHermitianDefinite } from './generalized-hermitian-eig.ts';
import { eigHermitian } from './hermitian-eig.ts';
import type { DenseLinalgKernel } from './kernel.ts';

export const referenceLinalgKernel: DenseLinalgKernel = { id: 'reference', mul, solve, inverse, eig, eigHermitian, eigHermitianDefinite };
