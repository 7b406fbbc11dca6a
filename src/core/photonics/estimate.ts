/**
 * `estimate(problem)`: what a solve will cost before it runs — unknowns, memory, expected wall time
 * on this device and convergence advice — so an agent (and the page) can decide before an expensive
 * call. The time is calibrated by a tiny timed probe on this very device: a reduced solve of the
 * same problem (one wavelength; for RCWA also fewer harmonics) whose time is scaled by the known
 * complexity (wavelengths × polarizations, and (2N+1)³ per layer for RCWA). The clock is injected
 * so the core stays pure; the probe is real work, so the figure moves with the machine's load.
 */
import { givenWavelengthFields, wavelengthGrid, type WavelengthFields } from './wavelengths.ts';
import type { PhotonicsProblem, PhotonicsKind } from './problem.ts';
import type { SolveContext } from './solve-context.ts';
import { GRATING_DEFAULT_ACCURACY, MODE_DEFAULT_ACCURACY, SLAB_MODE_DEFAULT_ACCURACY } from './default-accuracy.ts';
import type { GratingProblem } from './rcwa/problem.ts';
import { solveGrating } from './rcwa/solve.ts';
import { estimateGrating2d } from './rcwa/estimate2d.ts';
import { estimateBands } from './pwe/estimate.ts';
import { estimateDda } from './dda/estimate.ts';
import { estimateEme } from './eme/estimate.ts';
import { estimateInverseDesign } from './topopt/estimate.ts';
import type { ModeProblem } from './slab/problem.ts';
import { MAX_CHANNEL_NODES, channelMethod, channelSymmetry, type ChannelStructure } from './fdmode/problem.ts';

/** An estimate sizes windows up to this many times what solve accepts (so it can say how far over they are). */
const ESTIMATE_NODE_FACTOR = 64;
import { fullVectorialBytes, fullVectorialRefusal, semiVectorialBytes, semiVectorialRefusal, solveChannelModes } from './fdmode/solve.ts';
import { oversizedChannelGrid, refuseOversizedChannelGrid } from './fdmode/geometry.ts';
import { svSystemSize } from './fdmode/semivectorial-size.ts';
import { fvSystemSize, mirrorsInY, solvePlan } from './fdmode/fullvectorial-channel.ts';
import { timeProbe } from './probe-timing.ts';

export interface SolveEstimate {
  readonly kind: PhotonicsKind;
  /** Size of the largest system the solver builds (RCWA: 2N+1 harmonics per layer; others: per-wavelength work items). */
  readonly unknowns: number;
  /** Peak working memory of the solve, bytes (order of magnitude). */
  readonly memory_bytes: number;
  readonly expected_seconds: number;
  /** How the time was obtained: the probe that ran and how long it took. */
  readonly calibration: { readonly probe: string; readonly probe_ms: number; readonly scale: number };
  readonly advice: string[];
  /** Set when the solve would be refused as posed (what to change): the page then offers no "Solve anyway". */
  readonly refused?: string;
}

export interface EstimateOptions {
  /** Milliseconds, monotonic (performance.now in the page and in Node). */
  readonly now: () => number;
}

const BYTES_PER_COMPLEX = 16;
/**
 * Full-vectorial channel modes: the Krylov iteration's solves, each one multiply-add per stored
 * double of the sparse LU (96 on the whole 2.5 × 2.24 µm window at 20 nm, measured), next to the
 * factorisation's multiply-adds (both from the symbolic nested dissection).
 */
const FV_SOLVES = 100;
/**
 * The same for the semi-vectorial solver (one unknown per node, the same LU and Krylov iteration):
 * 24–66 solves on the strip from 80 nm to 10 nm, TE and TM, 1–2 modes (issue 20, measured).
 */
const SV_SOLVES = 50;
/**
 * The part of a mode eigen-solve (either method) that does not grow with the grid, in the same
 * multiply-add units: the Krylov iteration's small dense eigenproblems (up to 30 × 30, a few per
 * solve), the slab bound, parsing and the result. Issue 20, the si-strip preset (22 nm, a quarter
 * window) and its 44 nm probe after the mode solver's fourth round: 2.1 ms at 4.5 M units and
 * 5.6 ms at 24.4 M, a straight line through 1.3 ms at zero, i.e. ~7.4 M units; without the term the
 * probe's share of fixed cost was scaled with the grid and the estimate came out 2.15× the solve.
 * Negligible on grids where the estimate matters (the 20 nm whole window is 189 M units). The
 * semi-vectorial solver runs the same Krylov iteration and result code, so it gets the same term.
 */
export const MODE_FIXED_WORK = 8e6;

export function estimatePhotonics(problem: PhotonicsProblem, ctx: SolveContext, options: EstimateOptions, solve: (p: PhotonicsProblem) => unknown): SolveEstimate {
  if (problem.kind === 'grating') return estimateGrating(problem, ctx, options);
  if (problem.kind === 'grating_2d') return estimateGrating2d(problem, ctx, options);
  if (problem.kind === 'bands') return estimateBands(problem, options, ctx.kernels?.linalg?.pweBlock);
  if (problem.kind === 'dda') return estimateDda(problem, ctx, options);
  if (problem.kind === 'eme') return estimateEme(problem, ctx, options);
  if (problem.kind === 'inverse_design') return estimateInverseDesign(problem, options, ctx.kernels?.linalg?.eliminateSymmetricBanded);
  if (problem.kind === 'mode' && problem.structure.type === 'channel') return estimateChannelModes(problem, problem.structure, ctx, options);
  const wavelengths = 'wavelength_nm' in problem || 'wavelengths_nm' in problem || 'wavelength_range_nm' in problem ? countWavelengths(problem) : 1;
  const single = wavelengths > 1 ? oneWavelength(problem) : problem;
  const probeMs = timeProbe(() => solve(single), options.now);
  return {
    kind: problem.kind,
    unknowns: wavelengths,
    memory_bytes: wavelengths * 1024,
    expected_seconds: (probeMs * wavelengths) / 1000,
    calibration: { probe: 'the same problem at its first wavelength', probe_ms: probeMs, scale: wavelengths },
    advice: [
      `${problem.kind} solves are closed-form or 1-D root finding: cost grows linearly with the number of wavelengths, and no grid resolution needs checking`,
      ...(problem.kind === 'mode' ? [SLAB_MODE_DEFAULT_ACCURACY] : []),
    ],
  };
}

function countWavelengths(p: WavelengthFields): number {
  return givenWavelengthFields(p).length === 0 ? 1 : wavelengthGrid(p).length;
}

/**
 * The problem on `count` wavelengths of its grid spread evenly from the first to the last (as a list):
 * the cost of a wavelength varies along a sweep (how many orders propagate, how fast the eigensolver
 * converges), so the first few alone read low for a sweep that ends where the work is heavier.
 */
function spreadWavelengths<T extends PhotonicsProblem>(problem: T, count: number): T {
  const all = wavelengthGrid(problem as WavelengthFields);
  const grid = count <= 1 || all.length <= count ? all.slice(0, Math.max(1, count)) : Array.from({ length: count }, (_, i) => all[Math.round((i * (all.length - 1)) / (count - 1))]!);
  if (grid.length <= 1) return oneWavelength(problem);
  const { wavelengths_nm: _list, wavelength_range_nm: _range, wavelength_nm: _one, ...rest } = problem as T & WavelengthFields & { wavelength_nm?: number };
  return { ...rest, wavelengths_nm: grid } as unknown as T;
}

function oneWavelength<T extends PhotonicsProblem>(problem: T): T {
  const first = wavelengthGrid(problem as WavelengthFields)[0];
  const { wavelengths_nm: _list, wavelength_range_nm: _range, ...rest } = problem as T & WavelengthFields;
  return { ...rest, wavelength_nm: first } as unknown as T;
}

/** Wavelengths in the grating probe's short sweep. */
const PROBE_WAVELENGTHS = 4;

/** RCWA: each layer costs an eigen-decomposition and a few solves of size 2N+1, so (2N+1)³ per layer. */
export function estimateGrating(problem: GratingProblem, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const size = 2 * problem.harmonics + 1;
  const layers = problem.layers.length;
  const wavelengths = countWavelengths(problem);
  const pols = problem.polarization === 'both' ? 2 : 1;
  // Large enough that the O(n³) linear algebra, not call overhead, dominates the probe's time.
  const probeHarmonics = Math.min(problem.harmonics, 16);
  const probeSize = 2 * probeHarmonics + 1;
  // Both polarizations when the problem asks for both: TM (Li's rule, a general or Hermitian-definite
  // eigenproblem) costs a few times TE (Hermitian), so TE alone put 'both' sweeps 2–3× low.
  // A short sweep of a few wavelengths spread over the grid, not one: each wavelength of a sweep also pays for its
  // own matrices' allocation and collection, which a single best-of-three solve hides.
  const probeWavelengths = Math.min(wavelengths, PROBE_WAVELENGTHS);
  const probe: GratingProblem = { ...spreadWavelengths(problem, probeWavelengths), harmonics: probeHarmonics, convergence_check: false };
  const probeMs = timeProbe(() => solveGrating(probe, ctx), options.now) / probeWavelengths;
  // perSolve: one wavelength, every polarization asked for.
  const perSolve = probeMs * (size / probeSize) ** 3;
  // The solve re-checks at 60 % of the harmonics at both ends of a sweep (once for one wavelength).
  const checks = problem.convergence_check && problem.harmonics >= 2 ? Math.min(wavelengths, 2) : 0;
  const checkShare = (checks * Math.max(1, Math.round(problem.harmonics * 0.6)) ** 3) / problem.harmonics ** 3;
  const scale = ((size / probeSize) ** 3) * (wavelengths + checkShare);
  // Per layer: the eigenproblem, its vectors, V, a, b, f, g and the stored transfer matrix; plus the (2n)² boundary system.
  const memory = (10 * size * size + layers * size * size + 4 * size * size) * BYTES_PER_COMPLEX;
  const advice = [
    `cost grows as (2N+1)³ per layer: ${layers} layer(s) at N = ${problem.harmonics} (${size} harmonics), ${wavelengths} wavelength(s) × ${pols} polarization(s)`,
    'converge by raising "harmonics" until the efficiencies stop moving (the solve checks at 60 % of N and warns); dielectric gratings usually settle by N ≈ 20–40, metallic TM gratings need more',
    GRATING_DEFAULT_ACCURACY,
  ];
  if (problem.harmonics < 10) advice.push(`N = ${problem.harmonics} is low for anything but a quick look; check with N ≥ 20`);
  return {
    kind: 'grating',
    unknowns: size,
    memory_bytes: memory,
    expected_seconds: (perSolve * (wavelengths + checkShare)) / 1000,
    calibration: { probe: `${probeWavelengths} wavelength(s) (time per wavelength), ${probeSize} harmonics, ${layers} layer(s), ${pols === 2 ? 'TE and TM' : problem.polarization}`, probe_ms: probeMs, scale },
    advice,
  };
}

/**
 * Channel modes. Both methods factorise sparsely and iterate in Krylov spaces, sized on the
 * symbolic factorisation of a geometric nested dissection of the grid: the LU's multiply-adds plus
 * some 100 (full-vectorial) or 50 (semi-vectorial) solves of one multiply-add per stored double,
 * cost ∝ flops + solves·fill, memory = the LU's peak plus the Krylov basis. Semi-vectorial: one
 * unknown per node, nx·ny. Full-vectorial: 2 unknowns per cell (per mirror half or quarter when
 * symmetry is used). The probe solves the same
 * cross-section with the same method on a grid twice as coarse, one wavelength, no n_g.
 */
export function estimateChannelModes(problem: ModeProblem, structure: ChannelStructure, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  // Sizing a window far past what solve accepts would itself take unbounded time (symbolic LU).
  refuseOversizedChannelGrid(structure, structure.grid_nm, ESTIMATE_NODE_FACTOR * MAX_CHANNEL_NODES);
  const wavelengths = countWavelengths(problem);
  const full = channelMethod(structure) === 'full_vectorial';
  const symmetry = channelSymmetry(structure);
  const pols = problem.polarization === 'both' ? 2 : 1;
  // Semi-vectorial: one solve per polarization; full-vectorial: one per mirror class (both polarizations at once).
  const first = wavelengthGrid(problem)[0] ?? 1550;
  const yMirror = mirrorsInY(structure, { cladding: ctx.materials.resolve(structure.cladding, first).n, substrate: ctx.materials.resolve(structure.substrate, first).n });
  const plan = solvePlan({ polarizations: problem.polarization === 'both' ? ['TE', 'TM'] : [problem.polarization], maxModes: structure.max_modes, symmetry }, yMirror);
  const solvesPerGrid = full ? plan.length : pols;
  const fvWanted = Math.max(...plan.map((c) => c.wanted));
  const perWavelength = solvesPerGrid * (structure.group_index ? 3 : 1);
  // refusal: why solve would refuse this grid (null when it accepts it), as solve words it.
  const size = (cell: number) => {
    const nodeLimit = oversizedChannelGrid(structure, cell, MAX_CHANNEL_NODES);
    if (full) {
      const fv = fvSystemSize(structure, cell, symmetry, yMirror);
      const refusal = nodeLimit ?? fullVectorialRefusal({ ...structure, grid_nm: cell }, fv, yMirror);
      return { nodes: fv.unknowns, work: MODE_FIXED_WORK + fv.factorFlops + FV_SOLVES * fv.factorDoubles, bytes: fullVectorialBytes(fv, fvWanted), refusal };
    }
    const sv = svSystemSize(structure, cell);
    const refusal = nodeLimit ?? semiVectorialRefusal({ ...structure, grid_nm: cell }, sv);
    return { nodes: sv.unknowns, work: MODE_FIXED_WORK + sv.factorFlops + SV_SOLVES * sv.factorDoubles, bytes: semiVectorialBytes(sv, structure.max_modes), refusal };
  };
  const fullSize = size(structure.grid_nm);
  const refused = fullSize.refusal;
  // Twice as coarse; a grid solve refuses is probed coarser still, until solve accepts the probe.
  let probeCell = structure.grid_nm * 2;
  let probeSize = size(probeCell);
  while (probeSize.refusal !== null) probeSize = size((probeCell *= 2));
  // The probe keeps the polarization choice of the problem: for full-vectorial it decides the mirror
  // classes solved, and semi-vectorial quasi-TM takes up to twice quasi-TE's solves (issue 20: a
  // TE-only probe put "both" at 2.9× its time on the si-strip window).
  const probeProblem: ModeProblem = oneWavelength(problem);
  const probeStructure: ChannelStructure = { ...structure, grid_nm: probeCell, group_index: false };
  const probeMs = timeProbe(() => solveChannelModes(probeProblem, probeStructure, ctx), options.now);
  const probeSolves = solvesPerGrid;
  const scale = (fullSize.work / probeSize.work) * wavelengths * (perWavelength / probeSolves);
  return {
    kind: 'mode',
    unknowns: fullSize.nodes,
    memory_bytes: fullSize.bytes,
    expected_seconds: (probeMs * scale) / 1000,
    calibration: { probe: `grid_nm = ${probeCell} (${probeCell === 2 * structure.grid_nm ? 'twice' : `${probeCell / structure.grid_nm} times`} as coarse), one wavelength`, probe_ms: probeMs, scale },
    ...(refused !== null ? { refused } : {}),
    advice: [
      full
        ? `full-vectorial: ${fullSize.nodes} unknowns (H_x and H_y per cell${symmetry === 'none' ? '' : yMirror && symmetry === 'auto' ? ', a quarter window per symmetry class' : ', half window per symmetry class'}), sparse LU of ${((fullSize.bytes) / 2 ** 20).toFixed(0)} MiB with its Krylov basis (nested dissection); cost grows about as unknowns^1.5: halving grid_nm costs about 6–8×; ${wavelengths} wavelength(s) × ${perWavelength} eigen-solve(s) each`
        : `semi-vectorial: ${fullSize.nodes} unknowns (one per node, whole window), sparse LU of ${(fullSize.bytes / 2 ** 20).toFixed(0)} MiB with its Krylov basis (nested dissection); cost grows about as unknowns^1.5: halving grid_nm costs about 6–8×; ${wavelengths} wavelength(s) × ${perWavelength} solve(s) each`,
      'converge by refining grid_nm until n_eff stops moving in the digits you need (10 cells across the smallest feature at least), and keep 1 µm of cladding around the core',
      MODE_DEFAULT_ACCURACY,
      full
        ? 'full-vectorial model: the coupling of E_x and E_y at the core corners is included; method "semi_vectorial" is no faster (it solves the whole window, no mirror planes: bench/photonics-fdmode.ts) and reads n_eff up to ~0.05 high for high-contrast cores'
        : 'the model is semi-vectorial: for high-contrast cores expect n_eff up to ~0.05 high against a full-vectorial solver (method "full_vectorial", the default)',
    ],
  };
}
