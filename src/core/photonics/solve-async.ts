/**
 * The asynchronous entry for every photonics solve. GPU work is asynchronous (a product has to be
 * read back), the solvers are synchronous: `dda` goes through its async COCG when the context
 * brings a DDA backend chooser, `bands` of the fft method through its async LOBPCG when the
 * context brings a PWE one; every other kind (and those two without a chooser) runs the
 * synchronous solver.
 */
import { progressReporter } from './progress.ts';
import type { SolveContext } from './solve-context.ts';
import { parsePhotonicsProblem, solveParsedPhotonics, type PhotonicsResult } from './solve.ts';
import { fftPoints } from './dda/solve.ts';
import { solveDdaAsync, type DdaBackendChoice } from './dda/solve-async.ts';
import type { PweBackendChoice } from './pwe/backend-choice.ts';
import { resolvedMethod } from './pwe/problem.ts';
import { solveBandsAsync } from './pwe/solve-async.ts';

export interface AsyncSolveContext extends SolveContext {
  /** Picks the DDA operator backend for a problem with this many padded FFT grid points and this COCG tolerance. */
  readonly ddaBackend?: (fftPoints: number, tolerance: number) => DdaBackendChoice;
  /** Picks the plane-wave Θ backend for a fft-method band solve with this many plane waves (P²). */
  readonly pweBackend?: (planeWaves: number) => PweBackendChoice;
}

/** Percent steps: DDA progress is the residual's way toward the tolerance on a log scale, not a count. */
const PROGRESS_STEPS = 100;

/** Validates `input` (ProblemValidationError lists every issue) and solves it. */
export async function solvePhotonicsAsync(input: unknown, ctx: AsyncSolveContext): Promise<PhotonicsResult> {
  const problem = parsePhotonicsProblem(input);
  if (problem.kind === 'bands' && ctx.pweBackend && resolvedMethod(problem) === 'fft') {
    return solveBandsAsync(problem, ctx, ctx.pweBackend(problem.plane_waves_per_axis ** 2));
  }
  if (problem.kind !== 'dda' || !ctx.ddaBackend) return solveParsedPhotonics(problem, ctx);
  const choice = ctx.ddaBackend(fftPoints(problem.particle, problem.dipoles_across), problem.tolerance);
  const reporter = progressReporter(ctx.onProgress, 'residual toward tolerance (%)', PROGRESS_STEPS);
  return solveDdaAsync(problem, ctx, choice, { onProgress: (f) => reporter.step(Math.round(f * PROGRESS_STEPS)) });
}
