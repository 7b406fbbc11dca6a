/**
 * One entry point for every photonics solve: validate the problem, dispatch on `kind`. Used by the
 * CLI (`proving-ground solve`), the photonics worker and, later, the agent suites' tools.
 */
import { PhotonicsProblemSchema, type PhotonicsProblem } from './problem.ts';
import type { SolveContext } from './solve-context.ts';
import { solveScattering, type ScatteringResult } from './mie/solve.ts';
import { solveLayerStack, type LayerStackResult } from './tmm/solve.ts';
import { solveMode, type ModeResult } from './slab/solve.ts';
import { solveCircuit, type CircuitResult } from './circuit/solve.ts';
import { solveGrating, type GratingResult } from './rcwa/solve.ts';
import { solveGrating2dProblem, type Grating2dSolveResult } from './rcwa/solve2d.ts';
import { solveBandsProblem, type BandsSolveResult } from './pwe/solve.ts';
import { solveDda, type DdaResult } from './dda/solve.ts';
import { solveEme, type EmeResult } from './eme/solve.ts';
import { solveInverseDesign, type InverseDesignResult } from './topopt/solve.ts';
import { solveChannelModes, type ChannelModeResult } from './fdmode/solve.ts';

export type PhotonicsResult = ScatteringResult | LayerStackResult | ModeResult | CircuitResult | GratingResult | Grating2dSolveResult | BandsSolveResult | ChannelModeResult | DdaResult | EmeResult | InverseDesignResult;

/** The problem failed validation; `issues` lists every problem with its JSON path. */
export class ProblemValidationError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(`invalid photonics problem:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ProblemValidationError';
    this.issues = issues;
  }
}

export function parsePhotonicsProblem(input: unknown): PhotonicsProblem {
  const parsed = PhotonicsProblemSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ProblemValidationError(
    parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`),
  );
}

/** Validates `input` (ProblemValidationError lists every issue) and solves it. */
export function solvePhotonics(input: unknown, ctx: SolveContext): PhotonicsResult {
  return solveParsedPhotonics(parsePhotonicsProblem(input), ctx);
}

/** Solves a problem that parsePhotonicsProblem already returned, without validating it again. */
export function solveParsedPhotonics(problem: PhotonicsProblem, ctx: SolveContext): PhotonicsResult {
  switch (problem.kind) {
    case 'scattering':
      return solveScattering(problem, ctx);
    case 'layer_stack':
      return solveLayerStack(problem, ctx);
    case 'mode':
      return problem.structure.type === 'channel' ? solveChannelModes(problem, problem.structure, ctx) : solveMode(problem, ctx);
    case 'circuit':
      return solveCircuit(problem, ctx);
    case 'grating':
      return solveGrating(problem, ctx);
    case 'grating_2d':
      return solveGrating2dProblem(problem, ctx);
    case 'bands':
      return solveBandsProblem(problem, ctx);
    case 'dda':
      return solveDda(problem, ctx);
    case 'eme':
      return solveEme(problem, ctx);
    case 'inverse_design':
      return solveInverseDesign(problem, ctx);
  }
}
