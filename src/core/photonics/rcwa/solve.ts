/**
 * Solves a `grating` problem: per vacuum wavelength and polarization, the diffraction efficiency of
 * every propagating reflected and transmitted order, total R and T and the absorbed remainder.
 * Warnings (in words an agent can pass on) flag an under-resolved setup: too few harmonics for the
 * propagating orders, efficiencies still moving with the harmonic count, lost energy in a lossless
 * stack, and orders at grazing (Rayleigh anomalies), where efficiencies change abruptly.
 */
import type { MaterialSpec } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { GratingProblem } from './problem.ts';
import { solveGrating1d, type ComplexIndex, type DiffractedOrder, type Grating1dInput } from './rcwa1d.ts';
import { progressReporter } from '../progress.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { checkEnergyBalance, maxEfficiencyChange } from './efficiency-checks.ts';

/** Efficiency change between the check and the full solve above which the answer is called unconverged. */
export const CONVERGENCE_TOLERANCE = 1e-3;
/** |1 − R − T| above which a lossless stack is said to lose energy (truncation or ill-conditioning). */
export const ENERGY_TOLERANCE = 1e-6;
/** An order whose |k_x|/(k₀n) is within this of 1 is at grazing: a Rayleigh (Wood) anomaly. */
export const GRAZING_MARGIN = 2e-3;

/** One propagating order at one wavelength and polarization (a flat row, so tables and CSV need no unpacking). */
export interface GratingOrder {
  readonly wavelength_nm: number;
  readonly polarization: 'TE' | 'TM';
  readonly side: 'reflected' | 'transmitted';
  readonly order: number;
  readonly efficiency: number;
  readonly angle_deg: number;
}

/** Totals at one wavelength and polarization. */
export interface GratingPoint {
  readonly wavelength_nm: number;
  readonly polarization: 'TE' | 'TM';
  readonly R: number;
  readonly T: number;
  readonly A: number;
}

export interface GratingResult {
  readonly kind: 'grating';
  readonly wavelengths_nm: number[];
  readonly harmonics: number;
  readonly points: GratingPoint[];
  readonly orders: GratingOrder[];
  /** The convergence check, when it ran (first and last wavelength): harmonics used and the largest efficiency change. */
  readonly convergence: { readonly check_harmonics: number; readonly max_change: number } | null;
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** The dense linear-algebra kernel that ran: 'wasm' or 'reference'. */
  readonly backend: string;
}

const CONVENTIONS: Record<string, string> = {
  wavelength: 'vacuum wavelength in nm',
  index: 'N = n + ik with fields ∝ e^{−iωt} (k > 0 absorbs)',
  geometry: 'grating vector along x, layers stacked along z from the cover down to the substrate; ridge positions are fractions of the period',
  polarization: 'TE: E along the grooves (y); TM: H along the grooves',
  order: 'order m has k_x = k₀·n_cover·sin θ − m·2π/period; at normal incidence ±m are mirror images',
  efficiency: 'diffracted power in the order over the incident power (z-component of the Poynting vector)',
  angle: 'propagation angle of the order in its medium (cover for reflected, substrate for transmitted), degrees from the normal',
  method: 'RCWA, enhanced transmittance matrix (Moharam et al. 1995); TM with Li’s factorisation rules',
};

export function solveGrating(problem: GratingProblem, ctx: SolveContext): GratingResult {
  const wavelengths = wavelengthGrid(problem);
  const polarizations: ('TE' | 'TM')[] = problem.polarization === 'both' ? ['TE', 'TM'] : [problem.polarization];
  const warnings = new Set<string>();
  const points: GratingPoint[] = [];
  const orders: GratingOrder[] = [];
  let worstChange: number | null = null;
  let checkHarmonics = 0;
  const progress = progressReporter(ctx.onProgress, 'wavelength', wavelengths.length);
  const linalg = ctx.kernels?.linalg ?? referenceLinalgKernel;
  for (const [wi, wavelength] of wavelengths.entries()) {
    const base = resolveInput(problem, wavelength, ctx, warnings);
    for (const polarization of polarizations) {
      const input: Grating1dInput = { ...base, polarization };
      const full = solveGrating1d(input, linalg);
      points.push({ wavelength_nm: wavelength, polarization, R: full.totalReflected, T: full.totalTransmitted, A: full.absorbed });
      orders.push(...propagating(wavelength, polarization, 'reflected', full.reflected), ...propagating(wavelength, polarization, 'transmitted', full.transmitted));
      // Checked at both ends of a sweep: the short end has the most propagating orders, the long end
      // can sit near a Rayleigh anomaly; a single-wavelength solve is checked once.
      if ((wi === 0 || wi === wavelengths.length - 1) && problem.convergence_check && problem.harmonics >= 2) {
        checkHarmonics = Math.max(1, Math.round(problem.harmonics * 0.6));
        const coarse = solveGrating1d({ ...input, harmonics: checkHarmonics }, linalg);
        const change = maxEfficiencyChange(full, coarse, (x, y) => x.order === y.order);
        worstChange = Math.max(change, worstChange ?? 0);
        if (change > CONVERGENCE_TOLERANCE) {
          warnings.add(
            `not converged in harmonics: at ${wavelength} nm (${polarization}) the efficiencies moved by up to ${change.toExponential(1)} between ${checkHarmonics} and ${problem.harmonics} orders; raise "harmonics" until they settle (metals and TM need more)`,
          );
        }
      }
      checkEnergyBalance(full, isLossless(input), ENERGY_TOLERANCE, wavelength, polarization, '"harmonics"', warnings);
    }
    checkOrders(base, wavelength, warnings);
    progress.step(wi + 1);
  }
  const convergence = worstChange === null ? null : { check_harmonics: checkHarmonics, max_change: worstChange };
  return { kind: 'grating', wavelengths_nm: wavelengths, harmonics: problem.harmonics, points, orders, convergence, warnings: [...warnings], conventions: CONVENTIONS, backend: linalg.id };
}

function resolveInput(problem: GratingProblem, wavelength: number, ctx: SolveContext, warnings: Set<string>): Omit<Grating1dInput, 'polarization'> {
  const resolve = (spec: MaterialSpec): ComplexIndex => {
    const r = ctx.materials.resolve(spec, wavelength);
    for (const w of r.warnings) warnings.add(w);
    return { n: r.n, k: r.k };
  };
  const cover = resolve(problem.cover);
  if (cover.k !== 0) throw new ProblemError(`the cover (incidence medium) must be lossless: it has k = ${cover.k} at ${wavelength} nm; put absorbing material in a layer instead`);
  if (!(cover.n > 0)) throw new ProblemError(`the cover index must be positive (n = ${cover.n} at ${wavelength} nm)`);
  return {
    period: problem.period_nm,
    wavelength,
    angleDeg: problem.angle_deg,
    cover: cover.n,
    substrate: resolve(problem.substrate),
    harmonics: problem.harmonics,
    layers: problem.layers.map((layer) => ({
      thickness: layer.thickness_nm,
      background: resolve(layer.background),
      segments: layer.ridges.map((r) => ({ from: r.from, to: r.to, index: resolve(r.material) })),
    })),
  };
}

function propagating(wavelength: number, polarization: 'TE' | 'TM', side: GratingOrder['side'], list: readonly DiffractedOrder[]): GratingOrder[] {
  return list.flatMap((o) => (o.angleDeg === null ? [] : [{ wavelength_nm: wavelength, polarization, side, order: o.order, efficiency: o.efficiency, angle_deg: o.angleDeg }]));
}

function isLossless(input: Grating1dInput): boolean {
  return input.substrate.k === 0 && input.layers.every((l) => l.background.k === 0 && l.segments.every((s) => s.index.k === 0));
}

function checkOrders(input: Omit<Grating1dInput, 'polarization'>, wavelength: number, warnings: Set<string>): void {
  const ratio = wavelength / input.period;
  const kx0 = input.cover * Math.sin((input.angleDeg * Math.PI) / 180);
  const mediums = [
    { name: 'cover', n: input.cover },
    { name: 'substrate', n: input.substrate.n },
  ];
  let highest = 0;
  for (const medium of mediums) {
    for (let m = -Math.ceil((medium.n + Math.abs(kx0)) / ratio) - 1; m <= Math.ceil((medium.n + Math.abs(kx0)) / ratio) + 1; m++) {
      const s = Math.abs(kx0 - m * ratio) / medium.n;
      if (s < 1) highest = Math.max(highest, Math.abs(m));
      if (Math.abs(s - 1) < GRAZING_MARGIN) {
        warnings.add(`order ${m} is at grazing in the ${medium.name} at ${wavelength} nm (a Rayleigh/Wood anomaly): efficiencies change abruptly with wavelength and angle here, so sample finely or move off it`);
      }
    }
  }
  if (input.harmonics <= highest) {
    warnings.add(`under-resolved: orders up to ±${highest} propagate at ${wavelength} nm but only −${input.harmonics}…${input.harmonics} are kept; set "harmonics" well above ${highest}`);
  }
}
