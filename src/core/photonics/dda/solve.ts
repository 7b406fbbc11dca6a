/**
 * Solves a `dda` problem: builds the dipole lattice, the FFT-accelerated coupled-dipole operator
 * and solves it by COCG; returns Qext, Qabs, Qsca with the iteration record, a Mie comparison for
 * spheres, and warnings an agent must pass on (too coarse a lattice, no convergence).
 * Cross sections (Draine 1988, ApJ 333, 848, eqs. 3.06 and 3.07; |E0| = 1):
 *   Cext = 4πk Σ Im(E_inc,j* · P_j),  Cabs = 4πk Σ [ −Im(1/α)|P_j|² − (2/3)k³|P_j|² ],  Csca = Cext − Cabs.
 */
import { abs, c, div, type Complex } from '../complex.ts';
import type { MaterialSpec } from '../material-spec.ts';
import { mieSphere } from '../mie/sphere.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { cocg, type CocgOptions, type CocgResult, type ComplexVector } from './cocg.ts';
import type { Dims } from './fft.ts';
import { buildLattice, latticeDims, type DdaShape, type DipoleLattice } from './geometry.ts';
import { fftGrid, fftOperator } from './green.ts';
import type { DdaBackendId } from './operator-backend.ts';
import { inversePolarizability } from './polarizability.ts';
import { MAX_DIPOLES, MAX_FFT_POINTS, type DdaProblem } from './problem.ts';

/** ADDA's rule of thumb: |m|kd above this and the lattice is too coarse for percent-level answers. */
export const MAX_MKD = 1;
/** A medium with k above this is absorbing: extinction there is not uniquely defined. */
export const NEGLIGIBLE_MEDIUM_K = 1e-6;

export interface DdaResult {
  readonly kind: 'dda';
  readonly wavelength_nm: number;
  readonly shape: DdaShape['shape'];
  readonly dipoles: number;
  readonly lattice: [number, number, number];
  readonly fft_grid: [number, number, number];
  readonly dipole_spacing_nm: number;
  readonly equivalent_radius_nm: number;
  /** x = 2π n_medium r_eq / λ. */
  readonly size_parameter: number;
  readonly relative_index: { readonly n: number; readonly k: number };
  /** |m|kd: the resolution figure; below 1 for percent-level cross sections. */
  readonly mkd: number;
  readonly qext: number;
  readonly qabs: number;
  readonly qsca: number;
  readonly cext_nm2: number;
  readonly cabs_nm2: number;
  readonly csca_nm2: number;
  readonly iterations: number;
  readonly converged: boolean;
  /** True ‖b − AP‖/‖b‖ of the returned dipoles (recomputed, not the recursive estimate). */
  readonly relative_residual: number;
  /** Spheres only: Mie theory for the same equivalent sphere, and the DDA's relative error in Qext. */
  readonly mie: { readonly qext: number; readonly qsca: number; readonly qabs: number; readonly qext_relative_error: number } | null;
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** Which operator backend ran the matrix–vector products (see operator-backend.ts). */
  readonly backend: DdaBackendId;
}

export interface DdaSolveOptions {
  /** Fraction done in [0, 1] (from the residual's progress toward the tolerance, on a log scale). */
  readonly onProgress?: (fraction: number) => void;
  /** Aborting it stops the solve between iterations with the signal's reason. */
  readonly signal?: AbortSignal;
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm; k = 2π n_medium/λ in the medium',
  index: 'N = n + ik with fields ∝ e^{−iωt} (k > 0 absorbs); m = N_particle/n_medium',
  geometry: 'particle centred at the origin; rod axis along z; dimer spheres on the x axis; one dipole per occupied cubic cell',
  volume: 'the spacing d is set so that N·d³ is the exact particle volume (ADDA’s dpl correction)',
  efficiency: 'Q = C/(π r_eq²), r_eq the volume-equivalent radius (ADDA’s convention)',
  method: 'coupled dipoles, FFT matrix–vector products on a zero-padded grid, COCG iterations to ‖r‖/‖b‖ < tolerance',
};

const AXES = { x: 0, y: 1, z: 2 } as const;

function resolveIndex(spec: MaterialSpec, wavelength: number, ctx: SolveContext, warnings: Set<string>): Complex {
  const r = ctx.materials.resolve(spec, wavelength);
  for (const w of r.warnings) warnings.add(w);
  return c(r.n, r.k);
}

/** The dipole count needed for |m|kd ≤ MAX_MKD at this lattice, rounded up. */
function dipolesForMkd(problem: DdaProblem, mkd: number): number {
  return Math.ceil((problem.dipoles_across * mkd) / MAX_MKD);
}

export interface DdaSetup {
  readonly lattice: DipoleLattice;
  readonly m: Complex;
  readonly k: number;
  readonly mediumN: number;
  readonly kd: number;
}

/** Everything before the linear solve; throws ProblemError for setups that must be refused. */
export function ddaSetup(problem: DdaProblem, ctx: SolveContext, warnings: Set<string>): DdaSetup {
  const mediumIndex = resolveIndex(problem.medium, problem.wavelength_nm, ctx, warnings);
  if (Math.abs(mediumIndex.im) > NEGLIGIBLE_MEDIUM_K) {
    throw new ProblemError(`the medium absorbs (k = ${mediumIndex.im}): DDA cross sections are defined in a non-absorbing medium only; set the medium's k to 0`);
  }
  if (mediumIndex.re <= 0) throw new ProblemError(`the medium index must be positive, got n = ${mediumIndex.re}`);
  const particle = resolveIndex(problem.material, problem.wavelength_nm, ctx, warnings);
  const m = div(particle, c(mediumIndex.re));
  // The FFT grid follows from the box alone: refuse before filling a huge lattice.
  const points = fftPoints(problem.particle, problem.dipoles_across);
  if (points > MAX_FFT_POINTS) {
    throw new ProblemError(
      `${problem.dipoles_across} dipoles across needs a zero-padded FFT grid of ${points} points, above the limit of ${MAX_FFT_POINTS} (memory in a browser tab); ` +
        `use dipoles_across ≤ ${largestAllowedAcross(problem.particle, problem.dipoles_across)}`,
    );
  }
  const lattice = buildLattice(problem.particle, problem.dipoles_across);
  const n = lattice.sites.length;
  if (n === 0) throw new ProblemError('no dipole falls inside the particle: raise dipoles_across');
  if (n > MAX_DIPOLES) throw new ProblemError(`${n} dipoles exceed the limit of ${MAX_DIPOLES} (memory and time in a browser tab); lower dipoles_across below ${problem.dipoles_across}`);
  const k = (2 * Math.PI * mediumIndex.re) / problem.wavelength_nm;
  return { lattice, m, k, mediumN: mediumIndex.re, kd: k * lattice.spacing_nm };
}

export function fftPoints(shape: DdaShape, across: number): number {
  const g = fftGrid(latticeDims(shape, across));
  return g[0] * g[1] * g[2];
}

/** The largest dipoles_across (≤ the requested one) whose padded grid fits MAX_FFT_POINTS. */
export function largestAllowedAcross(shape: DdaShape, across: number): number {
  let n = across;
  while (n > 2 && fftPoints(shape, n) > MAX_FFT_POINTS) n--;
  return n;
}

/** Everything the linear solve needs and everything the result reports besides the solution. */
export interface DdaSystem {
  readonly problem: DdaProblem;
  readonly setup: DdaSetup;
  readonly warnings: Set<string>;
  readonly mkd: number;
  readonly invAlpha: Complex;
  /** The incident field at the dipoles (the right-hand side). */
  readonly b: ComplexVector;
  /** Initial guess P = α E_inc (non-interacting dipoles): already close for small or weak particles. */
  readonly x0: ComplexVector;
}

/** Lattice, resolution warnings, polarizability, right-hand side and initial guess: everything before the operator. */
export function prepareDdaSystem(problem: DdaProblem, ctx: SolveContext): DdaSystem {
  const warnings = new Set<string>();
  const setup = ddaSetup(problem, ctx, warnings);
  const { lattice, m, kd } = setup;
  const n = lattice.sites.length;
  const mkd = abs(m) * kd;
  if (mkd > MAX_MKD) {
    warnings.add(
      `under-resolved: |m|kd = ${mkd.toFixed(2)} is above ${MAX_MKD} (fewer than ~${(2 * Math.PI / mkd).toFixed(1)} dipoles per wavelength inside the particle); ` +
        `cross sections can be off by several percent — raise dipoles_across to at least ${dipolesForMkd(problem, mkd)}`,
    );
  }
  if (problem.particle.shape === 'dimer' && problem.particle.gap_nm > 0 && problem.particle.gap_nm < 2 * lattice.spacing_nm) {
    warnings.add(`the ${problem.particle.gap_nm} nm gap spans fewer than two dipoles (d = ${lattice.spacing_nm.toFixed(2)} nm): gap fields are under-resolved; raise dipoles_across`);
  }
  const prop = AXES[problem.propagation];
  const pol = AXES[problem.polarization];
  // S = Σ (a_j e_j)² vanishes for incidence and polarization along different lattice axes.
  const invAlpha = inversePolarizability(m, kd, problem.polarizability, 0);
  const b = incidentField(lattice, kd, prop, pol);
  const alpha = div(c(1), invAlpha);
  const x0 = { re: new Float64Array(3 * n), im: new Float64Array(3 * n) };
  for (let i = 0; i < 3 * n; i++) {
    x0.re[i] = alpha.re * (b.re[i] as number) - alpha.im * (b.im[i] as number);
    x0.im[i] = alpha.re * (b.im[i] as number) + alpha.im * (b.re[i] as number);
  }
  return { problem, setup, warnings, mkd, invAlpha, b, x0 };
}

/** COCG options for this problem: the tolerance and cap it asks for, cancellation, and progress on a log-residual scale. */
export function ddaCocgOptions(problem: DdaProblem, options: DdaSolveOptions): CocgOptions {
  const logTol = Math.log(problem.tolerance);
  let logStart: number | null = null;
  return {
    tolerance: problem.tolerance,
    maxIterations: problem.max_iterations,
    onIteration: (_it, res) => {
      options.signal?.throwIfAborted();
      if (!options.onProgress) return;
      logStart ??= Math.log(res);
      const span = logStart - logTol;
      options.onProgress(span > 0 ? Math.min(1, Math.max(0, (logStart - Math.log(res)) / span)) : 1);
    },
  };
}

/** Which operator produced the solution, for the result's `backend` field and conventions line. */
export interface DdaBackendRecord {
  readonly id: DdaBackendId;
  /** Where the product ran and why this backend was chosen. */
  readonly note: string;
}

const REFERENCE_RECORD: DdaBackendRecord = { id: 'reference', note: 'reference: TypeScript FFT convolution in f64 on the CPU' };

export function solveDda(problem: DdaProblem, ctx: SolveContext, options: DdaSolveOptions = {}): DdaResult {
  const system = prepareDdaSystem(problem, ctx);
  const { lattice, kd } = system.setup;
  const op = fftOperator(lattice.dims, lattice.sites, kd, system.invAlpha);
  const solved = cocg(op.apply, system.b, system.x0, ddaCocgOptions(problem, options));
  const y = { re: new Float64Array(op.size), im: new Float64Array(op.size) };
  op.apply(solved.x.re, solved.x.im, y.re, y.im);
  options.onProgress?.(1);
  return ddaResult(system, solved, residualOf(system.b, y), op.fftDims, REFERENCE_RECORD);
}

/** The result from a finished COCG: convergence warnings, cross sections, the Mie comparison. `residual` is the true one, from a fresh product. */
export function ddaResult(system: DdaSystem, solved: CocgResult, residual: number, fftDims: Dims, backend: DdaBackendRecord): DdaResult {
  const { problem, setup, warnings, mkd, invAlpha } = system;
  const { lattice, m, kd } = setup;
  const converged = solved.converged && residual < 10 * problem.tolerance;
  if (!converged) {
    warnings.add(
      `not converged: the iterative solver stopped after ${solved.iterations} iterations at relative residual ${residual.toExponential(2)} (tolerance ${problem.tolerance})` +
        `${solved.breakdown ? ' after a breakdown' : ''}; the cross sections are unreliable — raise max_iterations, or for |m| well above 2 expect slow convergence`,
    );
  }
  if (abs(m) > 2) warnings.add(`|m| = ${abs(m).toFixed(2)} is large: DDA converges slowly in iterations and in dipole count for such particles (Yurkin & Hoekstra 2007); check by raising dipoles_across`);
  const { cext, cabs } = crossSections(system.b, solved.x, invAlpha, kd);
  const d = lattice.spacing_nm;
  const area = Math.PI * lattice.equivalent_radius_nm ** 2;
  const cextNm = cext * d * d;
  const cabsNm = cabs * d * d;
  const x = setup.k * lattice.equivalent_radius_nm;
  const mie = problem.particle.shape === 'sphere' ? mieSphere(m, x) : null;
  const qext = cextNm / area;
  return {
    kind: 'dda',
    wavelength_nm: problem.wavelength_nm,
    shape: problem.particle.shape,
    dipoles: lattice.sites.length,
    lattice: [...lattice.dims],
    fft_grid: [...fftDims],
    dipole_spacing_nm: d,
    equivalent_radius_nm: lattice.equivalent_radius_nm,
    size_parameter: x,
    relative_index: { n: m.re, k: m.im },
    mkd,
    qext,
    qabs: cabsNm / area,
    qsca: (cextNm - cabsNm) / area,
    cext_nm2: cextNm,
    cabs_nm2: cabsNm,
    csca_nm2: cextNm - cabsNm,
    iterations: solved.iterations,
    converged,
    relative_residual: residual,
    mie: mie ? { qext: mie.qext, qsca: mie.qsca, qabs: mie.qext - mie.qsca, qext_relative_error: (qext - mie.qext) / mie.qext } : null,
    warnings: [...warnings],
    conventions: { ...CONVENTIONS, backend: backend.note },
    backend: backend.id,
  };
}

/** E_inc = ê exp(ik â·r) at every dipole, lattice units with the origin at the box centre. */
export function incidentField(lattice: DipoleLattice, kd: number, prop: 0 | 1 | 2, pol: 0 | 1 | 2): { re: Float64Array; im: Float64Array } {
  const [nx, ny, nz] = lattice.dims;
  const n = lattice.sites.length;
  const re = new Float64Array(3 * n);
  const im = new Float64Array(3 * n);
  const half = [nx / 2, ny / 2, nz / 2];
  for (let s = 0; s < n; s++) {
    const bi = lattice.sites[s] as number;
    const coord = [bi % nx, Math.floor(bi / nx) % ny, Math.floor(bi / (nx * ny))];
    const r = (coord[prop] as number) + 0.5 - (half[prop] as number);
    re[3 * s + pol] = Math.cos(kd * r);
    im[3 * s + pol] = Math.sin(kd * r);
  }
  return { re, im };
}

/** ‖b − y‖/‖b‖ with y = A·x already computed. */
export function residualOf(b: ComplexVector, y: ComplexVector): number {
  let r2 = 0;
  let b2 = 0;
  for (let i = 0; i < b.re.length; i++) {
    r2 += ((b.re[i] as number) - (y.re[i] as number)) ** 2 + ((b.im[i] as number) - (y.im[i] as number)) ** 2;
    b2 += (b.re[i] as number) ** 2 + (b.im[i] as number) ** 2;
  }
  return Math.sqrt(r2 / (b2 || 1));
}

/** Cext and Cabs in lattice units (d = 1, k ≡ kd). */
export function crossSections(
  e: { re: Float64Array; im: Float64Array },
  p: { re: Float64Array; im: Float64Array },
  invAlpha: Complex,
  kd: number,
): { cext: number; cabs: number } {
  let ext = 0;
  let p2 = 0;
  for (let i = 0; i < e.re.length; i++) {
    // Im(conj(E)·P) = E_re P_im − E_im P_re
    ext += (e.re[i] as number) * (p.im[i] as number) - (e.im[i] as number) * (p.re[i] as number);
    p2 += (p.re[i] as number) ** 2 + (p.im[i] as number) ** 2;
  }
  const cext = 4 * Math.PI * kd * ext;
  const cabs = 4 * Math.PI * kd * p2 * (-invAlpha.im - (2 / 3) * kd ** 3);
  return { cext, cabs };
}
