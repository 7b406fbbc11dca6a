/**
 * Solves a `scattering` problem: resolves the materials at every vacuum wavelength, forms the relative
 * index m = N/n_medium and the size parameter x = 2π n_medium r/λ0 (the wavelength in the medium),
 * evaluates all wavelengths in one kernel batch (WASM when the context provides it, else the
 * TypeScript reference) and returns JSON-ready arrays with the warnings an agent should pass on.
 */
import type { MaterialResolver, MaterialSpec, ResolvedSpectrum } from '../material-spec.ts';
import { resolveSpectrum } from '../materials/spectrum.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { c } from '../complex.ts';
import { SCATTERING_CONVENTIONS } from './conventions.ts';
import type { MieKernel } from './kernel.ts';
import { COATED_IN, COATED_INPUT_STRIDE, MIE_MAX_SIZE_PARAMETER, MIE_MIN_SIZE_PARAMETER, MIE_OUT, MIE_OUTPUT_STRIDE, SPHERE_IN, SPHERE_INPUT_STRIDE } from './layout.ts';
import { outerRadiusNm, scatteringWavelengths, type ScatteringProblem } from './problem.ts';
import { sphereMultipoles } from './multipoles.ts';
import { referenceMieKernel } from './reference.ts';

/** Size parameters above this are accepted with a warning; above MIE_MAX_SIZE_PARAMETER they are refused. */
export const VALIDATED_SIZE_PARAMETER = 1e4;
/** A medium's k is dropped (with a warning) when the light it absorbs across the particle, 4πk·2r/λ0, stays below this. */
export const NEGLIGIBLE_MEDIUM_ABSORPTION = 1e-6;

export interface RelativeIndex {
  readonly n: number;
  readonly k: number;
}

export interface ScatteringResult {
  readonly kind: 'scattering';
  readonly shape: 'sphere' | 'coated_sphere';
  /** Vacuum wavelengths, nm. Every array below has one entry per wavelength, in this order. */
  readonly wavelengths_nm: number[];
  /** Real index of the surrounding medium at each wavelength. */
  readonly medium_index: number[];
  /** Radius the efficiencies are normalised by (outer radius of a coated sphere), nm. */
  readonly outer_radius_nm: number;
  /** π r², nm². */
  readonly geometric_cross_section_nm2: number;
  /** x = 2π n_medium r_outer / λ0. */
  readonly size_parameter: number[];
  /** m = N/n_medium of the sphere, or of the shell of a coated sphere. */
  readonly relative_index: RelativeIndex[];
  /** Coated spheres only: 2π n_medium r_core / λ0. */
  readonly core_size_parameter?: number[];
  /** Coated spheres only: m of the core. */
  readonly core_relative_index?: RelativeIndex[];
  readonly qext: number[];
  readonly qsca: number[];
  readonly qabs: number[];
  readonly qback: number[];
  readonly g: number[];
  readonly cext_nm2: number[];
  readonly csca_nm2: number[];
  readonly cabs_nm2: number[];
  /** Only when multipole_orders was asked for (homogeneous spheres). */
  readonly multipoles?: MultipoleTerms;
  readonly warnings: string[];
  readonly conventions: typeof SCATTERING_CONVENTIONS;
  /** Kernel that evaluated the series: 'wasm' or 'reference'. */
  readonly backend: string;
}

/** Per-order Mie terms, indexed [wavelength][order − 1]. */
export interface MultipoleTerms {
  /** The orders n = 1 … N returned. */
  readonly orders: number[];
  readonly a_re: number[][];
  readonly a_im: number[][];
  readonly b_re: number[][];
  readonly b_im: number[][];
  /** (2/x²)(2n+1)|aₙ|²: the electric 2ⁿ-pole's share of qsca. */
  readonly qsca_electric: number[][];
  /** (2/x²)(2n+1)|bₙ|²: the magnetic 2ⁿ-pole's share of qsca. */
  readonly qsca_magnetic: number[][];
}

/** The per-order terms at every wavelength (TypeScript reference recurrences; the kernels return only totals). */
function multipoleTerms(orders: number, relative: readonly RelativeIndex[], sizeParameter: readonly number[]): MultipoleTerms {
  const t = { orders: Array.from({ length: orders }, (_, i) => i + 1), a_re: [] as number[][], a_im: [] as number[][], b_re: [] as number[][], b_im: [] as number[][], qsca_electric: [] as number[][], qsca_magnetic: [] as number[][] };
  relative.forEach((m, i) => {
    const r = sphereMultipoles(c(m.n, m.k), sizeParameter[i] as number, orders);
    t.a_re.push(r.a.map((v) => v.re));
    t.a_im.push(r.a.map((v) => v.im));
    t.b_re.push(r.b.map((v) => v.re));
    t.b_im.push(r.b.map((v) => v.im));
    t.qsca_electric.push(r.qscaElectric);
    t.qsca_magnetic.push(r.qscaMagnetic);
  });
  return t;
}

const fmt = (v: number): string => Number(v.toPrecision(6)).toString();

function specName(spec: MaterialSpec): string {
  return typeof spec === 'string' ? `"${spec}"` : JSON.stringify(spec);
}

/** A material over the whole spectrum: the library words a range problem once, with a count. */
function resolveAll(materials: MaterialResolver, spec: MaterialSpec, wavelengths: readonly number[], allowGain: boolean, warnings: Set<string>): ResolvedSpectrum {
  const r = resolveSpectrum(materials, spec, wavelengths, { allowGain });
  for (const w of r.warnings) warnings.add(w);
  return r;
}

/**
 * The medium's real index at every λ0, refusing absorbing (or amplifying) media that would change the
 * answer. A negligible k (library water, k ≈ 1e-9) is dropped, with one warning for the whole spectrum.
 */
function mediumIndices(
  materials: MaterialResolver,
  spec: MaterialSpec,
  wavelengths: readonly number[],
  outerRadius: number,
  allowGain: boolean,
  warnings: Set<string>,
): number[] {
  const r = resolveAll(materials, spec, wavelengths, allowGain, warnings);
  let dropped = 0;
  let maxK = 0;
  const n = wavelengths.map((wavelength, i) => {
    const ni = r.n[i] as number;
    const ki = r.k[i] as number;
    if (!(ni > 0)) throw new ProblemError(`the medium ${specName(spec)} has n = ${ni} at ${fmt(wavelength)} nm; Mie theory needs a medium with n > 0`);
    if (ki !== 0) {
      const absorbed = (4 * Math.PI * Math.abs(ki) * 2 * outerRadius) / wavelength;
      if (absorbed >= NEGLIGIBLE_MEDIUM_ABSORPTION) {
        throw new ProblemError(
          `the medium ${specName(spec)} has k = ${ki} at ${fmt(wavelength)} nm, but the medium must be non-absorbing (k = 0): ` +
            'in an absorbing host the incident wave decays across the particle and Mie extinction/scattering cross-sections are not uniquely defined. ' +
            'Use the real part of the medium index ({"n": …, "k": 0}) if the host absorption is physically negligible.',
        );
      }
      dropped++;
      maxK = Math.max(maxK, Math.abs(ki));
    }
    return ni;
  });
  if (dropped > 0) {
    const where = wavelengths.length === 1 ? `at ${fmt(wavelengths[0] as number)} nm` : `at ${dropped} of the ${wavelengths.length} wavelengths`;
    warnings.add(
      `the medium ${specName(spec)} has k up to ${fmt(maxK)} ${where}; it was set to 0 because it absorbs less than ` +
        `${NEGLIGIBLE_MEDIUM_ABSORPTION} of the light across the particle diameter`,
    );
  }
  return n;
}

/** The particle's index relative to the medium at every wavelength. */
function particleIndices(
  materials: MaterialResolver,
  spec: MaterialSpec,
  wavelengths: readonly number[],
  nMedium: readonly number[],
  allowGain: boolean,
  warnings: Set<string>,
): RelativeIndex[] {
  const r = resolveAll(materials, spec, wavelengths, allowGain, warnings);
  if (r.k.some(isGain)) {
    warnings.add(
      `${specName(spec)} has k < 0 (gain) and allow_gain is set: Qabs is negative where the particle amplifies, and near a lasing ` +
        'threshold the Mie coefficients diverge',
    );
  }
  const relative = new Array<RelativeIndex>(wavelengths.length);
  for (let i = 0; i < wavelengths.length; i++) {
    const nMed = nMedium[i] as number;
    relative[i] = { n: (r.n[i] as number) / nMed, k: (r.k[i] as number) / nMed };
  }
  return relative;
}

const isGain = (k: number): boolean => k < 0;
const invisible = (m: RelativeIndex): boolean => Math.abs(m.n - 1) < 1e-9 && Math.abs(m.k) < 1e-9;

function setupWarnings(problem: ScatteringProblem, wavelengths: readonly number[], warnings: Set<string>): void {
  const p = problem.particle;
  const r = outerRadiusNm(p);
  if (r < 1) {
    warnings.add(`the particle radius is ${fmt(r)} nm, smaller than an atom: lengths are in nanometres (a radius in µm must be multiplied by 1000)`);
  }
  const shortest = Math.min(...wavelengths);
  if (shortest < 10) {
    warnings.add(
      `a wavelength of ${fmt(shortest)} nm is in the X-ray range: wavelengths are vacuum wavelengths in nanometres (µm × 1000; from photon energy, λ[nm] = 1239.84/E[eV])`,
    );
  }
  if (p.shape === 'coated_sphere' && p.core_radius_nm === 0) {
    warnings.add('core_radius_nm is 0: the particle is a homogeneous sphere of shell material');
  }
  if (p.shape === 'coated_sphere' && p.shell_thickness_nm === 0) {
    warnings.add('shell_thickness_nm is 0: the particle is a homogeneous sphere of core material');
  }
}

function checkSizeParameter(x: number, wavelength: number, warnings: Set<string>): void {
  if (x > MIE_MAX_SIZE_PARAMETER) {
    throw new ProblemError(
      `size parameter x = 2π n_medium r/λ0 = ${fmt(x)} at ${fmt(wavelength)} nm exceeds ${MIE_MAX_SIZE_PARAMETER}: the Mie series would need ` +
        `more than ${MIE_MAX_SIZE_PARAMETER} terms and its result is a sample of ripple structure far finer than any real size distribution; ` +
        'use geometric optics (Qext → 2) or check the units of radius_nm and wavelength_nm',
    );
  }
  if (x < MIE_MIN_SIZE_PARAMETER) {
    throw new ProblemError(
      `size parameter x = 2π n_medium r/λ0 = ${fmt(x)} at ${fmt(wavelength)} nm is below ${MIE_MIN_SIZE_PARAMETER}: the particle is that many ` +
        'times smaller than the wavelength and scatters nothing measurable (Rayleigh: Qsca ≈ (8/3)x⁴|(m²−1)/(m²+2)|²); check the units of radius_nm and wavelength_nm',
    );
  }
  if (x > VALIDATED_SIZE_PARAMETER) {
    warnings.add(
      `size parameter x = ${fmt(x)} exceeds ${VALIDATED_SIZE_PARAMETER}, the largest value this solver is validated against (Wiscombe's MIEV0 cases); ` +
        'at such sizes Qsca and Qback oscillate on very fine scales of radius and wavelength, and Qext is close to the geometric-optics limit 2',
    );
  }
}

function kernelOf(ctx: SolveContext): MieKernel {
  return ctx.kernels?.mie ?? referenceMieKernel;
}

export function solveScattering(problem: ScatteringProblem, ctx: SolveContext): ScatteringResult {
  const wavelengths = scatteringWavelengths(problem);
  const particle = problem.particle;
  const rOuter = outerRadiusNm(particle);
  const allowGain = problem.allow_gain === true;
  // A Set keeps each warning once, in first-seen order.
  const warnings = new Set<string>();
  setupWarnings(problem, wavelengths, warnings);

  if (problem.multipole_orders !== undefined && particle.shape !== 'sphere') {
    throw new ProblemError('multipole_orders is available for homogeneous spheres (shape "sphere") only; a coated sphere returns its totals');
  }
  const count = wavelengths.length;
  const mediumN: number[] = [];
  const sizeParameter: number[] = [];
  const relative: RelativeIndex[] = [];
  const coreSize: number[] = [];
  const coreRelative: RelativeIndex[] = [];
  const coated = particle.shape === 'coated_sphere';
  const stride = coated ? COATED_INPUT_STRIDE : SPHERE_INPUT_STRIDE;
  const input = new Float64Array(count * stride);

  const nMedium = mediumIndices(ctx.materials, problem.medium, wavelengths, rOuter, allowGain, warnings);
  const sphereIndex = particle.shape === 'sphere' ? particleIndices(ctx.materials, particle.material, wavelengths, nMedium, allowGain, warnings) : null;
  const coreIndex = particle.shape === 'coated_sphere' ? particleIndices(ctx.materials, particle.core_material, wavelengths, nMedium, allowGain, warnings) : null;
  const shellIndex = particle.shape === 'coated_sphere' ? particleIndices(ctx.materials, particle.shell_material, wavelengths, nMedium, allowGain, warnings) : null;

  for (let i = 0; i < count; i++) {
    const lambda = wavelengths[i] as number;
    const nMed = nMedium[i] as number;
    const k0 = (2 * Math.PI * nMed) / lambda; // wavenumber in the medium, 1/nm
    const x = k0 * rOuter;
    checkSizeParameter(x, lambda, warnings);
    mediumN.push(nMed);
    sizeParameter.push(x);
    const o = i * stride;
    if (particle.shape === 'sphere') {
      const m = (sphereIndex as RelativeIndex[])[i] as RelativeIndex;
      relative.push(m);
      input[o + SPHERE_IN.mRe] = m.n;
      input[o + SPHERE_IN.mIm] = m.k;
      input[o + SPHERE_IN.x] = x;
    } else {
      const core = (coreIndex as RelativeIndex[])[i] as RelativeIndex;
      const shell = (shellIndex as RelativeIndex[])[i] as RelativeIndex;
      const xCore = k0 * particle.core_radius_nm;
      relative.push(shell);
      coreRelative.push(core);
      coreSize.push(xCore);
      input[o + COATED_IN.m1Re] = core.n;
      input[o + COATED_IN.m1Im] = core.k;
      input[o + COATED_IN.m2Re] = shell.n;
      input[o + COATED_IN.m2Im] = shell.k;
      input[o + COATED_IN.x] = Math.min(xCore, x); // equal radii must not exceed x by rounding
      input[o + COATED_IN.y] = x;
    }
  }

  const kernel = kernelOf(ctx);
  const out = new Float64Array(count * MIE_OUTPUT_STRIDE);
  if (coated) kernel.coated(input, count, out);
  else kernel.spheres(input, count, out);

  const area = Math.PI * rOuter * rOuter;
  const qext = new Array<number>(count);
  const qsca = new Array<number>(count);
  const qback = new Array<number>(count);
  const g = new Array<number>(count);
  const qabs = new Array<number>(count);
  const cext = new Array<number>(count);
  const csca = new Array<number>(count);
  const cabs = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const o = i * MIE_OUTPUT_STRIDE;
    const e = out[o + MIE_OUT.qext] as number;
    const s = out[o + MIE_OUT.qsca] as number;
    const b = out[o + MIE_OUT.qback] as number;
    const gi = out[o + MIE_OUT.g] as number;
    if (!(Number.isFinite(e) && Number.isFinite(s) && Number.isFinite(b) && Number.isFinite(gi))) {
      const m = relative[i] as RelativeIndex;
      throw new ProblemError(
        `the Mie series did not give finite values at ${fmt(wavelengths[i] as number)} nm (x = ${fmt(sizeParameter[i] as number)}, ` +
          `m = ${fmt(m.n)} + ${fmt(m.k)}i): the index or size is outside what the solver can evaluate`,
      );
    }
    qext[i] = e;
    qsca[i] = s;
    qback[i] = b;
    g[i] = gi;
    qabs[i] = e - s;
    cext[i] = e * area;
    csca[i] = s * area;
    cabs[i] = (e - s) * area;
  }
  if (relative.some(invisible) || coreRelative.some(invisible)) {
    warnings.add('the particle index equals the medium index at some wavelengths: the particle is invisible there (Q = 0)');
  }

  return {
    kind: 'scattering',
    shape: particle.shape,
    wavelengths_nm: wavelengths,
    medium_index: mediumN,
    outer_radius_nm: rOuter,
    geometric_cross_section_nm2: area,
    size_parameter: sizeParameter,
    relative_index: relative,
    ...(coated ? { core_size_parameter: coreSize, core_relative_index: coreRelative } : {}),
    qext,
    qsca,
    qabs,
    qback,
    g,
    cext_nm2: cext,
    csca_nm2: csca,
    cabs_nm2: cabs,
    ...(problem.multipole_orders !== undefined ? { multipoles: multipoleTerms(problem.multipole_orders, relative, sizeParameter) } : {}),
    warnings: [...warnings],
    conventions: SCATTERING_CONVENTIONS,
    backend: kernel.id,
  };
}
