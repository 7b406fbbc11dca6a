/**
 * estimate(inverse_design). A full factorisation of the FDFD operator (banded LDLᵀ) costs ∝ N·bw²
 * with N = nx·ny unknowns and bw = min(nx, ny). Each iteration factors only the slabs that cross the
 * design region (the others are eliminated once) and solves twice (forward and adjoint, ∝ N·bw); the
 * run adds four full factorisations (two reference runs, the final continuous design, the binarised
 * re-simulation). The probe times, on the same device at a grid twice as coarse (small grids: the grid
 * itself), one full factorisation with two solves and one optimiser iteration as the solve runs it,
 * and scales both by N·bw².
 */
import { INVERSE_DESIGN_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';
import { halfBandwidth } from '../fdfd/grid.ts';
import { factorSystem, solveSystem } from '../fdfd/simulate.ts';
import type { SymmetricEliminator } from '../fdfd/symmetric-banded.ts';
import { buildLayout, gridCells } from './layout.ts';
import { designFactorer } from './objective.ts';
import { timeProbe } from '../probe-timing.ts';
import type { InverseDesignProblem } from './problem.ts';

/** Grids up to this many cells are probed at their own resolution (a factorisation takes milliseconds). */
const SMALL_GRID = 4000;
const BYTES_PER_COMPLEX = 16;
/** Factorisations besides one per iteration: two reference runs, the final continuous design, the binarised check. */
const EXTRA_FACTORISATIONS = 4;

function work(nx: number, ny: number): number {
  const bw = Math.min(nx, ny);
  return nx * ny * bw * bw;
}

/** `eliminate`: the LDLᵀ the solve will use, so the probe times the same kernel (default: the TypeScript reference). */
export function estimateInverseDesign(problem: InverseDesignProblem, options: EstimateOptions, eliminate?: SymmetricEliminator): SolveEstimate {
  const cells = gridCells(problem);
  const unknowns = cells.nx * cells.ny;
  const bw = Math.min(cells.nx, cells.ny);
  // Small grids are probed as they are: at a handful of cells, call overhead, not elimination, would set the time.
  const probeProblem = unknowns <= SMALL_GRID ? problem : { ...problem, cell_nm: problem.cell_nm * 2 };
  const probeLayout = buildLayout(probeProblem);
  const g = probeLayout.grid;
  const rhs = new Float64Array(2 * g.nx * g.ny);
  rhs[2 * Math.floor(rhs.length / 4)] = 1;
  const fullProbe = () => {
    const system = factorSystem(g, probeLayout.background, probeLayout.k0, eliminate);
    solveSystem(system, rhs);
    solveSystem(system, rhs);
  };
  // An iteration as the optimiser runs it (objective.ts designFactorer): assemble the operator, factor
  // the slabs crossing the design region with the exterior's Schur complements, solve forward and
  // adjoint. Timed, not derived from the design region's share of a full factorisation: the
  // assembly, the Schur complements and the sweeps through the exterior made that share read ~30 % low.
  const factorDesign = designFactorer(probeLayout, eliminate);
  const iterationProbe = () => {
    const factored = factorDesign(probeLayout.background);
    factored.solve(rhs);
    factored.solve(rhs);
  };
  const fullMs = timeProbe(fullProbe, options.now);
  const iterationMs = timeProbe(iterationProbe, options.now);
  const probeMs = fullMs + iterationMs;
  const ratio = work(cells.nx, cells.ny) / work(g.nx, g.ny);
  // Besides the iterations: the reference runs and checks, and the exterior eliminated once.
  const slabs = Math.max(cells.nx, cells.ny);
  const designShare = (cells.nx <= cells.ny ? cells.designY : cells.designX) / slabs;
  const fullFactorisations = EXTRA_FACTORISATIONS + (1 - designShare);
  const expectedMs = ratio * (fullMs * fullFactorisations + iterationMs * problem.iterations);
  const advice = [
    `${cells.nx} × ${cells.ny} cells (${unknowns} unknowns, half-bandwidth ${bw}); ${problem.iterations} iterations, each a factorisation of the ${(designShare * 100).toFixed(0)} % of the grid that crosses the design region and two solves, plus ${EXTRA_FACTORISATIONS} full factorisations for the reference runs and the checks`,
    'cost grows as cells × min(nx, ny)²: halving cell_nm costs about 16×; iterations cost linearly',
    'converge: keep ≥ 12 cells per wavelength in the core; re-solve at a finer cell_nm and check that the binarised FOM holds; a gap between the continuous and binarised FOM means the design ended grey — raise beta_max or iterations',
    INVERSE_DESIGN_DEFAULT_ACCURACY,
  ];
  const perWavelength = problem.wavelength_nm / problem.core_index / problem.cell_nm;
  if (perWavelength < 12) advice.push(`only ${perWavelength.toFixed(1)} cells per wavelength in the core: refine cell_nm before trusting the FOM`);
  return {
    kind: 'inverse_design',
    unknowns,
    // The operator and its factors (upper band each), plus a handful of field vectors.
    memory_bytes: (2 * unknowns * (bw + 1) + 8 * unknowns) * BYTES_PER_COMPLEX,
    expected_seconds: expectedMs / 1000,
    calibration: {
      probe: `the same device at cell_nm = ${probeProblem.cell_nm}${probeProblem === problem ? ' (the real grid)' : ' (twice as coarse)'}: ${g.nx} × ${g.ny} cells, half-bandwidth ${halfBandwidth(g)}; one full factorisation and two solves ${fullMs.toFixed(1)} ms, one optimiser iteration (design slabs, forward and adjoint) ${iterationMs.toFixed(1)} ms`,
      probe_ms: probeMs,
      // Of the summed probe time, as the other estimates give it.
      scale: expectedMs / probeMs,
    },
    advice,
  };
}
