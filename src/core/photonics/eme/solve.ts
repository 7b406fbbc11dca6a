/**
 * Solves an `eme` problem: per vacuum wavelength (and per swept length), the power carried from the
 * launched guided mode of the first section into each guided mode of the last, the power reflected
 * into guided modes, the rest (radiation), and each section's guided n_eff. Warnings say when the
 * answer is not to be trusted: too few modes, a coarse grid or taper staircase, modes near cutoff,
 * guided fields touching the window walls, or power not balancing. TE and TM (problem.polarization)
 * share everything but the transverse operator and the overlap weights (see transverse-modes.ts and
 * smatrix.ts); in both a mode of amplitude a carries power ∝ β|a|², so the power sums are the same.
 */
import { progressReporter } from '../progress.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { MaterialSpec } from '../material-spec.ts';
import type { EmeProblem, EmeSection } from './problem.ts';
import { makeGrid, rasteriseCrossSection, rasteriseTmCrossSection, type ResolvedCore, type TransverseGrid } from './cross-section.ts';
import { cascadeDevice, solveSliceModes, type JunctionCache, type Slice, type SliceModes } from './cascade.ts';
import { deviceFieldMap, type EmeFieldMap } from './field-map.ts';
import type { SMatrix } from './smatrix.ts';
import type { TransverseModes } from './transverse-modes.ts';

/** |1 − (all propagating power out)| above which the truncated basis is said to lose power. */
export const POWER_BALANCE_TOLERANCE = 1e-3;
/** Guided-transmission change between the full basis and 60 % of it above which the answer is called unconverged. */
export const CONVERGENCE_TOLERANCE = 5e-3;
/** Share of the modes the convergence check keeps. */
export const CONVERGENCE_CHECK_SHARE = 0.6;
/** A guided mode with n_eff − n_cladding below this is near cutoff. */
export const NEAR_CUTOFF_MARGIN = 2e-3;
/** Share of a guided mode's power in the outer cells next to each wall above which the window is too narrow. */
export const WALL_POWER_TOLERANCE = 1e-4;
/** Fewer taper steps than this is a coarse staircase. */
export const MIN_TAPER_STEPS = 10;
/**
 * Fundamental-mode mismatch 1 − |⟨a₀|b₀⟩|² between neighbouring taper steps above which the staircase
 * is coarse: each step then scatters that much power, which a smooth taper would not.
 */
export const TAPER_STEP_MISMATCH_TOLERANCE = 1e-3;
/** Grid steps per wavelength in the core material below which the transverse grid is coarse. */
export const POINTS_PER_WAVELENGTH = 12;
/** Grid steps across the narrowest core below which its modes are under-resolved. */
export const POINTS_PER_CORE = 10;

export interface EmeSectionModes {
  readonly section: number;
  /** Guided n_eff at the section's start (the first step of a taper), largest first. */
  readonly n_eff: number[];
  /** For a taper, the guided n_eff of its last step. */
  readonly n_eff_end: number[] | null;
}

/** Power from the launched mode into one guided output mode. */
export interface EmeTransmissionRow {
  readonly wavelength_nm: number;
  /** The swept section's length, µm, or null without a sweep. */
  readonly length_um: number | null;
  readonly output_mode: number;
  readonly T: number;
}

export interface EmeTotalsRow {
  readonly wavelength_nm: number;
  readonly length_um: number | null;
  /** Power into all guided modes of the last section. */
  readonly T_guided: number;
  /** Power reflected into guided modes of the first section. */
  readonly R_guided: number;
  /** 1 − T_guided − R_guided: power into radiation (box modes) and lost by truncation. */
  readonly radiated: number;
  /** |1 − total propagating power out|: zero for an exact lossless solve; truncation makes it grow. */
  readonly power_balance_error: number;
}

export interface EmeResult {
  readonly kind: 'eme';
  readonly polarization: 'TE' | 'TM';
  readonly wavelengths_nm: number[];
  readonly input_mode: number;
  readonly grid: { readonly points: number; readonly step_nm: number; readonly modes_kept: number };
  /** Per section, at the first wavelength. */
  readonly sections: EmeSectionModes[];
  readonly transmission: EmeTransmissionRow[];
  readonly totals: EmeTotalsRow[];
  /** The mode-count check, when it ran: modes kept and the largest change of any guided T (first wavelength). */
  readonly convergence: { readonly check_modes: number; readonly max_change: number } | null;
  /**
   * |field|² through the device at the first wavelength, the sections at their own lengths (the
   * shared `maps` contract: z along the horizontal axis, x up); absent when too big to keep.
   */
  readonly maps?: EmeFieldMap[];
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  readonly backend: 'reference';
}

const POLARIZATION_CONVENTIONS: Record<'TE' | 'TM', { polarization: string; method: string }> = {
  TE: {
    polarization: 'TE: E along y; mode fields satisfy d²E/dx² + k₀²n²E = β²E with E = 0 on the window walls',
    method: 'eigenmode expansion: finite-difference transverse modes in a closed window (box modes stand in for radiation), mode matching of E_y and H_x at each junction, exp(−iβL) propagation, Redheffer star product; tapers as uniform staircases',
  },
  TM: {
    polarization: 'TM: H along y (E in the x–z plane); mode fields satisfy ε d/dx(ε⁻¹ dH/dx) + k₀²εH = β²H with H = 0 on the window walls (magnetic walls); ε⁻¹ is harmonically averaged between grid points, modes are orthonormal in ∫H²/ε dx',
    method: 'eigenmode expansion: finite-difference transverse modes in a closed window (box modes stand in for radiation), mode matching of H_y and E_x = βH_y/(ωε) at each junction (overlaps weighted by 1/ε), exp(−iβL) propagation, Redheffer star product; tapers as uniform staircases',
  },
};

function conventions(polarization: 'TE' | 'TM'): Record<string, string> {
  const own = POLARIZATION_CONVENTIONS[polarization];
  return {
    wavelength: 'vacuum wavelength in nm',
    geometry: 'x across (µm, 0 = window centre), z along the device from the first section (input, left) to the last (output, right); 2-D, uniform along y',
    polarization: own.polarization,
    maps: 'maps[0], when present: |field|² at the first wavelength with the sections at their own lengths (a sweep does not change it), launched mode of unit amplitude; horizontal axis z from the input (nm), vertical axis x (nm); normalised to its peak and rounded to 1e-4 of it',
    modes: 'ordered by n_eff = β/k₀, largest first; mode 0 is the fundamental; guided means n_eff above the cladding index',
    transmission: 'T: power in the output guided mode over the launched power (|S21|² scaled by β_out/β_in); R likewise in reflection',
    method: own.method,
  };
}

interface SliceInfo extends Slice {
  readonly section: number;
  readonly narrowestCoreUm: number;
}

export function solveEme(problem: EmeProblem, ctx: SolveContext): EmeResult {
  const wavelengths = wavelengthGrid(problem);
  const grid = makeGrid(problem.window_um, problem.grid_nm);
  const modeCount = Math.min(problem.modes, grid.points);
  const warnings = new Set<string>();
  if (modeCount < problem.modes) warnings.add(`only ${grid.points} grid points: keeping all ${modeCount} modes instead of ${problem.modes}`);
  const sweep = problem.sweep;
  const transmission: EmeTransmissionRow[] = [];
  const totals: EmeTotalsRow[] = [];
  let sections: EmeSectionModes[] = [];
  let convergence: EmeResult['convergence'] = null;
  let fieldMap: EmeFieldMap | null = null;
  // One step per cascaded device (wavelength × swept length): the modes and junctions before each
  // wavelength's first step are the slow part without a sweep, the star products with a long one.
  const perWavelength = sweep?.lengths_um.length ?? 1;
  const progress = progressReporter(ctx.onProgress, sweep === undefined ? 'wavelength' : 'length', wavelengths.length * perWavelength);
  for (const [wi, wavelength] of wavelengths.entries()) {
    const k0 = (2 * Math.PI) / (wavelength / 1000);
    const { slices, claddingIndex, maxIndex } = buildSlices(problem, grid, wavelength, ctx, warnings);
    const modes = solveSliceModes(slices, grid.dx, k0, modeCount);
    const guidedCut = k0 * k0 * claddingIndex * claddingIndex;
    const first = modesFor(modes, slices[0] as Slice);
    const last = modesFor(modes, slices[slices.length - 1] as Slice);
    const launched = first.modes.betaSquared[problem.input_mode];
    if (launched === undefined || launched <= guidedCut) {
      throw new ProblemError(`input_mode ${problem.input_mode} is not guided by the first section at ${wavelength} nm (it guides ${guidedCount(first, guidedCut)} mode(s)); launch a lower mode or widen the input core`);
    }
    if (wi === 0) {
      sections = sectionModes(problem.sections, slices, modes, k0, guidedCut);
      checkResolution(grid, slices, wavelength, maxIndex, warnings);
      checkModes(slices, modes, grid, k0, claddingIndex, guidedCut, modeCount, warnings);
      checkTapers(problem.sections, slices, modes, grid.dx, warnings);
    }
    const sweptSlice = sweep === undefined ? undefined : slices.findIndex((s) => s.section === sweep.section);
    const lengths = sweep?.lengths_um ?? [null];
    // Modes change with the wavelength, so junctions are shared only within one.
    const junctions: JunctionCache = new Map();
    const results = cascadeDevice(slices, modes, grid.dx, { sweptSlice, lengthsOfSwept: sweep?.lengths_um ?? [], onCascaded: (done) => progress.step(wi * perWavelength + done), junctions });
    if (wi === 0 && problem.field_map) fieldMap = deviceFieldMap(slices, modes, grid, problem.input_mode, mapLabels(problem.polarization, wavelength), junctions);
    const checkCount = Math.round(CONVERGENCE_CHECK_SHARE * modeCount);
    // The check basis is the first modes of the full one (the eigenvectors do not depend on how many are kept).
    const check = wi === 0 && problem.convergence_check && checkCount > problem.input_mode && checkCount >= 2 ? cascadeDevice(slices, truncateModes(modes, checkCount), grid.dx, { sweptSlice, lengthsOfSwept: sweep?.lengths_um ?? [] }) : null;
    let maxChange = 0;
    for (const [li, s] of results.entries()) {
      const length = lengths[li] ?? null;
      const out = powerOut(s, first, last, problem.input_mode, guidedCut);
      out.guided.forEach((T, n) => transmission.push({ wavelength_nm: wavelength, length_um: length, output_mode: n, T }));
      const tGuided = out.guided.reduce((a, b) => a + b, 0);
      totals.push({ wavelength_nm: wavelength, length_um: length, T_guided: tGuided, R_guided: out.reflectedGuided, radiated: 1 - tGuided - out.reflectedGuided, power_balance_error: out.balanceError });
      const checked = check?.[li];
      if (checked) {
        const fewer = powerOut(checked, truncateOne(first, checkCount), truncateOne(last, checkCount), problem.input_mode, guidedCut).guided;
        out.guided.forEach((T, n) => (maxChange = Math.max(maxChange, Math.abs(T - (fewer[n] ?? 0)))));
      }
      if (out.balanceError > POWER_BALANCE_TOLERANCE) {
        warnings.add(`power does not balance (error up to ${out.balanceError.toExponential(1)} > ${POWER_BALANCE_TOLERANCE}): a lossless device must send all launched power somewhere, so the junctions are ill-conditioned or the basis too small; raise "modes" or refine grid_nm`);
      }
    }
    if (check) {
      convergence = { check_modes: checkCount, max_change: maxChange };
      if (maxChange > CONVERGENCE_TOLERANCE) {
        warnings.add(`not converged in the mode count: a guided T moved by ${maxChange.toExponential(1)} between ${checkCount} and ${modeCount} modes (> ${CONVERGENCE_TOLERANCE}); raise "modes" (and widen the window if radiation matters)`);
      }
    }
  }
  return {
    kind: 'eme',
    polarization: problem.polarization,
    wavelengths_nm: wavelengths,
    input_mode: problem.input_mode,
    grid: { points: grid.points, step_nm: grid.dx * 1000, modes_kept: modeCount },
    sections,
    transmission,
    totals,
    convergence,
    ...(fieldMap ? { maps: [fieldMap] } : {}),
    warnings: [...warnings],
    conventions: conventions(problem.polarization),
    backend: 'reference',
  };
}

function mapLabels(polarization: 'TE' | 'TM', wavelength: number): { title: string; quantity: string } {
  const component = polarization === 'TE' ? 'E_y' : 'H_y';
  return { title: `${polarization} field through the device at ${wavelength} nm (z along, x across)`, quantity: `|${component}|² (normalised)` };
}

function truncateOne(m: SliceModes, count: number): SliceModes {
  return {
    // The TM weight belongs to the grid, not to a mode: it is kept whole.
    modes: { ...m.modes, betaSquared: m.modes.betaSquared.slice(0, count), fields: m.modes.fields.slice(0, count) },
    betas: { re: m.betas.re.slice(0, count), im: m.betas.im.slice(0, count) },
  };
}

function truncateModes(modes: ReadonlyMap<string, SliceModes>, count: number): Map<string, SliceModes> {
  return new Map([...modes].map(([key, m]) => [key, truncateOne(m, count)]));
}

function modesFor(modes: ReadonlyMap<string, SliceModes>, slice: Slice): SliceModes {
  const m = modes.get(slice.key);
  if (!m) throw new Error(`no modes for cross-section ${slice.key}`);
  return m;
}

function guidedCount(m: SliceModes, guidedCut: number): number {
  return Array.from(m.modes.betaSquared).filter((b2) => b2 > guidedCut).length;
}

function realIndex(spec: MaterialSpec, wavelength: number, what: string, ctx: SolveContext, warnings: Set<string>): number {
  const r = ctx.materials.resolve(spec, wavelength);
  for (const w of r.warnings) warnings.add(w);
  if (r.k !== 0) throw new ProblemError(`${what} has k = ${r.k} at ${wavelength} nm: the EME solver takes lossless (k = 0) materials only`);
  return r.n;
}

/** The device as uniform slices at one wavelength: uniform sections as they are, tapers as staircases. */
function buildSlices(problem: EmeProblem, grid: TransverseGrid, wavelength: number, ctx: SolveContext, warnings: Set<string>): { slices: SliceInfo[]; claddingIndex: number; maxIndex: number } {
  const claddingIndex = realIndex(problem.cladding, wavelength, 'the cladding', ctx, warnings);
  let maxIndex = claddingIndex;
  const slices: SliceInfo[] = [];
  for (const [si, section] of problem.sections.entries()) {
    const indices = section.cores.map((c, ci) => realIndex(c.material, wavelength, `core ${ci} of section ${si}`, ctx, warnings));
    const ends = [...section.cores, ...(section.taper_to ?? [])];
    if (ends.some((c) => Math.abs(c.center_um) + c.width_um / 2 > problem.window_um / 2)) {
      warnings.add(`a core of section ${si} reaches past the window walls (±${problem.window_um / 2} µm) and is cut there; widen window_um`);
    }
    for (const n of indices) maxIndex = Math.max(maxIndex, n);
    const steps = section.taper_to === undefined ? 1 : section.taper_steps;
    for (let k = 0; k < steps; k++) {
      // Each step takes the taper's cross-section at its middle.
      const t = section.taper_to === undefined ? 0 : (k + 0.5) / steps;
      const cores: ResolvedCore[] = section.cores.map((c, ci) => {
        const end = section.taper_to?.[ci] ?? c;
        return { centerUm: c.center_um + t * (end.center_um - c.center_um), widthUm: c.width_um + t * (end.width_um - c.width_um), indexSquared: (indices[ci] as number) ** 2 };
      });
      const key = cores.map((c) => `${c.centerUm}:${c.widthUm}:${c.indexSquared}`).join('|');
      slices.push({
        section: si,
        lengthUm: section.length_um / steps,
        key,
        indexSquared: rasteriseCrossSection(grid, claddingIndex * claddingIndex, cores),
        ...(problem.polarization === 'TM' ? { tm: rasteriseTmCrossSection(grid, claddingIndex * claddingIndex, cores) } : {}),
        narrowestCoreUm: Math.min(Infinity, ...cores.map((c) => c.widthUm)),
      });
    }
  }
  return { slices, claddingIndex, maxIndex };
}

function neffs(m: SliceModes, k0: number, guidedCut: number): number[] {
  return Array.from(m.modes.betaSquared)
    .filter((b2) => b2 > guidedCut)
    .map((b2) => Math.sqrt(b2) / k0);
}

function sectionModes(sections: readonly EmeSection[], slices: readonly SliceInfo[], modes: ReadonlyMap<string, SliceModes>, k0: number, guidedCut: number): EmeSectionModes[] {
  return sections.map((section, si) => {
    const own = slices.filter((s) => s.section === si);
    const start = own[0] as SliceInfo;
    const end = own[own.length - 1] as SliceInfo;
    return {
      section: si,
      n_eff: neffs(modesFor(modes, start), k0, guidedCut),
      n_eff_end: section.taper_to === undefined ? null : neffs(modesFor(modes, end), k0, guidedCut),
    };
  });
}

/** Power from the launched mode into each guided output mode, guided reflection, and the power balance. */
function powerOut(s: SMatrix, first: SliceModes, last: SliceModes, input: number, guidedCut: number): { guided: number[]; reflectedGuided: number; balanceError: number } {
  const m = s.s21.cols;
  const betaIn = first.betas.re[input] as number;
  const guided: number[] = [];
  let reflectedGuided = 0;
  let total = 0;
  for (let n = 0; n < m; n++) {
    const t = (s.s21.re[n * m + input] as number) ** 2 + (s.s21.im[n * m + input] as number) ** 2;
    const r = (s.s11.re[n * m + input] as number) ** 2 + (s.s11.im[n * m + input] as number) ** 2;
    // Evanescent modes (β real part 0) carry no power.
    const tPower = (t * (last.betas.re[n] as number)) / betaIn;
    const rPower = (r * (first.betas.re[n] as number)) / betaIn;
    total += tPower + rPower;
    if ((last.modes.betaSquared[n] as number) > guidedCut) guided.push(tPower);
    if ((first.modes.betaSquared[n] as number) > guidedCut) reflectedGuided += rPower;
  }
  return { guided, reflectedGuided, balanceError: Math.abs(1 - total) };
}

function checkResolution(grid: TransverseGrid, slices: readonly SliceInfo[], wavelength: number, maxIndex: number, warnings: Set<string>): void {
  const perWavelength = wavelength / 1000 / maxIndex / grid.dx;
  if (perWavelength < POINTS_PER_WAVELENGTH) {
    warnings.add(`under-resolved grid: ${perWavelength.toFixed(1)} steps per wavelength in the highest index (n = ${maxIndex}); use grid_nm ≤ ${Math.floor(wavelength / maxIndex / POINTS_PER_WAVELENGTH)}`);
  }
  const narrowest = Math.min(...slices.map((s) => s.narrowestCoreUm));
  if (Number.isFinite(narrowest) && narrowest / grid.dx < POINTS_PER_CORE) {
    warnings.add(`under-resolved core: the narrowest core (${narrowest.toFixed(3)} µm) spans only ${(narrowest / grid.dx).toFixed(1)} grid steps; use grid_nm ≤ ${Math.floor((narrowest * 1000) / POINTS_PER_CORE)}`);
  }
}

/** One warning per cause (the worst case named), not one per slice and mode: a taper has many slices. */
function checkModes(slices: readonly SliceInfo[], modes: ReadonlyMap<string, SliceModes>, grid: TransverseGrid, k0: number, claddingIndex: number, guidedCut: number, modeCount: number, warnings: Set<string>): void {
  const wallCells = Math.max(1, Math.round(0.05 * grid.points));
  const isPort = (slice: SliceInfo) => slice === slices[0] || slice === slices[slices.length - 1];
  let truncated: { section: number; guided: number } | null = null;
  let few: { section: number; guided: number } | null = null;
  let nearCutoff: { section: number; mode: number; neff: number } | null = null;
  let nearCutoffCount = 0;
  let atWall: { section: number; mode: number; share: number } | null = null;
  let atWallCount = 0;
  for (const slice of slices) {
    const m = modesFor(modes, slice);
    const guided = guidedCount(m, guidedCut);
    const propagating = Array.from(m.modes.betaSquared).filter((b2) => b2 > 0).length;
    if (propagating >= modeCount && modeCount < grid.points) truncated ??= { section: slice.section, guided };
    else if (modeCount < 2 * guided + 10 && (few === null || guided > few.guided)) few = { section: slice.section, guided };
    for (let j = 0; j < guided; j++) {
      const neff = Math.sqrt(m.modes.betaSquared[j] as number) / k0;
      if (neff - claddingIndex < NEAR_CUTOFF_MARGIN) {
        // Near cutoff a mode's tail reaches the walls by nature, so the wall check skips it. Only the
        // ports' modes are reported: inside the device such a mode is just one more basis function.
        if (!isPort(slice)) continue;
        nearCutoffCount++;
        if (nearCutoff === null || neff < nearCutoff.neff) nearCutoff = { section: slice.section, mode: j, neff };
        continue;
      }
      const field = m.modes.fields[j] as Float64Array;
      // Power density ∝ field² times the inner product's weight (1/ε for TM): shares of a normalised mode.
      const w = (i: number) => (field[i] as number) ** 2 * (m.modes.weight?.[i] ?? 1);
      let share = 0;
      for (let i = 0; i < wallCells; i++) share += (w(i) + w(field.length - 1 - i)) * grid.dx;
      if (share > WALL_POWER_TOLERANCE) {
        atWallCount++;
        if (atWall === null || share > atWall.share) atWall = { section: slice.section, mode: j, share };
      }
    }
  }
  if (truncated) warnings.add(`too few modes: section ${truncated.section} keeps ${modeCount} modes, all propagating (guided ${truncated.guided}); radiation is cut off — raise "modes" well past the propagating ones`);
  if (few) warnings.add(`few modes: section ${few.section} guides ${few.guided} mode(s) and only ${modeCount} are kept; keep at least ${2 * few.guided + 10} and check that T does not move`);
  if (nearCutoff) {
    warnings.add(`${nearCutoffCount} guided mode(s) near cutoff, e.g. mode ${nearCutoff.mode} of section ${nearCutoff.section} (n_eff = ${nearCutoff.neff.toFixed(5)}, cladding ${claddingIndex}): their tails reach far out, so they depend on window_um and grid_nm; treat their numbers with care`);
  }
  if (atWall) {
    warnings.add(`window too narrow: ${atWallCount} guided mode(s) have over ${WALL_POWER_TOLERANCE * 100} % of their power next to the walls (worst: mode ${atWall.mode} of section ${atWall.section}, ${(atWall.share * 100).toPrecision(2)} %); widen window_um`);
  }
}

function checkTapers(sections: readonly EmeSection[], slices: readonly SliceInfo[], modes: ReadonlyMap<string, SliceModes>, dx: number, warnings: Set<string>): void {
  for (const [si, section] of sections.entries()) {
    if (section.taper_to === undefined) continue;
    if (section.taper_steps < MIN_TAPER_STEPS) warnings.add(`coarse taper: section ${si} is cut into only ${section.taper_steps} steps; use at least ${MIN_TAPER_STEPS} and check T does not move when doubling taper_steps`);
    const own = slices.filter((s) => s.section === si);
    let worst = 0;
    for (let k = 1; k < own.length; k++) {
      const a = modesFor(modes, own[k - 1] as Slice).modes;
      const b = modesFor(modes, own[k] as Slice).modes;
      worst = Math.max(worst, 1 - fundamentalCoupling(a, b, dx));
    }
    if (worst > TAPER_STEP_MISMATCH_TOLERANCE) {
      warnings.add(`coarse taper: in section ${si} each step loses up to ${worst.toExponential(1)} of the fundamental's power to mode mismatch (> ${TAPER_STEP_MISMATCH_TOLERANCE}); raise taper_steps`);
    }
  }
}

/**
 * Power coupling between two sections' fundamentals, ⟨a|b⟩_b ⟨b|a⟩_a (each in its section's inner
 * product): |⟨a|b⟩|² for TE; for TM the normalised ∫E_x,a H_y,b · ∫E_x,b H_y,a, the 1/ε weights
 * being those of the two sections.
 */
function fundamentalCoupling(a: TransverseModes, b: TransverseModes, dx: number): number {
  const fa = a.fields[0] as Float64Array;
  const fb = b.fields[0] as Float64Array;
  let inB = 0;
  let inA = 0;
  for (let i = 0; i < fa.length; i++) {
    const p = (fa[i] as number) * (fb[i] as number) * dx;
    inB += p * (b.weight?.[i] ?? 1);
    inA += p * (a.weight?.[i] ?? 1);
  }
  return inA * inB;
}
