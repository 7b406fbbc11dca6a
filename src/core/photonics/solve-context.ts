/**
 * What every photonics solve receives besides its problem. Kernels are resolved once at startup by
 * the caller (Node: WASM from build/wasm; page: the photonics worker) and handed in, so the solvers
 * stay pure and the same code runs in the CLI, the worker and the tests.
 */
import type { MaterialResolver } from './material-spec.ts';
import type { DenseLinalgKernel } from './linalg/kernel.ts';
import type { MieKernel } from './mie/kernel.ts';
import type { TmmKernel } from './tmm/kernel.ts';
import type { ProgressSink } from './progress.ts';

/** Fast kernels (WASM) per solver; a solver without one runs its TypeScript reference. */
export interface PhotonicsKernels {
  readonly mie?: MieKernel;
  readonly tmm?: TmmKernel;
  /** Dense complex products, solves and eigenproblems (RCWA). */
  readonly linalg?: DenseLinalgKernel;
}

export interface SolveContext {
  readonly materials: MaterialResolver;
  readonly kernels?: PhotonicsKernels;
  /** Long solves report their steps here (see progress.ts); absent in batch runs. */
  readonly onProgress?: ProgressSink;
}

/** Thrown for a problem that validates but cannot be solved as posed (message says what to change). */
export class ProblemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProblemError';
  }
}
