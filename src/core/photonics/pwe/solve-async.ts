/**
 * The `bands` solve with Θ on any backend (operator-backend.ts): the same generator as
 * solveBandsProblem (solve.ts), its block products awaited on the chosen backend. The result says
 * which backend ran and why (its `backend` field and a conventions line); a GPU that fails falls
 * back to the reference with the reason kept as a warning.
 */
import { runWithFallback } from '../../kernels/gpu-choice.ts';
import type { SolveContext } from '../solve-context.ts';
import { backendThetaApplier } from './bands-fft-async.ts';
import type { PweBackendChoice } from './backend-choice.ts';
import { driveAsync } from './block-steps.ts';
import { referencePweBackend, type ThetaOperatorBackend } from './operator-backend.ts';
import type { BandsProblem } from './problem.ts';
import { bandsProblemSteps, type BandsSolveResult } from './solve.ts';

async function solveOn(problem: BandsProblem, ctx: Pick<SolveContext, 'onProgress' | 'kernels'>, backend: ThetaOperatorBackend, reason: string): Promise<BandsSolveResult> {
  const applier = backendThetaApplier(backend);
  try {
    // On the reference, a real operator runs on the WASM block kernels when the context has them; a GPU gets every product.
    const block = backend.id === 'reference' ? ctx.kernels?.linalg?.pweBlock : undefined;
    const result = await driveAsync(bandsProblemSteps(problem, ctx, block), applier.apply);
    if (result.method !== 'fft') return result;
    return { ...result, backend: backend.id, conventions: { ...result.conventions, backend: `${backend.description} (${reason})` } };
  } finally {
    applier.dispose();
  }
}

/** Solves `problem` with Θ on the chosen backend; a failing non-reference backend falls back to the reference. */
export async function solveBandsAsync(problem: BandsProblem, ctx: Pick<SolveContext, 'onProgress' | 'kernels'>, choice: PweBackendChoice): Promise<BandsSolveResult> {
  const warnings: string[] = choice.warning ? [choice.warning] : [];
  const result = await runWithFallback(choice, referencePweBackend, (backend, reason) => solveOn(problem, ctx, backend, reason), (w) => warnings.push(w));
  return warnings.length === 0 ? result : { ...result, warnings: [...result.warnings, ...warnings] };
}
