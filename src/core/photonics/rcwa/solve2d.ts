/**
 * Solves a `grating_2d` problem: per vacuum wavelength the efficiency of every propagating
 * reflected and transmitted order (m, n), total R and T and the absorbed remainder, for s, p, both
 * or a Jones vector (one S-matrix per wavelength serves every polarisation). Warnings, in words an
 * agent can pass on: too few harmonics for the propagating orders, efficiencies still moving with
 * the harmonic count, lost energy in a lossless stack, and orders at grazing (Rayleigh anomalies).
 * The result carries an index map of every patterned layer (the geometry the solver saw).
 */
import type { MaterialSpec } from '../material-spec.ts';
import { progressReporter } from '../progress.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { FactorizationRule } from './fourier2d.ts';
import type { Grating2dProblem, Grating2dShape } from './problem2d.ts';
import type { ComplexIndex } from './rcwa1d.ts';
import { referenceLinalg, solveGrating2d, type Grating2dInput, type Grating2dResult, type Jones, type Layer2d, type Order2d } from './rcwa2d.ts';
import { layerIndexMap, type PatternMap } from './pattern-map.ts';
import { checkEnergyBalance, maxEfficiencyChange } from './efficiency-checks.ts';

export const CONVERGENCE_TOLERANCE_2D = 1e-3;
export const ENERGY_TOLERANCE_2D = 1e-6;
export const GRAZING_MARGIN_2D = 2e-3;

type Polarization2d = 's' | 'p' | 'jones';

export interface Grating2dOrder {
  readonly wavelength_nm: number;
  readonly polarization: Polarization2d;
  readonly side: 'reflected' | 'transmitted';
  readonly m: number;
  readonly n: number;
  readonly efficiency: number;
  readonly theta_deg: number;
  readonly phi_deg: number;
}

export interface Grating2dPoint {
  readonly wavelength_nm: number;
  readonly polarization: Polarization2d;
  readonly R: number;
  readonly T: number;
  readonly A: number;
}

export interface Grating2dSolveResult {
  readonly kind: 'grating_2d';
  readonly wavelengths_nm: number[];
  readonly harmonics: { readonly x: number; readonly y: number; readonly total: number };
  readonly points: Grating2dPoint[];
  readonly orders: Grating2dOrder[];
  readonly convergence: { readonly check_harmonics: { readonly x: number; readonly y: number }; readonly max_change: number } | null;
  /** The factorisation rule each layer used (top to bottom). */
  readonly factorization: { readonly layer: number; readonly rule: FactorizationRule }[];
  readonly maps: PatternMap[];
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** The dense linear-algebra kernel that ran ('wasm' or 'reference'). */
  readonly backend: string;
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm',
  index: 'N = n + ik with fields ∝ e^{−iωt} (k > 0 absorbs); Jones phases in the same convention',
  geometry: 'layers periodic in x (period_x_nm) and y (period_y_nm), stacked along z from the cover down to the substrate; shape centres from the centre of the unit cell',
  incidence: 'angle_deg: polar angle from the normal in the cover; azimuth_deg: plane of incidence measured from the x axis',
  polarization: 's: E ⟂ plane of incidence, along (−sin φ, cos φ, 0) (E along y at normal incidence); p: E in the plane of incidence (E along x at normal incidence)',
  order: 'order (m, n) has k_x = k₀·n_cover·sin θ·cos φ − m·2π/period_x and k_y = k₀·n_cover·sin θ·sin φ − n·2π/period_y',
  efficiency: 'diffracted power in the order over the incident power (z-component of the Poynting vector)',
  angle: 'theta_deg: polar angle of the order from the normal in its medium (cover for reflected, substrate for transmitted); phi_deg: its azimuth from x',
  method: 'RCWA / Fourier modal method with scattering matrices (Rumpf 2011 formulation); rectangular truncation (2M+1)(2N+1)',
  factorization:
    'layers of rectangles only: Li’s rules (inverse rule along x for D_x, along y for D_y, Laurent for E_z — Li, JOSA A 14, 2758 (1997)); layers with circles or ellipses: closed-form Fourier coefficients with the Laurent rule, which converges more slowly (check with more harmonics, p-polarisation first); see "factorization" for each layer',
};

export function solveGrating2dProblem(problem: Grating2dProblem, ctx: SolveContext): Grating2dSolveResult {
  const wavelengths = wavelengthGrid(problem);
  const sources = polarizationSources(problem);
  const M = problem.harmonics_x;
  const N = problem.harmonics_y ?? M;
  const warnings = new Set<string>();
  const points: Grating2dPoint[] = [];
  const orders: Grating2dOrder[] = [];
  let worstChange: number | null = null;
  const check = { x: Math.round(M * 0.6), y: Math.round(N * 0.6) };
  let rules: FactorizationRule[] = [];
  const progress = progressReporter(ctx.onProgress, 'wavelength', wavelengths.length);
  // The page and the CLI hand in a faster kernel behind the same signatures; tests run the reference.
  const linalg = ctx.kernels?.linalg ?? { id: 'reference', ...referenceLinalg };
  for (const [wi, wavelength] of wavelengths.entries()) {
    const input = resolveInput(problem, wavelength, ctx, warnings);
    checkPeriod(input, wavelength);
    const full = solveGrating2d(input, sources.map((s) => s.jones), linalg);
    rules = full.rules;
    for (const [si, source] of sources.entries()) {
      const r = full.results[si] as Grating2dResult;
      points.push({ wavelength_nm: wavelength, polarization: source.name, R: r.totalReflected, T: r.totalTransmitted, A: r.absorbed });
      orders.push(...flatten(wavelength, source.name, 'reflected', r.reflected), ...flatten(wavelength, source.name, 'transmitted', r.transmitted));
      checkEnergyBalance(r, isLossless(input), ENERGY_TOLERANCE_2D, wavelength, source.name, 'harmonics_x/harmonics_y', warnings);
    }
    // Both ends of a sweep: the short end has the most propagating orders, the long end may sit near an anomaly.
    if ((wi === 0 || wi === wavelengths.length - 1) && problem.convergence_check && (check.x < M || check.y < N)) {
      const coarse = solveGrating2d({ ...input, harmonicsX: check.x, harmonicsY: check.y }, sources.map((s) => s.jones), linalg);
      for (const [si, source] of sources.entries()) {
        const change = maxEfficiencyChange(full.results[si] as Grating2dResult, coarse.results[si] as Grating2dResult, (x, y) => x.m === y.m && x.n === y.n);
        worstChange = Math.max(change, worstChange ?? 0);
        if (change > CONVERGENCE_TOLERANCE_2D) {
          warnings.add(
            `not converged in harmonics: at ${wavelength} nm (${source.name}) the efficiencies moved by up to ${change.toExponential(1)} between ${check.x}×${check.y} and ${M}×${N} orders per axis; raise harmonics_x/harmonics_y until they settle (circles and p-polarisation need more)`,
          );
        }
      }
    }
    checkOrders(input, wavelength, warnings);
    progress.step(wi + 1);
  }
  const first = resolveInput(problem, wavelengths[0] as number, ctx, warnings);
  return {
    kind: 'grating_2d',
    wavelengths_nm: wavelengths,
    harmonics: { x: M, y: N, total: (2 * M + 1) * (2 * N + 1) },
    points,
    orders,
    convergence: worstChange === null ? null : { check_harmonics: check, max_change: worstChange },
    factorization: rules.map((rule, layer) => ({ layer, rule })),
    maps: first.layers.flatMap((layer, i) => (layer.shapes.length === 0 ? [] : [layerIndexMap(layer, first.periodX, first.periodY, i, wavelengths[0] as number)])),
    warnings: [...warnings],
    conventions: CONVENTIONS,
    backend: linalg.id,
  };
}

function polarizationSources(problem: Grating2dProblem): { name: Polarization2d; jones: Jones }[] {
  const s = { name: 's' as const, jones: { s: { re: 1, im: 0 }, p: { re: 0, im: 0 } } };
  const p = { name: 'p' as const, jones: { s: { re: 0, im: 0 }, p: { re: 1, im: 0 } } };
  switch (problem.polarization) {
    case 's':
      return [s];
    case 'p':
      return [p];
    case 'both':
      return [s, p];
    case 'jones': {
      if (!problem.jones) throw new ProblemError('polarization "jones" needs "jones": {"s": [re, im], "p": [re, im]}');
      const [sr, si] = problem.jones.s;
      const [pr, pi] = problem.jones.p;
      return [{ name: 'jones', jones: { s: { re: sr, im: si }, p: { re: pr, im: pi } } }];
    }
  }
}

function toShape(shape: Grating2dShape, index: ComplexIndex): Layer2d['shapes'][number] {
  const [centerX, centerY] = shape.center_nm;
  if (shape.type === 'circle') return { type: 'ellipse', centerX, centerY, halfX: shape.radius_nm, halfY: shape.radius_nm, index };
  if (shape.type === 'ellipse') return { type: 'ellipse', centerX, centerY, halfX: shape.semi_axes_nm[0], halfY: shape.semi_axes_nm[1], index };
  return { type: 'rectangle', centerX, centerY, halfX: shape.size_nm[0] / 2, halfY: shape.size_nm[1] / 2, index };
}

function resolveInput(problem: Grating2dProblem, wavelength: number, ctx: SolveContext, warnings: Set<string>): Grating2dInput {
  const resolve = (spec: MaterialSpec): ComplexIndex => {
    const r = ctx.materials.resolve(spec, wavelength);
    for (const w of r.warnings) warnings.add(w);
    return { n: r.n, k: r.k };
  };
  const cover = resolve(problem.cover);
  if (cover.k !== 0) throw new ProblemError(`the cover (incidence medium) must be lossless: it has k = ${cover.k} at ${wavelength} nm; put absorbing material in a layer instead`);
  if (!(cover.n > 0)) throw new ProblemError(`the cover index must be positive (n = ${cover.n} at ${wavelength} nm)`);
  const M = problem.harmonics_x;
  return {
    periodX: problem.period_x_nm,
    periodY: problem.period_y_nm ?? problem.period_x_nm,
    wavelength,
    thetaDeg: problem.angle_deg,
    phiDeg: problem.azimuth_deg,
    cover: cover.n,
    substrate: resolve(problem.substrate),
    harmonicsX: M,
    harmonicsY: problem.harmonics_y ?? M,
    layers: problem.layers.map((layer) => ({
      thickness: layer.thickness_nm,
      background: resolve(layer.background),
      shapes: layer.shapes.map((s) => toShape(s, resolve(s.material))),
    })),
  };
}

function flatten(wavelength: number, polarization: Polarization2d, side: Grating2dOrder['side'], list: readonly Order2d[]): Grating2dOrder[] {
  return list.map((o) => ({ wavelength_nm: wavelength, polarization, side, m: o.m, n: o.n, efficiency: o.efficiency, theta_deg: o.thetaDeg ?? 0, phi_deg: o.phiDeg ?? 0 }));
}

function isLossless(input: Grating2dInput): boolean {
  return input.substrate.k === 0 && input.layers.every((l) => l.background.k === 0 && l.shapes.every((s) => s.index.k === 0));
}

/**
 * Propagating orders per axis beyond which a problem is refused: RCWA keeps at most a few dozen
 * harmonics per axis, so such a period (thousands of wavelengths) could not be represented, and
 * listing its orders alone would take minutes.
 */
const MAX_ORDER_REACH = 200;
/** Grazing orders named one by one; past this many, one warning counts them. */
const GRAZING_NAMED = 8;

/** Refuses, before any solve, a period so many wavelengths long that its orders cannot be represented (or even listed quickly). */
function checkPeriod(input: Grating2dInput, wavelength: number): void {
  const nMax = Math.max(input.cover, input.substrate.n);
  const reach = Math.ceil(((nMax + input.cover) * Math.max(input.periodX, input.periodY)) / wavelength) + 1;
  if (reach > MAX_ORDER_REACH) {
    throw new ProblemError(
      `the period is ${(Math.max(input.periodX, input.periodY) / wavelength).toFixed(0)} wavelengths at ${wavelength} nm: about ${reach} orders propagate along an axis, far more than RCWA's harmonics can hold; use a period of at most ${Math.floor(((MAX_ORDER_REACH - 1) / (nMax + input.cover)) * wavelength)} nm or treat the structure as non-periodic`,
    );
  }
}

/** Rayleigh anomalies (an order at grazing in the cover or substrate) and orders outside the kept set. */
function checkOrders(input: Grating2dInput, wavelength: number, warnings: Set<string>): void {
  const theta = (input.thetaDeg * Math.PI) / 180;
  const phi = (input.phiDeg * Math.PI) / 180;
  const kx0 = input.cover * Math.sin(theta) * Math.cos(phi);
  const ky0 = input.cover * Math.sin(theta) * Math.sin(phi);
  const rx = wavelength / input.periodX;
  const ry = wavelength / input.periodY;
  let highX = 0;
  let highY = 0;
  for (const medium of [
    { name: 'cover', n: input.cover },
    { name: 'substrate', n: input.substrate.n },
  ]) {
    const reachX = Math.ceil((medium.n + Math.abs(kx0)) / rx) + 1;
    const reachY = Math.ceil((medium.n + Math.abs(ky0)) / ry) + 1;
    const grazing: string[] = [];
    for (let m = -reachX; m <= reachX; m++) {
      for (let n = -reachY; n <= reachY; n++) {
        const s = Math.hypot(kx0 - m * rx, ky0 - n * ry) / medium.n;
        if (s < 1) {
          highX = Math.max(highX, Math.abs(m));
          highY = Math.max(highY, Math.abs(n));
        }
        if (Math.abs(s - 1) < GRAZING_MARGIN_2D) grazing.push(`(${m}, ${n})`);
      }
    }
    const tail = `at grazing in the ${medium.name} at ${wavelength} nm (a Rayleigh/Wood anomaly): efficiencies change abruptly with wavelength and angle here, so sample finely or move off it`;
    if (grazing.length <= GRAZING_NAMED) for (const order of grazing) warnings.add(`order ${order} is ${tail}`);
    else warnings.add(`orders ${grazing.slice(0, GRAZING_NAMED).join(', ')} and ${grazing.length - GRAZING_NAMED} more are ${tail}`);
  }
  // A stack invariant along an axis (only full-period stripes) couples no orders along it, so it needs no harmonics there.
  if (invariantAlong(input, 'x')) highX = 0;
  if (invariantAlong(input, 'y')) highY = 0;
  if ((highX > 0 && input.harmonicsX <= highX) || (highY > 0 && input.harmonicsY <= highY)) {
    warnings.add(
      `under-resolved: orders up to ±${highX} along x and ±${highY} along y propagate at ${wavelength} nm but only ±${input.harmonicsX} and ±${input.harmonicsY} are kept; set harmonics_x/harmonics_y well above them`,
    );
  }
}

/** True when every shape is a rectangle spanning the whole period along `axis`: a 1D grating along the other axis. */
function invariantAlong(input: Grating2dInput, axis: 'x' | 'y'): boolean {
  const period = axis === 'x' ? input.periodX : input.periodY;
  return input.layers.every((l) => l.shapes.every((s) => s.type === 'rectangle' && 2 * (axis === 'x' ? s.halfX : s.halfY) >= period * (1 - 1e-12)));
}
