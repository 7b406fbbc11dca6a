/**
 * Solves a `bands` problem: band frequencies along the irreducible-zone path, complete gaps with
 * their gap-to-midgap ratios, and warnings an agent must pass on (too few plane waves, gap edges
 * still moving with the basis, overlapping shapes, a cell without inversion symmetry).
 */
import { progressReporter } from '../progress.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { solveBands, type BandGap, type BandsInput, type BandsResult } from './bands.ts';
import { bandsFftSteps, FFT_TOLERANCE, referenceThetaApplier, type FftBandsResult, type ThetaApplyRequest } from './bands-fft.ts';
import { driveSync, type BlockSteps } from './block-steps.ts';
import type { PweBackendId } from './operator-backend.ts';
import type { PweBlockKernel } from './block-kernel.ts';
import type { CellShape } from './fourier.ts';
import { kPath, makeLattice } from './lattice.ts';
import { resolvedMethod, type BandsProblem } from './problem.ts';

/** Relative move of a gap edge between the check and the full basis above which it is called unconverged. */
export const GAP_TOLERANCE = 5e-3;
/** Below this many plane waves per axis the basis is only good for a first look. */
export const FEW_PLANE_WAVES = 11;

export interface BandsGap extends BandGap {
  readonly polarization: 'TM' | 'TE';
  /** Vacuum wavelengths of the gap edges (long, short), nm, when the lattice constant was given. */
  readonly wavelength_range_nm?: [number, number];
}

export interface BandsSolveResult {
  readonly kind: 'bands';
  readonly lattice: 'square' | 'triangular';
  readonly k_points: BandsResult['k_points'];
  /** Path distance |k|·a/2π … in units of 2π/a, one per k-point: the x axis of the band diagram. */
  readonly k_distance: number[];
  readonly band_lines: { polarization: 'TM' | 'TE'; band: number; frequency: number[] }[];
  readonly gaps: BandsGap[];
  readonly plane_waves: number;
  readonly convergence: { readonly check_plane_waves_per_axis: number; readonly max_relative_change: number } | null;
  readonly method: 'fft' | 'dense';
  /** The iterative eigensolver's work (fft method only): grid side, iterations per k-point, the worst residual. */
  readonly eigensolver?: { readonly grid: number; readonly tolerance: number; readonly max_residual: number; readonly iterations_mean: number; readonly iterations_max: number; readonly operator_applications: number };
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** Where Θ ran (fft method; the dense method always runs on the reference). */
  readonly backend: PweBackendId;
}

const CONVENTIONS: Record<string, string> = {
  frequency: 'normalised frequency ωa/2πc = a/λ (a: lattice constant, λ: vacuum wavelength)',
  polarization: 'TM: E along the rods (E_z, in-plane H); TE: H along the rods (H_z)',
  geometry: 'lengths in units of a; square lattice a1 = (1, 0), a2 = (0, 1); triangular a1 = (1, 0), a2 = (1/2, √3/2)',
  path: 'square: Γ (0, 0) – X (π/a, 0) – M (π/a, π/a) – Γ; triangular: Γ – M (0, 2π/√3a) – K (2π/3a, 2π/√3a) – Γ',
  k_distance: 'distance along the path in units of 2π/a',
};

const METHOD_CONVENTIONS: Record<'fft' | 'dense', Record<string, string>> = {
  dense: {
    method: 'plane-wave expansion with the inverse permittivity matrix (Ho, Chan & Soukoulis 1990), full dense eigen-decomposition per k-point',
    epsilon_rule: 'exact Fourier transforms of the shapes, κ = [ε(G − G′)]⁻¹ (matrix inverse)',
  },
  fft: {
    method: `plane-wave expansion applied by FFT (MPB-style): P × P plane waves on a P × P real-space grid, lowest bands by LOBPCG with the 1/|k+G|² preconditioner, warm-started along the path, relative residual ≤ ${FFT_TOLERANCE}; the k = 0, G = 0 mode is deflated (band 1 is exactly 0 at Γ)`,
    epsilon_rule: 'subpixel averaging (Meade/Farjadpour): TM uses 1/⟨ε⟩ per pixel; TE uses the tensor ε⁻¹ = P⟨ε⁻¹⟩ + (1 − P)⟨ε⟩⁻¹ for E, P the projector on the local interface normal',
  },
};

function toShapes(problem: BandsProblem): CellShape[] {
  return problem.shapes.map((s) =>
    s.shape === 'circle'
      ? { shape: 'circle', center: { x: s.center_a[0], y: s.center_a[1] }, radius: s.radius_a, epsilon: s.epsilon }
      : { shape: 'rectangle', center: { x: s.center_a[0], y: s.center_a[1] }, width: s.width_a, height: s.height_a, epsilon: s.epsilon },
  );
}

export function bandsInput(problem: BandsProblem, polarization: 'TM' | 'TE', planeWavesPerAxis = problem.plane_waves_per_axis): BandsInput {
  return { lattice: problem.lattice, background: problem.background_epsilon, shapes: toShapes(problem), polarization, planeWavesPerAxis, kPointsPerSegment: problem.k_points_per_segment, bands: problem.bands };
}

export function solveBandsProblem(problem: BandsProblem, ctx?: Pick<SolveContext, 'onProgress' | 'kernels'>): BandsSolveResult {
  return driveSync(bandsProblemSteps(problem, ctx, ctx?.kernels?.linalg?.pweBlock), referenceThetaApplier());
}

/**
 * The whole bands solve (both polarizations, the convergence check) suspended at each block of Θ
 * products of the fft method; the dense method never yields. The result says backend 'reference':
 * an asynchronous driver on another backend overrides it (pwe/solve-async.ts). With `block` (the
 * WASM kernels) a real operator's whole LOBPCG runs there and yields nothing (lobpcg-real.ts).
 */
export function* bandsProblemSteps(problem: BandsProblem, ctx?: Pick<SolveContext, 'onProgress'>, block?: PweBlockKernel): BlockSteps<ThetaApplyRequest, BandsSolveResult> {
  const warnings = new Set<string>();
  checkGeometry(problem, warnings);
  const method = resolvedMethod(problem);
  const pols: ('TM' | 'TE')[] = problem.polarization === 'both' ? ['TM', 'TE'] : [problem.polarization];
  const lines: BandsSolveResult['band_lines'] = [];
  const gaps: BandsGap[] = [];
  let kPoints: BandsResult['k_points'] = [];
  let planeWaves = 0;
  let worst: number | null = null;
  const checkP = Math.max(3, problem.plane_waves_per_axis - 4);
  const checking = problem.convergence_check && checkP < problem.plane_waves_per_axis;
  const kCount = kPath(makeLattice(problem.lattice), problem.k_points_per_segment).length;
  const progress = progressReporter(ctx?.onProgress, 'k-point', kCount * pols.length * (checking ? 2 : 1));
  let solvedBefore = 0;
  const kernelsUsed = new Set<string>();
  const fft: { iterations: number[]; applications: number; maxResidual: number; grid: number; unconverged: number } = { iterations: [], applications: 0, maxResidual: 0, grid: 0, unconverged: 0 };
  function* run(input: BandsInput): BlockSteps<ThetaApplyRequest, BandsResult> {
    const base = solvedBefore;
    const onKPoint = (done: number): void => progress.step(base + done);
    let r: BandsResult;
    try {
      if (method === 'dense') {
        r = solveBands(input, onKPoint);
      } else {
        // Only the solver's own errors land in this catch: a backend's failure is thrown by the driver, outside the generator.
        const f: FftBandsResult = yield* bandsFftSteps(input, { onKPoint, ...(block ? { block } : {}) });
        kernelsUsed.add(f.stats.block_kernel ?? 'typescript');
        fft.iterations.push(...f.stats.iterations);
        fft.applications += f.stats.applications;
        fft.maxResidual = Math.max(fft.maxResidual, f.stats.max_residual);
        fft.grid = Math.max(fft.grid, f.stats.grid);
        fft.unconverged += f.stats.unconverged.length;
        r = f;
      }
    } catch (e) {
      throw new ProblemError((e as Error).message);
    }
    solvedBefore += r.k_points.length;
    return r;
  }
  for (const pol of pols) {
    const r = yield* run(bandsInput(problem, pol));
    kPoints = r.k_points;
    planeWaves = r.plane_waves;
    // Only the dense method pays for a complex operator; the FFT operator is complex either way.
    if (method === 'dense' && !r.real_operator) warnings.add('the cell has no inversion symmetry about the origin (a shape is off-centre): solved as a complex Hermitian problem, about 8× slower; centre the cell on a rod if you can');
    for (let b = 0; b < problem.bands && b < (r.frequencies[0]?.length ?? 0); b++) lines.push({ polarization: pol, band: b + 1, frequency: r.frequencies.map((row) => row[b] as number) });
    for (const g of r.gaps) gaps.push({ ...g, polarization: pol, ...(problem.lattice_constant_nm ? { wavelength_range_nm: [problem.lattice_constant_nm / g.from, problem.lattice_constant_nm / g.to] as [number, number] } : {}) });
    if (checking) {
      const coarse = yield* run(bandsInput(problem, pol, checkP));
      const change = gapChange(r.gaps, coarse.gaps);
      worst = Math.max(worst ?? 0, change);
      if (change > GAP_TOLERANCE) {
        warnings.add(
          `not converged in plane waves: ${pol} gap edges moved by ${(change * 100).toFixed(1)} % between ${checkP} and ${problem.plane_waves_per_axis} plane waves per axis (or a gap appeared or vanished); raise plane_waves_per_axis`,
        );
      }
    }
  }
  if (fft.unconverged > 0) {
    warnings.add(
      `the iterative eigensolver stopped before its tolerance at ${fft.unconverged} k-point(s) (worst relative residual ${fft.maxResidual.toExponential(1)}): the affected frequencies may be off in the last digits; compare with method "dense"`,
    );
  }
  if (problem.plane_waves_per_axis < FEW_PLANE_WAVES) {
    warnings.add(`under-resolved: ${problem.plane_waves_per_axis} plane waves per axis is only a first look; gap edges can be off by a few percent — use at least ${FEW_PLANE_WAVES} and check by raising it`);
  }
  return {
    kind: 'bands',
    lattice: problem.lattice,
    k_points: kPoints,
    k_distance: kPoints.map((k) => k.distance / (2 * Math.PI)),
    band_lines: lines,
    gaps,
    plane_waves: planeWaves,
    convergence: worst === null ? null : { check_plane_waves_per_axis: checkP, max_relative_change: worst },
    method,
    ...(method === 'fft' ? { eigensolver: eigensolverSummary(fft) } : {}),
    warnings: [...warnings],
    conventions: { ...CONVENTIONS, ...METHOD_CONVENTIONS[method], ...(kernelsUsed.size > 0 ? { eigensolver_kernels: `LOBPCG on ${[...kernelsUsed].map((k) => (k === 'typescript' ? 'TypeScript (lobpcg.ts)' : `the ${k} block kernels (real operator, lobpcg-real.ts)`)).join(' and ')}` } : {}) },
    backend: 'reference',
  };
}

function eigensolverSummary(f: { iterations: number[]; applications: number; maxResidual: number; grid: number }): NonNullable<BandsSolveResult['eigensolver']> {
  const total = f.iterations.reduce((a, b) => a + b, 0);
  return {
    grid: f.grid,
    tolerance: FFT_TOLERANCE,
    max_residual: f.maxResidual,
    iterations_mean: f.iterations.length > 0 ? Math.round((10 * total) / f.iterations.length) / 10 : 0,
    iterations_max: Math.max(0, ...f.iterations),
    operator_applications: f.applications,
  };
}

/** Largest relative move of a gap edge; a gap present in one basis and not the other counts as 1. */
function gapChange(fine: readonly BandGap[], coarse: readonly BandGap[]): number {
  let worst = 0;
  for (const g of fine) {
    const c = coarse.find((x) => x.lower_band === g.lower_band);
    if (!c) {
      worst = Math.max(worst, 1);
      continue;
    }
    worst = Math.max(worst, Math.abs(c.from - g.from) / g.from, Math.abs(c.to - g.to) / g.to);
  }
  for (const c of coarse) if (!fine.some((g) => g.lower_band === c.lower_band)) worst = Math.max(worst, 1);
  return worst;
}

/** Overlap between shapes (including periodic images) is counted twice by the Fourier superposition. */
function checkGeometry(problem: BandsProblem, warnings: Set<string>): void {
  const a2 = problem.lattice === 'square' ? [0, 1] : [0.5, Math.sqrt(3) / 2];
  const circles = problem.shapes.flatMap((s, i) => (s.shape === 'circle' ? [{ i, x: s.center_a[0], y: s.center_a[1], r: s.radius_a }] : []));
  for (const c of circles) {
    for (const d of circles) {
      for (let m = -1; m <= 1; m++) {
        for (let n = -1; n <= 1; n++) {
          if (c.i === d.i && m === 0 && n === 0) continue;
          if (d.i < c.i) continue;
          const dx = d.x + m + n * (a2[0] as number) - c.x;
          const dy = d.y + n * (a2[1] as number) - c.y;
          if (Math.hypot(dx, dy) < c.r + d.r - 1e-12) {
            warnings.add(
              c.i === d.i
                ? `shape ${c.i + 1} (r = ${c.r}a) overlaps its periodic image: rods touch above r = 0.5a; the overlap is counted twice, so ε there is wrong`
                : `shapes ${c.i + 1} and ${d.i + 1} overlap: the overlap is counted twice, so ε there is wrong`,
            );
          }
        }
      }
    }
  }
}
