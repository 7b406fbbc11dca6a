/**
 * Plane-wave band structure the way MPB computes it (Johnson & Joannopoulos, Opt. Express 8, 173
 * (2001)): the operator is applied by FFT on a real-space grid with subpixel-averaged ε (see
 * operator.ts, smoothing.ts) and only the lowest bands are found, by a block eigensolver (LOBPCG,
 * lobpcg.ts) preconditioned with 1/|k+G|² and warm-started from the previous k-point's vectors.
 * The grid is the basis itself (P × P points, transformed by a direct DFT, see fft2d.ts). Cost per
 * k-point: O(iterations · bands · (P³ + bands·P²)) instead of the dense method's O(P⁶).
 *
 * At Γ the G = 0 plane wave is an exact eigenvector with eigenvalue 0 (a uniform field); it is
 * deflated (held at zero in the block) and band 1 is reported as exactly 0 there.
 */
import type { BandsInput, BandsResult } from './bands.ts';
import { findGaps } from './bands.ts';
import { createFftPlan, type FftPlan } from './fft2d.ts';
import { kPath, makeLattice } from './lattice.ts';
import { driveSync, eachVector, type BlockApplyRequest, type BlockSteps } from './block-steps.ts';
import { lobpcgSteps, type BlockEigenResult } from './lobpcg.ts';
import { lobpcgReal } from './lobpcg-real.ts';
import { MAX_RITZ, type PweBlockKernel } from './block-kernel.ts';
import { applyTheta, createThetaWork, planeWaveOrders, type ThetaOperator, type ThetaWork } from './operator.ts';
import { smoothEpsilon, teTensor, tmFactor } from './smoothing.ts';

/** Relative residual ‖Θx − λx‖/λ at which a band counts as converged: frequencies then agree with a 10⁻⁹ solve to ~3·10⁻¹⁰ (rods test case, P = 29). */
export const FFT_TOLERANCE = 1e-4;
export const FFT_MAX_ITERATIONS = 300;
/** Extra vectors carried in the block beyond the bands asked for: the top band converges much faster with them. */
const GUARD_VECTORS = 2;
const SEED = 0x9e3779b9;

export interface FftBandsStats {
  /** Real-space grid side N (N × N points). */
  readonly grid: number;
  readonly iterations: number[];
  readonly applications: number;
  /** Indices of k-points where the eigensolver stopped before the tolerance. */
  readonly unconverged: number[];
  /** Largest relative residual of a wanted band over the path. */
  readonly max_residual: number;
  /** The block kernels that ran the whole LOBPCG (lobpcg-real.ts), or null for the TypeScript LOBPCG. */
  readonly block_kernel: PweBlockKernel['id'] | null;
}

export interface FftBandsResult extends BandsResult {
  readonly stats: FftBandsStats;
}

/** The grid is the basis itself (MPB's choice): see operator.ts on why not a finer, dealiased grid. */
export function gridSideFor(planeWavesPerAxis: number): number {
  return planeWavesPerAxis;
}

/**
 * Whether the sampled cell is symmetric under r → −r (grid point u ↔ −u mod N), to 10⁻¹² of the
 * largest factor: dropping an imaginary part that small moves eigenvalues by about as little.
 */
function inversionSymmetric(values: readonly Float64Array[], n: number): boolean {
  let scale = 0;
  for (const f of values) for (const x of f) scale = Math.max(scale, Math.abs(x));
  for (const f of values) {
    for (let v = 0; v < n; v++) {
      for (let u = 0; u < n; u++) {
        const a = f[u + n * v] as number;
        const b = f[((n - u) % n) + n * ((n - v) % n)] as number;
        if (Math.abs(a - b) > 1e-12 * scale) return false;
      }
    }
  }
  return true;
}

export interface FftBandsOptions {
  /** Called after each k-point with (done, total). */
  readonly onKPoint?: (done: number, total: number) => void;
  /** Relative residual tolerance of the eigensolver (default FFT_TOLERANCE). */
  readonly tolerance?: number;
  /** Solve in complex arithmetic even when the operator is real (tests the complex path on a symmetric cell). */
  readonly forceComplex?: boolean;
  /**
   * Block kernels (WASM or the reference) for a real operator: the whole LOBPCG iteration and Θ then
   * run on them (lobpcg-real.ts) and the generator yields nothing for that polarization. A complex
   * operator, or a block above MAX_RITZ / 3 vectors, keeps the generator path.
   */
  readonly block?: PweBlockKernel;
}

/**
 * Start of the first k-point: the plane waves of smallest |k+G| (free-photon bands), each with a
 * small admixture of its neighbour in the list so a degenerate set does not start exactly aligned.
 */
function planeWaveStart(kgNorm: Float64Array, block: number, size: number, skip: number): { re: Float64Array; im: Float64Array; count: number } {
  const order = Array.from({ length: size }, (_, i) => i)
    .filter((i) => i !== skip)
    .sort((a, b) => (kgNorm[a] as number) - (kgNorm[b] as number) || a - b);
  const count = Math.min(block, order.length);
  const re = new Float64Array(count * size);
  const im = new Float64Array(count * size);
  for (let j = 0; j < count; j++) {
    re[j * size + (order[j] as number)] = 1;
    const next = order[j + 1];
    if (next !== undefined) re[j * size + next] = 0.1;
  }
  return { re, im, count };
}

/** The previous block without its vector most like the uniform field, which Γ deflates. */
function withoutUniformField(previous: { re: Float64Array; im: Float64Array; count: number }, zeroOrder: number, size: number): { re: Float64Array; im: Float64Array; count: number } {
  let drop = 0;
  let most = -1;
  for (let j = 0; j < previous.count; j++) {
    const w = (previous.re[j * size + zeroOrder] as number) ** 2 + (previous.im[j * size + zeroOrder] as number) ** 2;
    if (w > most) {
      most = w;
      drop = j;
    }
  }
  const keep = Array.from({ length: previous.count }, (_, j) => j).filter((j) => j !== drop);
  const re = new Float64Array(keep.length * size);
  const im = new Float64Array(keep.length * size);
  keep.forEach((j, to) => {
    re.set(previous.re.subarray(j * size, (j + 1) * size), to * size);
    im.set(previous.im.subarray(j * size, (j + 1) * size), to * size);
  });
  return { re, im, count: keep.length };
}

/** Everything about a band solve that does not depend on k: the grid, the sampled medium, the orders. */
export interface FftBandsSetup {
  readonly polarization: 'TM' | 'TE';
  readonly lattice: ReturnType<typeof makeLattice>;
  readonly N: number;
  readonly plan: FftPlan;
  readonly eta: Float64Array | null;
  readonly kappa: ThetaOperator['kappa'];
  /** Mean of η (TM) or of (κ_xx + κ_yy)/2 (TE): scales the preconditioner. */
  readonly meanFactor: number;
  readonly gridIndex: Int32Array;
  readonly size: number;
  /** Index of the (0, 0) order. */
  readonly zeroOrder: number;
  /** Cartesian components of G per plane wave. */
  readonly gx: Float64Array;
  readonly gy: Float64Array;
  readonly bScale: number;
}

export function prepareFftBands(input: BandsInput): FftBandsSetup {
  const P = input.planeWavesPerAxis;
  if (!Number.isInteger(P) || P < 1 || P % 2 === 0) throw new Error('PWE: plane waves per axis must be a positive odd integer');
  if (!(input.background > 0) || input.shapes.some((s) => !(s.epsilon > 0))) throw new Error('PWE: every permittivity must be positive (lossless dielectrics)');
  const lattice = makeLattice(input.lattice);
  const p = (P - 1) / 2;
  const N = gridSideFor(P);
  const plan = createFftPlan(N, p);
  const smoothed = smoothEpsilon(lattice, input.background, input.shapes, N);
  const eta = input.polarization === 'TM' ? tmFactor(smoothed) : null;
  const kappa = input.polarization === 'TE' ? teTensor(smoothed) : null;
  const meanFactor = eta ? eta.reduce((s, e) => s + e, 0) / eta.length : kappa!.xx.reduce((s, e, i) => s + (e + (kappa!.yy[i] as number)) / 2, 0) / kappa!.xx.length;
  const { m: om, n: on, gridIndex } = planeWaveOrders(p, N);
  const size = om.length;
  const zeroOrder = p * P + p; // (m, n) = (0, 0) in planeWaveOrders' ordering
  const gx = new Float64Array(size);
  const gy = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    gx[i] = (om[i] as number) * lattice.b1.x + (on[i] as number) * lattice.b2.x;
    gy[i] = (om[i] as number) * lattice.b1.y + (on[i] as number) * lattice.b2.y;
  }
  return { polarization: input.polarization, lattice, N, plan, eta, kappa, meanFactor, gridIndex, size, zeroOrder, gx, gy, bScale: Math.hypot(lattice.b1.x, lattice.b1.y) };
}

/** Θ at one wavevector, with the diagonal preconditioner 1/(|k+G|²⟨η⟩). */
export function thetaAt(setup: FftBandsSetup, k: { readonly x: number; readonly y: number }): { op: ThetaOperator; preconditioner: Float64Array } {
  const { size, gx, gy, bScale, meanFactor } = setup;
  const kgX = new Float64Array(size);
  const kgY = new Float64Array(size);
  const kgNorm = new Float64Array(size);
  const preconditioner = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    kgX[i] = k.x + (gx[i] as number);
    kgY[i] = k.y + (gy[i] as number);
    const q2 = (kgX[i] as number) ** 2 + (kgY[i] as number) ** 2;
    kgNorm[i] = Math.sqrt(q2);
    // Θ ≈ |k+G|²·⟨η⟩ on its diagonal; the floor only matters for the deflated G = 0 at Γ.
    preconditioner[i] = 1 / (Math.max(q2, 1e-8 * bScale * bScale) * meanFactor);
  }
  const op: ThetaOperator = { polarization: setup.polarization, plan: setup.plan, size, gridIndex: setup.gridIndex, kgX, kgY, kgNorm, eta: setup.eta, kappa: setup.kappa };
  return { op, preconditioner };
}

/** A block of Θ products for one k-point's operator (a new `op` object at every k-point). */
export interface ThetaApplyRequest extends BlockApplyRequest {
  readonly op: ThetaOperator;
}

/** Θ applied on the CPU in f64, one vector at a time, with scratch grids kept per FFT plan. */
export function referenceThetaApplier(): (request: ThetaApplyRequest) => void {
  let work: ThetaWork | undefined;
  let workPlan: ThetaOperator['plan'] | undefined;
  return (request) => {
    const { op } = request;
    if (!work || workPlan !== op.plan) {
      work = createThetaWork(op.plan);
      workPlan = op.plan;
    }
    const w = work;
    eachVector(request, op.size, (xr, xi, yr, yi) => applyTheta(op, xr, xi, yr, yi, w));
  };
}

export function solveBandsFft(input: BandsInput, options: FftBandsOptions = {}): FftBandsResult {
  return driveSync(bandsFftSteps(input, options), referenceThetaApplier());
}

/** The band solve suspended at every block of Θ products (see block-steps.ts). */
export function* bandsFftSteps(input: BandsInput, options: FftBandsOptions = {}): BlockSteps<ThetaApplyRequest, FftBandsResult> {
  const setup = prepareFftBands(input);
  const { lattice, N, eta, kappa, size, zeroOrder } = setup;
  const bands = Math.min(input.bands, size);
  const block = Math.min(bands + GUARD_VECTORS, size);
  const path = kPath(lattice, input.kPointsPerSegment);
  const frequencies: number[][] = [];
  const iterations: number[] = [];
  const unconverged: number[] = [];
  let applications = 0;
  let maxResidual = 0;
  let previous: { re: Float64Array; im: Float64Array; count: number } | undefined;
  const { bScale } = setup;
  // A cell symmetric under r → −r has real η̂(G): the operator is then real symmetric at every k.
  const real = inversionSymmetric(eta ? [eta] : [kappa!.xx, kappa!.xy, kappa!.yy], N) && options.forceComplex !== true;
  // One path for the whole solve: the block kernels when the operator is real and the block fits them.
  const blockKernel: PweBlockKernel['id'] | null = real && options.block && 3 * block <= MAX_RITZ ? options.block.id : null;
  for (const [index, point] of path.entries()) {
    const { op, preconditioner } = thetaAt(setup, point.k);
    const atGamma = Math.hypot(point.k.x, point.k.y) <= 1e-12 * bScale;
    const initial = previous ? (atGamma ? withoutUniformField(previous, zeroOrder, size) : previous) : planeWaveStart(op.kgNorm, block, size, atGamma ? zeroOrder : -1);
    const settings = {
      wanted: Math.max(1, atGamma ? bands - 1 : bands),
      blockSize: atGamma ? block - 1 : block,
      tolerance: options.tolerance ?? FFT_TOLERANCE,
      maxIterations: FFT_MAX_ITERATIONS,
      seed: SEED + index,
      initial,
    };
    let r: BlockEigenResult;
    if (blockKernel !== null && options.block) {
      r = lobpcgReal(options.block, { op, preconditioner, fixed: atGamma ? zeroOrder : -1 }, settings);
    } else {
      const steps = lobpcgSteps({ size, preconditioner, real, ...(atGamma ? { fixedZero: [zeroOrder] } : {}) }, settings);
      // Each of LOBPCG's product requests goes out tagged with this k-point's operator.
      let next = steps.next();
      while (!next.done) {
        yield { ...next.value, op };
        next = steps.next();
      }
      r = next.value;
    }
    iterations.push(r.iterations);
    applications += r.applications;
    maxResidual = Math.max(maxResidual, r.maxResidual);
    if (!r.converged) unconverged.push(index);
    const lambdas = atGamma ? [0, ...r.values] : [...r.values];
    frequencies.push(lambdas.slice(0, bands).map((l) => Math.sqrt(Math.max(l, 0)) / (2 * Math.PI)));
    if (atGamma) {
      // Carry the uniform field into the next k-point's start: it becomes the lowest band there.
      const re = new Float64Array(block * size);
      const im = new Float64Array(block * size);
      re[zeroOrder] = 1;
      re.set(r.vectorsRe.subarray(0, (block - 1) * size), size);
      im.set(r.vectorsIm.subarray(0, (block - 1) * size), size);
      previous = { re, im, count: block };
    } else {
      previous = { re: r.vectorsRe, im: r.vectorsIm, count: block };
    }
    options.onKPoint?.(index + 1, path.length);
  }
  return {
    k_points: path.map((pt) => ({ distance: pt.distance, label: pt.label, kx: pt.k.x, ky: pt.k.y })),
    frequencies,
    gaps: findGaps(frequencies, bands),
    plane_waves: size,
    real_operator: real,
    stats: { grid: N, iterations, applications, unconverged, max_residual: maxResidual, block_kernel: blockKernel },
  };
}
