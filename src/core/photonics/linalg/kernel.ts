/**
 * The linear algebra the grid solvers lean on — dense complex matrices (RCWA), real banded
 * factorisations (the channel mode solvers) and complex symmetric ones (FDFD) — as an interface so the same solver can run the
 * TypeScript reference or the WASM build of assembly/photonics-linalg.ts, and the parity suite can
 * hold every backend to the reference. Matrices use the CMatrix layout of ./cmatrix.ts (row-major,
 * split real and imaginary Float64Arrays); inputs are never modified.
 */
import type { CMatrix } from './cmatrix.ts';
import type { EigenResult } from './eig.ts';
import type { SymmetricBandedMatrix } from '../fdfd/symmetric-banded.ts';
import type { SparseLuKernel } from './multifrontal.ts';
import type { PweBlockKernel } from '../pwe/block-kernel.ts';
import type { KrylovVectorKernel } from './krylov-kernel.ts';
import type { FvAssemblyKernel } from './fv-assembly-kernel.ts';
import type { OrderingKernel } from './minimum-degree.ts';

export interface DenseLinalgKernel {
  /** 'wasm' or 'reference'; a solver reports it as its `backend`. */
  readonly id: string;
  /** a·b. */
  mul(a: CMatrix, b: CMatrix): CMatrix;
  /** x with a·x = b (b may have several columns), LU with partial pivoting; throws on a singular a. */
  solve(a: CMatrix, b: CMatrix): CMatrix;
  /** a⁻¹; throws on a singular a. */
  inverse(a: CMatrix): CMatrix;
  /** Eigenvalues and unit eigenvectors of a general complex a; throws when the QR iteration stalls. */
  eig(a: CMatrix): EigenResult;
  /**
   * The same for a Hermitian a (only its lower triangle is read): real eigenvalues, orthonormal
   * eigenvectors, about a quarter of the work of eig. RCWA's lossless TE layers are Hermitian.
   */
  eigHermitian(a: CMatrix): EigenResult;
  /**
   * b·w = λ·a·w for a Hermitian b and a Hermitian positive-definite a (lower triangles read): real
   * eigenvalues and a-orthonormal eigenvectors (Wᴴ·a·W = I, so W⁻¹ = Wᴴ·a). RCWA's lossless TM
   * layers pose this. Throws when a is not positive definite.
   */
  eigHermitianDefinite(b: CMatrix, a: CMatrix): EigenResult;
  /**
   * LU without pivoting of an n × n real band of half-width bw (the fdmode/banded-lu.ts layout: row
   * i holds columns i − bw … i + bw at offset j − i + bw). `fill` writes the matrix into the zeroed
   * array it is given — on WASM that array is the kernel's own memory, so a band of 100 MB is not
   * copied. Throws on a zero or non-finite pivot. A factor is usable until the next factorBanded
   * call on the same kernel: the WASM backend reuses the storage and refuses a solve on an older one.
   */
  factorBanded(n: number, bw: number, fill: (band: Float64Array) => void): BandedFactor;
  /**
   * The first `pivots` steps of LDLᵀ of a complex symmetric band (fdfd/symmetric-banded.ts layout)
   * in a copy: FDFD's factorisation. Throws on a zero or non-finite pivot.
   */
  eliminateSymmetricBanded(m: SymmetricBandedMatrix, pivots: number): SymmetricBandedMatrix;
  /**
   * The sparse (multifrontal) LU's backend: dense front elimination and the solve over the whole
   * factor (./multifrontal.ts). Optional, so a kernel without it falls back to the reference.
   */
  readonly sparseLu?: SparseLuKernel;
  /** The plane-wave band solver's real block kernels (pwe/block-kernel.ts); without it the band solver runs its TypeScript LOBPCG. */
  readonly pweBlock?: PweBlockKernel;
  /** The mode solver's Krylov vector loops (./krylov-kernel.ts); without it they run in TypeScript. */
  readonly krylov?: KrylovVectorKernel;
  /** The full-vectorial mode operator's assembly (./fv-assembly-kernel.ts); without it, fdmode's TypeScript reference. */
  readonly fvAssembly?: FvAssemblyKernel;
  /**
   * The sparse LU's fill-reducing ordering (approximate minimum degree with its steps,
   * ./minimum-degree.ts); without it the TypeScript one runs. Same steps either way.
   */
  readonly ordering?: OrderingKernel;
}

export interface BandedFactor {
  readonly n: number;
  readonly bw: number;
  /** x ← (LU)⁻¹·x in place (x has length n). */
  solve(x: Float64Array): void;
  /** solve() on each vector; a backend may share the pass over the band between them (same results). */
  solveEach(xs: readonly Float64Array[]): void;
}
