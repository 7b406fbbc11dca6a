/**
 * The `dda` solve with the operator on any backend (operator-backend.ts): the same setup, COCG and
 * result as solve.ts, with each product awaited. COCG itself stays on the CPU in f64 — with an f32
 * GPU product the recurrences would otherwise drift in f32 too — and only y = A·x moves.
 * A GPU that fails (device lost, out of memory) falls back to the reference with the reason kept as
 * a warning, so a solve never fails because of the backend it was given.
 */
import { runWithFallback, type GpuBackendChoice } from '../../kernels/gpu-choice.ts';
import type { SolveContext } from '../solve-context.ts';
import { cocgAsync } from './cocg.ts';
import type { AsyncDdaOperator, DdaOperatorBackend } from './operator-backend.ts';
import { referenceDdaBackend } from './operator-backend.ts';
import type { DdaProblem } from './problem.ts';
import { ddaCocgOptions, ddaResult, prepareDdaSystem, residualOf, type DdaResult, type DdaSolveOptions, type DdaSystem } from './solve.ts';

/** The backend to use for one problem and the reason it was chosen (both end up in the result). */
export type DdaBackendChoice = GpuBackendChoice<DdaOperatorBackend>;

async function solveOn(system: DdaSystem, backend: DdaOperatorBackend, reason: string, options: DdaSolveOptions): Promise<DdaResult> {
  const { lattice, kd } = system.setup;
  let op: AsyncDdaOperator | undefined;
  try {
    op = await backend.create({ dims: lattice.dims, sites: lattice.sites, k: kd, invAlpha: system.invAlpha });
    const solved = await cocgAsync(op.apply.bind(op), system.b, system.x0, ddaCocgOptions(system.problem, options));
    const y = { re: new Float64Array(op.size), im: new Float64Array(op.size) };
    await op.apply(solved.x.re, solved.x.im, y.re, y.im);
    options.onProgress?.(1);
    return ddaResult(system, solved, residualOf(system.b, y), op.fftDims, { id: backend.id, note: `${backend.description} (${reason})` });
  } finally {
    op?.dispose();
  }
}

/** Solves `problem` with the chosen operator backend; a failing non-reference backend falls back to the reference. */
export async function solveDdaAsync(problem: DdaProblem, ctx: SolveContext, choice: DdaBackendChoice, options: DdaSolveOptions = {}): Promise<DdaResult> {
  const system = prepareDdaSystem(problem, ctx);
  if (choice.warning) system.warnings.add(choice.warning);
  return runWithFallback(choice, referenceDdaBackend, (backend, reason) => solveOn(system, backend, reason, options), (w) => system.warnings.add(w), options.signal);
}
