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
import type { GratingProblem } from './rcwa/problem.ts';
import { solveGrating } from './rcwa/solve.ts';
import type { BandsProblem } from './pwe/problem.ts';
import { solveBands } from './pwe/bands.ts';
import { bandsInput } from './pwe/solve.ts';
import { kPath, makeLattice } from './pwe/lattice.ts';
import { estimateDda } from './dda/estimate.ts';
import { estimateEme } from './eme/estimate.ts';
import type { ModeProblem } from './slab/problem.ts';
import type { ChannelStructure } from './fdmode/problem.ts';
import { solveChannelModes } from './fdmode/solve.ts';
import { rasterise } from './fdmode/geometry.ts';

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
}

export interface EstimateOptions {
  /** Milliseconds, monotonic (performance.now in the page and in Node). */
  readonly now: () => number;
}

const BYTES_PER_COMPLEX = 16;
/** Probe repeats: the fastest is kept, so one GC pause does not inflate the estimate. */
const PROBE_REPEATS = 3;

export function estimatePhotonics(problem: PhotonicsProblem, ctx: SolveContext, options: EstimateOptions, solve: (p: PhotonicsProblem) => unknown): SolveEstimate {
  if (problem.kind === 'grating') return estimateGrating(problem, ctx, options);
  if (problem.kind === 'bands') return estimateBands(problem, options);
  if (problem.kind === 'dda') return estimateDda(problem, ctx, options);
  if (problem.kind === 'eme') return estimateEme(problem, ctx, options);
  if (problem.kind === 'mode' && problem.structure.type === 'channel') return estimateChannelModes(problem, problem.structure, ctx, options);
  const wavelengths = 'wavelength_nm' in problem || 'wavelengths_nm' in problem || 'wavelength_range_nm' in problem ? countWavelengths(problem) : 1;
  const single = wavelengths > 1 ? oneWavelength(problem) : problem;
  const probeMs = timeIt(() => solve(single), options.now);
  return {
    kind: problem.kind,
    unknowns: wavelengths,
    memory_bytes: wavelengths * 1024,
    expected_seconds: (probeMs * wavelengths) / 1000,
    calibration: { probe: 'the same problem at its first wavelength', probe_ms: probeMs, scale: wavelengths },
    advice: [`${problem.kind} solves are closed-form or 1-D root finding: cost grows linearly with the number of wavelengths, and no grid resolution needs checking`],
  };
}

function countWavelengths(p: WavelengthFields): number {
  return givenWavelengthFields(p).length === 0 ? 1 : wavelengthGrid(p).length;
}

function oneWavelength<T extends PhotonicsProblem>(problem: T): T {
  const first = wavelengthGrid(problem as WavelengthFields)[0];
  const { wavelengths_nm: _list, wavelength_range_nm: _range, ...rest } = problem as T & WavelengthFields;
  return { ...rest, wavelength_nm: first } as unknown as T;
}

function timeIt(work: () => unknown, now: () => number): number {
  // One untimed run first: the first call of a solver pays for JIT compilation, not for the work.
  work();
  let best = Infinity;
  for (let i = 0; i < PROBE_REPEATS; i++) {
    const t0 = now();
    work();
    best = Math.min(best, now() - t0);
  }
  return best;
}

/** RCWA: each layer costs an eigen-decomposition and a few solves of size 2N+1, so (2N+1)³ per layer. */
export function estimateGrating(problem: GratingProblem, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const size = 2 * problem.harmonics + 1;
  const layers = problem.layers.length;
  const wavelengths = countWavelengths(problem);
  const pols = problem.polarization === 'both' ? 2 : 1;
  // Large enough that the O(n³) linear algebra, not call overhead, dominates the probe's time.
  const probeHarmonics = Math.min(problem.harmonics, 16);
  const probeSize = 2 * probeHarmonics + 1;
  const probe: GratingProblem = { ...oneWavelength(problem), polarization: problem.polarization === 'both' ? 'TE' : problem.polarization, harmonics: probeHarmonics, convergence_check: false };
  const probeMs = timeIt(() => solveGrating(probe, ctx), options.now);
  const perSolve = probeMs * (size / probeSize) ** 3;
  const checkShare = problem.convergence_check ? pols * Math.round(problem.harmonics * 0.6) ** 3 / problem.harmonics ** 3 : 0;
  const scale = ((size / probeSize) ** 3) * (wavelengths * pols + checkShare);
  // Per layer: the eigenproblem, its vectors, V, a, b, f, g and the stored transfer matrix; plus the (2n)² boundary system.
  const memory = (10 * size * size + layers * size * size + 4 * size * size) * BYTES_PER_COMPLEX;
  const advice = [
    `cost grows as (2N+1)³ per layer: ${layers} layer(s) at N = ${problem.harmonics} (${size} harmonics), ${wavelengths} wavelength(s) × ${pols} polarization(s)`,
    'converge by raising "harmonics" until the efficiencies stop moving (the solve checks at 60 % of N and warns); dielectric gratings usually settle by N ≈ 20–40, metallic TM gratings need more',
  ];
  if (problem.harmonics < 10) advice.push(`N = ${problem.harmonics} is low for anything but a quick look; check with N ≥ 20`);
  return {
    kind: 'grating',
    unknowns: size,
    memory_bytes: memory,
    expected_seconds: (perSolve * (wavelengths * pols + checkShare)) / 1000,
    calibration: { probe: `one wavelength, ${probeSize} harmonics, ${layers} layer(s)`, probe_ms: probeMs, scale },
    advice,
  };
}

/**
 * PWE: per k-point a dense symmetric eigenproblem of size P² (2P² without inversion symmetry), so
 * (P²)³ per k-point; the probe solves the same cell at P = 7 on one segment.
 */
export function estimateBands(problem: BandsProblem, options: EstimateOptions): SolveEstimate {
  const P = problem.plane_waves_per_axis;
  const probeP = Math.min(P, 7);
  const pols = problem.polarization === 'both' ? 2 : 1;
  const kCount = kPath(makeLattice(problem.lattice), problem.k_points_per_segment).length;
  const probe = { ...bandsInput(problem, problem.polarization === 'TE' ? 'TE' : 'TM', probeP), kPointsPerSegment: 1 };
  const probeK = kPath(makeLattice(problem.lattice), 1).length;
  const probeMs = timeIt(() => solveBands(probe), options.now);
  const perK = (probeMs / probeK) * (P / probeP) ** 6;
  const checkShare = problem.convergence_check && P > 7 ? ((P - 4) / P) ** 6 : 0;
  const scale = ((P / probeP) ** 6 * kCount * pols * (1 + checkShare)) / probeK;
  const n = P * P;
  const advice = [
    `cost grows as (P²)³ per k-point: P = ${P} is ${n} plane waves, ${kCount} k-points × ${pols} polarization(s)`,
    'converge by raising plane_waves_per_axis until the gap edges stop moving (the solve checks with 4 fewer per axis and warns); 15 per axis is usually within 0.1 % for rods, high-contrast holes need more',
  ];
  if (P < 11) advice.push(`P = ${P} is a first look only; check with P ≥ 11`);
  return {
    kind: 'bands',
    unknowns: n,
    memory_bytes: 3 * n * n * 8 * (problem.shapes.some((s) => s.center_a[0] !== 0 || s.center_a[1] !== 0) ? 4 : 1),
    expected_seconds: (perK * kCount * pols * (1 + checkShare)) / 1000,
    calibration: { probe: `P = ${probeP} on one segment of the path (${probeK} k-points)`, probe_ms: probeMs, scale },
    advice,
  };
}

/**
 * Channel modes: a banded LU of N = nx·ny unknowns with half-bandwidth min(nx, ny) dominates, so
 * cost ∝ N·bw² per solve. The probe solves the same cross-section on a grid twice as coarse, one
 * polarization, one wavelength, no n_g.
 */
export function estimateChannelModes(problem: ModeProblem, structure: ChannelStructure, ctx: SolveContext, options: EstimateOptions): SolveEstimate {
  const wavelengths = countWavelengths(problem);
  const pols = problem.polarization === 'both' ? 2 : 1;
  const perWavelength = pols * (structure.group_index ? 3 : 1);
  const size = (cell: number) => {
    const g = rasterise(structure, { core: 2, cladding: 1, substrate: 1 }, cell);
    return { nodes: g.nx * g.ny, work: g.nx * g.ny * Math.min(g.nx, g.ny) ** 2 };
  };
  const full = size(structure.grid_nm);
  const probeCell = structure.grid_nm * 2;
  const probeSize = size(probeCell);
  const probeProblem: ModeProblem = { ...oneWavelength(problem), polarization: problem.polarization === 'TM' ? 'TM' : 'TE' };
  const probeStructure: ChannelStructure = { ...structure, grid_nm: probeCell, group_index: false };
  const probeMs = timeIt(() => solveChannelModes(probeProblem, probeStructure, ctx), options.now);
  const scale = (full.work / probeSize.work) * wavelengths * perWavelength;
  return {
    kind: 'mode',
    unknowns: full.nodes,
    memory_bytes: full.nodes * (4 * Math.sqrt(full.work / full.nodes) + 2 * (structure.max_modes + 3)) * 8,
    expected_seconds: (probeMs * scale) / 1000,
    calibration: { probe: `grid_nm = ${probeCell} (twice as coarse), one wavelength and polarization`, probe_ms: probeMs, scale },
    advice: [
      `cost grows as nodes × min(nx, ny)²: halving grid_nm costs about 16×; ${wavelengths} wavelength(s) × ${perWavelength} solve(s) each`,
      'converge by refining grid_nm until n_eff stops moving in the digits you need (10 cells across the smallest feature at least), and keep 1 µm of cladding around the core',
      'the model is semi-vectorial: for high-contrast cores expect n_eff up to ~0.05 high against a full-vectorial solver',
    ],
  };
}
