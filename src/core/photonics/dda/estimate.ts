/**
 * estimate() for a `dda` problem: unknowns (3 per dipole), memory (the zero-padded FFT buffers
 * dominate), expected wall time and advice. The time comes from a timed probe: the same particle,
 * material and wavelength on a coarse lattice (at most 8 dipoles across) gives the iteration count —
 * COCG's count is set mostly by the size parameter and |m|, which the probe shares, and only weakly
 * by the lattice — and one operator product timed on the real lattice and padded grid gives the cost
 * of an iteration (for a lattice that will be refused, the probe's time per iteration scaled by the
 * FFT cost M·log M of the real grid instead).
 */
import { DDA_DEFAULT_ACCURACY } from '../default-accuracy.ts';
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';
import type { SolveContext } from '../solve-context.ts';
import { buildLattice, extents, latticeDims, volume } from './geometry.ts';
import { fftGrid } from './green.ts';
import { MAX_DIPOLES, MAX_FFT_POINTS, type DdaProblem } from './problem.ts';
import { fftOperator } from './green.ts';
import { largestAllowedAcross, MAX_MKD, prepareDdaSystem, solveDda } from './solve.ts';

const PROBE_ACROSS = 8;
/** Tensor (6 components) and the 3 input and 3 output field grids, complex doubles. */
const GRID_ARRAYS = 12;
/** COCG keeps x, r, p, q and b, plus the initial guess: complex doubles per unknown. */
const VECTORS = 6;
const BYTES_PER_COMPLEX = 16;
/** Setup (filling and transforming the tensor, six FFTs) costs about as much as this many iterations. */
const SETUP_ITERATIONS = 2;
/** Probes faster than this are timed again after a warm-up run. */
const WARM_PROBE_MS = 250;

export function estimateDda(problem: DdaProblem, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const across = problem.dipoles_across;
  const grid = fftGrid(latticeDims(problem.particle, across));
  const points = grid[0] * grid[1] * grid[2];
  const refused = points > MAX_FFT_POINTS;
  const probeAcross = Math.min(across, PROBE_ACROSS);
  const probeProblem: DdaProblem = { ...problem, dipoles_across: probeAcross };
  const probeLattice = buildLattice(problem.particle, probeAcross);
  // Dipole count: exact when the lattice is allowed; else extrapolated from the probe's filling fraction.
  const dipoles = refused
    ? Math.round((probeLattice.sites.length / cells(latticeDims(problem.particle, probeAcross))) * cells(latticeDims(problem.particle, across)))
    : buildLattice(problem.particle, across).sites.length;
  const probe = solveDda(probeProblem, ctx);
  const { iterations, converged } = probe;
  // The first solve also pays for JIT compilation; time a second one when the probe is cheap.
  let probeMs = timed(() => solveDda(probeProblem, ctx), options.now);
  if (probeMs < WARM_PROBE_MS) probeMs = Math.min(probeMs, timed(() => solveDda(probeProblem, ctx), options.now));
  const probeGrid = fftGrid(latticeDims(problem.particle, probeAcross));
  const probePoints = probeGrid[0] * probeGrid[1] * probeGrid[2];
  const work = (n: number): number => n * Math.log2(n);
  const msPerIteration = probeMs / (probe.iterations + SETUP_ITERATIONS + 1);
  const expectedIterations = converged ? iterations : problem.max_iterations;
  // The cost of an iteration is one product on the real padded grid: timed there when the lattice
  // is allowed (a model of FFT work missed the presets by 2–6×: the probe's small grid is mostly
  // fixed costs), else scaled from the probe.
  const full = refused || dipoles > MAX_DIPOLES ? null : timedOperator(problem, ctx, options);
  const perIterScale = full === null ? fittedIterationScale(problem, ctx, options, msPerIteration, work(probePoints), work(points)) : full.productMs / msPerIteration;
  // With the real operator timed: its construction (the tensor on the padded grid) once, then a product
  // per iteration and one for the true residual; otherwise the setup counts as SETUP_ITERATIONS products.
  const expectedMs = full === null ? msPerIteration * perIterScale * (expectedIterations + SETUP_ITERATIONS + 1) : full.setupMs + full.productMs * (expectedIterations + 1);
  const scale = expectedMs / probeMs;
  const d = Math.cbrt(volume(problem.particle) / Math.max(1, dipoles));
  const k = probe.size_parameter / probe.equivalent_radius_nm;
  const mAbs = Math.hypot(probe.relative_index.n, probe.relative_index.k);
  const mkd = mAbs * k * d;
  const advice = [
    `${dipoles} dipoles (${3 * dipoles} unknowns) on a ${latticeDims(problem.particle, across).join('×')} lattice, FFT grid ${grid.join('×')}; each iteration costs about 6 FFTs of the padded grid`,
    `|m|kd = ${mkd.toFixed(2)} (d = ${d.toFixed(2)} nm): ${mkd > MAX_MKD ? `too coarse — use dipoles_across ≥ ${Math.ceil((across * mkd) / MAX_MKD)}` : 'within the usual limit of 1'}; the error of Q falls roughly in proportion to d, so check by repeating with about 1.5× dipoles_across`,
    converged
      ? `the coarse probe converged in ${iterations} COCG iterations; expect a similar count (it is set by the size parameter and |m|, not by the lattice)`
      : `the coarse probe did not converge in ${problem.max_iterations} iterations: expect the same, raise max_iterations`,
  ];
  advice.push(DDA_DEFAULT_ACCURACY);
  if (mAbs > 2) advice.push(`|m| = ${mAbs.toFixed(2)} is large: DDA needs many more dipoles and iterations for percent accuracy`);
  const refusal = refused
    ? `this lattice will be refused (FFT grid above ${MAX_FFT_POINTS} points); use dipoles_across ≤ ${largestAllowedAcross(problem.particle, across)}`
    : dipoles > MAX_DIPOLES
      ? `this lattice will be refused (more than ${MAX_DIPOLES} dipoles)`
      : null;
  if (refusal !== null) advice.push(refusal);
  const box = extents(problem.particle);
  if (Math.max(...box) / Math.min(...box) > 8) advice.push('a very elongated particle: the short axes get few dipoles; check that they still have at least 4');
  return {
    kind: 'dda',
    unknowns: 3 * dipoles,
    memory_bytes: (GRID_ARRAYS * points + VECTORS * 3 * dipoles) * BYTES_PER_COMPLEX,
    expected_seconds: expectedMs / 1000,
    calibration: { probe: `the same particle at ${probeAcross} dipoles across (${probeLattice.sites.length} dipoles, ${probe.iterations} iterations)`, probe_ms: probeMs, scale },
    advice,
    ...(refusal !== null ? { refused: refusal } : {}),
  };
}

/** The smaller probe's lattice (dipoles across) for the fixed-cost fit. */
const SMALL_PROBE_ACROSS = 5;

/**
 * Full-lattice over probe time per iteration. The work ratio (FFT points × log₂) alone put the
 * presets' estimates 2–3× high: at 8 dipoles across a fixed cost per iteration (the COCG vector
 * work, call overheads) is a large part of the probe. A second probe at SMALL_PROBE_ACROSS fits
 * time = fixed + perWork·work per iteration; the result stays between 1 and the work ratio, and is
 * the work ratio when the fit is not usable (noise, or a lattice too small to probe twice).
 */
function fittedIterationScale(problem: DdaProblem, ctx: SolveContext, options: EstimateOptions, probeMsPerIteration: number, probeWork: number, fullWork: number): number {
  const workRatio = fullWork / probeWork;
  if (!(workRatio > 1) || problem.dipoles_across <= PROBE_ACROSS) return workRatio;
  const small: DdaProblem = { ...problem, dipoles_across: SMALL_PROBE_ACROSS };
  let ms: number;
  try {
    const first = solveDda(small, ctx);
    ms = timed(() => solveDda(small, ctx), options.now) / (first.iterations + SETUP_ITERATIONS + 1);
  } catch {
    return workRatio; // a lattice too coarse for this particle: keep the plain work ratio
  }
  const grid = fftGrid(latticeDims(problem.particle, SMALL_PROBE_ACROSS));
  const n = grid[0] * grid[1] * grid[2];
  const smallWork = n * Math.log2(n);
  const perWork = (probeMsPerIteration - ms) / (probeWork - smallWork);
  const fixed = probeMsPerIteration - perWork * probeWork;
  if (!(perWork > 0) || !(fixed > 0) || !Number.isFinite(perWork)) return workRatio;
  return Math.min(workRatio, Math.max(1, (fixed + perWork * fullWork) / probeMsPerIteration));
}

/** The operator on the problem's own lattice and grid: its construction (timed once) and the best of two products y = A·x after an untimed one. */
function timedOperator(problem: DdaProblem, ctx: SolveContext, options: EstimateOptions): { setupMs: number; productMs: number } {
  const system = prepareDdaSystem(problem, ctx);
  const { lattice, kd } = system.setup;
  let op: ReturnType<typeof fftOperator> | undefined;
  const setupMs = timed(() => (op = fftOperator(lattice.dims, lattice.sites, kd, system.invAlpha)), options.now);
  const operator = op as ReturnType<typeof fftOperator>;
  const y = { re: new Float64Array(operator.size), im: new Float64Array(operator.size) };
  const apply = (): void => operator.apply(system.x0.re, system.x0.im, y.re, y.im);
  apply();
  return { setupMs, productMs: Math.min(timed(apply, options.now), timed(apply, options.now)) };
}

function timed(work: () => unknown, now: () => number): number {
  const t0 = now();
  work();
  return now() - t0;
}

function cells(dims: readonly [number, number, number]): number {
  return dims[0] * dims[1] * dims[2];
}
