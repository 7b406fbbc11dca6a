/**
 * Free-space optics tasks: a planar perfect absorber and a published three-layer antireflection
 * coating (transfer matrices, photonics/tmm), a guided-mode-resonance reflection filter (1-D RCWA,
 * photonics/rcwa) and silica–gold nanoshells tuned to a wavelength (coated-sphere Mie theory,
 * photonics/mie), with the reimplementation of Oldenburg et al.'s nanoshell.
 *
 * Resonances are located by a scan that narrows in steps (a wide scan, then a fine one around its
 * highest sample, then a three-point parabola through the finest maximum), so a peak is found to a
 * small fraction of a nanometre without a dense sweep; the numerical gate doubles every sampling
 * density and, for RCWA, the Fourier harmonics.
 */
import { solvePhotonics } from '../../photonics/solve.ts';
import type { ScatteringResult } from '../../photonics/mie/solve.ts';
import type { GratingResult } from '../../photonics/rcwa/solve.ts';
import type { DesignDocument } from '../source-api.ts';
import type { DesignTaskDef, Evaluation, EvaluationContext, Gate } from '../task.ts';
import { finish, formatNumber, readParams, unusedParts, type ParamRule } from './read.ts';
import { bandMean, column, energyGate, solveStack, stackTask } from './thin-film.ts';

const rule = (min: number, max: number, unit: string, what: string): ParamRule => ({ min, max, unit, what });

/** Evenly spaced samples, both ends included; `count` grows to (count − 1)·refinement + 1 so the finer grid contains the coarser one. */
function grid(start: number, stop: number, count: number, refinement: 1 | 2): number[] {
  const n = (count - 1) * refinement + 1;
  return Array.from({ length: n }, (_, i) => start + ((stop - start) * i) / (n - 1));
}

const argmax = (v: readonly number[]): number => v.reduce((best, x, i) => (x > (v[best] as number) ? i : best), 0);

/** The vertex of the parabola through the highest sample and its neighbours (the sample itself at an end of the scan). */
function parabolicPeak(x: readonly number[], y: readonly number[]): { at: number; value: number } {
  const i = argmax(y);
  if (i === 0 || i === y.length - 1) return { at: x[i] as number, value: y[i] as number };
  const [y0, y1, y2] = [y[i - 1] as number, y[i] as number, y[i + 1] as number];
  const h = (x[i + 1] as number) - (x[i] as number);
  const denom = y0 - 2 * y1 + y2;
  if (!(denom < 0)) return { at: x[i] as number, value: y1 };
  const d = (0.5 * (y0 - y2)) / denom;
  return { at: (x[i] as number) + d * h, value: y1 - 0.25 * (y0 - y2) * d };
}

/** Full width at half maximum of the peak at `peakAt` from sorted samples by linear interpolation of the crossings; null when a crossing lies outside the samples. */
function fwhm(x: readonly number[], y: readonly number[], peakAt: number, peak: number): number | null {
  const half = peak / 2;
  let i = x.findIndex((v) => v >= peakAt);
  if (i < 0) return null;
  let lo: number | null = null;
  for (let j = i; j > 0; j--) {
    if ((y[j - 1] as number) < half && (y[j] as number) >= half) {
      lo = (x[j - 1] as number) + ((half - (y[j - 1] as number)) / ((y[j] as number) - (y[j - 1] as number))) * ((x[j] as number) - (x[j - 1] as number));
      break;
    }
  }
  let hi: number | null = null;
  for (i = Math.max(i - 1, 0); i < x.length - 1; i++) {
    if ((y[i] as number) >= half && (y[i + 1] as number) < half) {
      hi = (x[i] as number) + (((y[i] as number) - half) / ((y[i] as number) - (y[i + 1] as number))) * ((x[i + 1] as number) - (x[i] as number));
      break;
    }
  }
  return lo === null || hi === null ? null : hi - lo;
}

// ─── Planar perfect absorber (metal mirror, dielectric spacer, thin lossy metal) ────────────────

const ABSORBER_BAND = { start_nm: 1530, stop_nm: 1565, count: 15 };

export const thinFilmAbsorber = stackTask({
  task_id: 'design-thin-film-absorber',
  family: 'design',
  title: 'Planar perfect absorber for the C-band',
  physics: 'thin-film',
  spec: {
    summary:
      'A lithography-free planar absorber on a fused-silica wafer that absorbs essentially all the light of the telecom C-band arriving from air at normal incidence — for a bolometer or a stray-light trap. A thick metal mirror, a dielectric spacer and an ultrathin lossy metal is one way; the stack is yours.',
    requirements: ['Absorptance A = 1 − R − T (unpolarised, normal incidence, from air) at least 99 % at every wavelength from 1530 to 1565 nm.'],
    constraints: ['Materials Au, Ag, Cr, Ti, SiO2, Al2O3, MgF2, TiO2; each layer 3–500 nm; at most 8 layers; total thickness at most 1.5 µm.', 'Substrate: fused silica (SiO2); incidence from air.'],
    objective: { description: 'J = 1 − min A over 1530–1565 nm, in percent', unit: '%' },
  },
  c: 0.2,
  c_basis: 'engineering scale: 0.2 % of the light left unabsorbed at the worst wavelength of the band (A ≥ 99.8 %) is a good blackbody-grade absorber',
  rules: { materials: ['Au', 'Ag', 'Cr', 'Ti', 'SiO2', 'Al2O3', 'MgF2', 'TiO2'], min_layer_nm: 3, max_layer_nm: 500, max_layers: 8, max_total_nm: 1500 },
  tools: ['layer_stack'],
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.02,
  j_floor: 0.01,
  starter_source: `// A thin chromium film on a gold mirror, with a quarter-wave silica spacer at 1550 nm:
// the right idea, but the film is too thick and the spacer is not tuned for the lossy metal's phase.
stack([
  { material: 'Cr', thickness_nm: 20 },
  { material: 'SiO2', thickness_nm: 1550 / (4 * 1.444) },
  { material: 'Au', thickness_nm: 150 },
]);
`,
  reference_source: `// Asymmetric Fabry–Perot absorber: 8 nm Cr over a silica spacer on an opaque gold mirror. The Cr
// thickness (0.5 nm steps) and the spacer (2 nm steps) came from a grid search on the worst-case
// absorptance over 1530–1565 nm; the spacer is thinner than a quarter wave because the lossy
// film and the gold add reflection phase of their own.
stack([
  { material: 'Cr', thickness_nm: 8 },
  { material: 'SiO2', thickness_nm: 262 },
  { material: 'Au', thickness_nm: 150 },
]);
`,
  measure(stack, ctx) {
    const r = solveStack(stack, { incident: { n: 1, k: 0 }, substrate: 'SiO2', band: ABSORBER_BAND, refinement: ctx.refinement }, ctx);
    const A = column(r.A);
    const minA = Math.min(...A);
    const pass = minA >= 0.99;
    return {
      gates: [energyGate(r), { id: 'min-absorptance', category: 'requirement', pass, value: minA, limit: 0.99, reason: `the lowest absorptance over 1530–1565 nm is ${(minA * 100).toFixed(3)} % (at least 99 % required)` }],
      J: Math.max(0, 1 - minA) * 100,
      metrics: { min_A: minA, mean_A: bandMean(A), max_T: Math.max(...column(r.T)), total_thickness_nm: stack.reduce((a, l) => a + l.thickness_nm, 0) },
    };
  },
});

// ─── Guided-mode-resonance reflection filter (1-D RCWA) ─────────────────────────────────────────

export interface GmrDesign {
  period_nm: number;
  fill_factor: number;
  grating_depth_nm: number;
  waveguide_thickness_nm: number;
}

const GMR_PARAMS = ['period_nm', 'fill_factor', 'grating_depth_nm', 'waveguide_thickness_nm'] as const;

/** The platform of a GMR task: what the grating and the waveguide are made of, where it is read, the limits. */
interface GmrSetup {
  rules: Record<keyof GmrDesign, ParamRule>;
  /** Ridge material (the grooves are air) and the unpatterned waveguide film under them. */
  grating: string;
  waveguide: string;
  substrate: string;
  cover: { n: number; k: number };
  polarization: 'TE' | 'TM';
  target_nm: number;
  /** Half-width of the sideband window around the target, nm; the ±exclude_nm around the peak is not sideband. */
  side_half_nm: number;
  exclude_nm: number;
  /** Half-width of the window the peak is looked for in, nm (the peak must sit within ±1 nm of the target anyway). */
  search_half_nm: number;
  harmonics: number;
  min_peak_R: number;
  max_peak_offset_nm: number;
  fwhm_nm: [number, number];
  max_side_R: number;
}

interface GmrSpectrum {
  wavelengths: number[];
  R: number[];
  energyError: number;
}

function gmrSpectrum(d: GmrDesign, s: GmrSetup, wavelengths: number[], ctx: EvaluationContext): GmrSpectrum {
  const r = solvePhotonics(
    {
      kind: 'grating',
      period_nm: d.period_nm,
      cover: s.cover,
      substrate: s.substrate,
      layers: [
        { thickness_nm: d.grating_depth_nm, background: { n: 1, k: 0 }, ridges: [{ from: 0, to: d.fill_factor, material: s.grating }] },
        { thickness_nm: d.waveguide_thickness_nm, background: s.waveguide },
      ],
      polarization: s.polarization,
      harmonics: s.harmonics * ctx.refinement,
      // The numerical gate is this task's convergence check; the solver's own would double the cost.
      convergence_check: false,
      wavelengths_nm: wavelengths,
    },
    ctx.solve,
  ) as GratingResult;
  // The specular (zeroth-order) reflectance: the rules keep every other order evanescent in the band.
  const R = r.wavelengths_nm.map((w) => r.orders.find((o) => o.wavelength_nm === w && o.side === 'reflected' && o.order === 0)?.efficiency ?? 0);
  const energyError = Math.max(...r.points.map((p) => Math.abs(p.R + p.T - 1)));
  return { wavelengths: r.wavelengths_nm, R, energyError };
}

function measureGmr(d: GmrDesign, s: GmrSetup, ctx: EvaluationContext): Evaluation {
  const λ0 = s.target_nm;
  const ref = ctx.refinement;
  // 1. the sideband window at 5 nm steps (the background is smooth); 2. the search window at 0.25 nm; 3. ±0.3 nm around its best sample at 0.02 nm.
  const side = gmrSpectrum(d, s, grid(λ0 - s.side_half_nm, λ0 + s.side_half_nm, 2 * (s.side_half_nm / 5) + 1, ref), ctx);
  const local = gmrSpectrum(d, s, grid(λ0 - s.search_half_nm, λ0 + s.search_half_nm, 4 * 2 * s.search_half_nm + 1, ref), ctx);
  const best = local.wavelengths[argmax(local.R)] as number;
  const fine = gmrSpectrum(d, s, grid(best - 0.3, best + 0.3, 31, ref), ctx);
  const peak = parabolicPeak(fine.wavelengths, fine.R);
  const peakR = Math.min(1, peak.value);
  const merged = [...local.wavelengths.map((w, i) => [w, local.R[i] as number]), ...fine.wavelengths.map((w, i) => [w, fine.R[i] as number])].sort((a, b) => (a[0] as number) - (b[0] as number));
  const width = fwhm(
    merged.map((p) => p[0] as number),
    merged.map((p) => p[1] as number),
    peak.at,
    peakR,
  );
  const sideR = side.R.filter((_, i) => Math.abs((side.wavelengths[i] as number) - peak.at) > s.exclude_nm);
  const meanSide = sideR.reduce((a, v) => a + v, 0) / Math.max(1, sideR.length);
  const offset = Math.abs(peak.at - λ0);
  const energy = Math.max(side.energyError, local.energyError, fine.energyError);
  const [wMin, wMax] = s.fwhm_nm;
  const gates: Gate[] = [
    { id: 'energy-balance', category: 'numerical', pass: energy <= 1e-6, value: energy, limit: 1e-6, reason: `the lossless grating conserves energy to |R + T − 1| ≤ ${energy.toExponential(2)} at every sample (limit 1e-6)` },
    { id: 'peak-wavelength', category: 'requirement', pass: offset <= s.max_peak_offset_nm, value: peak.at, unit: 'nm', reason: `the reflection peak in ${λ0 - s.search_half_nm}–${λ0 + s.search_half_nm} nm is at ${formatNumber(peak.at)} nm, ${formatNumber(offset)} nm from the ${λ0} nm target (within ±${s.max_peak_offset_nm} nm required)` },
    { id: 'peak-reflectance', category: 'requirement', pass: peakR >= s.min_peak_R, value: peakR, limit: s.min_peak_R, reason: `the peak reflectance is ${(peakR * 100).toFixed(2)} % (at least ${s.min_peak_R * 100} % required)` },
    {
      id: 'linewidth',
      category: 'requirement',
      pass: width !== null && width >= wMin && width <= wMax,
      ...(width !== null ? { value: width } : {}),
      unit: 'nm',
      reason: width === null ? `the peak does not fall to half its height within ${λ0 - s.search_half_nm}–${λ0 + s.search_half_nm} nm: it is not a narrowband line (FWHM ${wMin}–${wMax} nm required)` : `the full width at half maximum is ${formatNumber(width)} nm (${wMin}–${wMax} nm required)`,
    },
    { id: 'sideband-reflectance', category: 'requirement', pass: meanSide <= s.max_side_R, value: meanSide, limit: s.max_side_R, reason: `the mean reflectance over ${λ0 - s.side_half_nm}–${λ0 + s.side_half_nm} nm, more than ${s.exclude_nm} nm from the peak, is ${(meanSide * 100).toFixed(2)} % (at most ${s.max_side_R * 100} %)` },
  ];
  return { gates, J: 100 * (1 - peakR + meanSide), metrics: { peak_nm: peak.at, peak_R: peakR, fwhm_nm: width ?? -1, mean_side_R: meanSide } };
}

function gmrTask(def: Omit<DesignTaskDef<GmrDesign>, 'read' | 'evaluate' | 'interface' | 'tools' | 'materials'> & { setup: GmrSetup }): DesignTaskDef<GmrDesign> {
  const { setup, ...rest } = def;
  return {
    ...rest,
    interface: [
      ...GMR_PARAMS.map((p) => `param("${p}", …): ${setup.rules[p].what}, ${setup.rules[p].unit}, ${formatNumber(setup.rules[p].min)}–${formatNumber(setup.rules[p].max)}`),
      `The layers from the cover down: a grating of ${setup.grating} ridges (from 0 to fill_factor of each period) with air grooves, grating_depth_nm deep; an unpatterned ${setup.waveguide} film waveguide_thickness_nm thick; then the ${setup.substrate} substrate. ${setup.polarization} polarisation at normal incidence from ${setup.cover.n === 1 ? 'air' : `a cover of n = ${setup.cover.n}`}.`,
    ],
    materials: [...new Set([setup.grating, setup.waveguide, setup.substrate])],
    tools: ['grating'],
    read(doc: DesignDocument) {
      const used = unusedParts(doc, { params: GMR_PARAMS });
      const p = readParams(doc, setup.rules);
      return finish(p.values, [used, ...p.gates]);
    },
    evaluate: (design, ctx) => measureGmr(design, setup, ctx),
  };
}

const SI3N4 = 'Si3N4 (Luke et al. 2015)';
const SILICA = 'SiO2 (Malitson 1965)';

export const gmrFilter = gmrTask({
  task_id: 'design-gmr-filter',
  family: 'design',
  title: 'Guided-mode-resonance notch reflector at 1550 nm',
  physics: 'rcwa',
  spec: {
    summary:
      'A narrowband reflection filter for a 1550 nm fibre-laser cavity: a partially etched silicon-nitride grating on a nitride waveguide film on fused silica that reflects a TE-polarised beam at normal incidence strongly in one narrow line at 1550 nm and lets the rest of the band through.',
    requirements: [
      'The specular reflectance peaks within ±1 nm of 1550 nm (the highest reflectance in 1545–1555 nm).',
      'Peak reflectance at least 90 %.',
      'Full width at half maximum between 0.5 and 5 nm.',
      'Mean reflectance over 1500–1600 nm, more than 10 nm from the peak, at most 5 %.',
    ],
    constraints: [
      'Period 600–1000 nm (only the zeroth order propagates in air and silica across the band); fill factor 0.2–0.8; grating depth 10–300 nm; waveguide film 50–800 nm.',
      'Si3N4 (Luke et al. 2015) ridges and film, SiO2 (Malitson 1965) substrate, air cover and grooves.',
    ],
    objective: { description: 'J = (1 − peak reflectance) + mean sideband reflectance, in percent', unit: '%' },
  },
  c: 5,
  c_basis: 'engineering scale: 5 % in total (e.g. a 99 % peak over a 4 % background; bare silica alone reflects 3.4 %) is a good GMR notch reflector',
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.05,
  j_floor: 0.2,
  setup: {
    rules: {
      period_nm: rule(600, 1000, 'nm', 'grating period'),
      fill_factor: rule(0.2, 0.8, '1', 'fraction of the period that is nitride ridge'),
      grating_depth_nm: rule(10, 300, 'nm', 'etch depth of the grating (ridge height)'),
      waveguide_thickness_nm: rule(50, 800, 'nm', 'unetched nitride film under the grating'),
    },
    grating: SI3N4,
    waveguide: SI3N4,
    substrate: SILICA,
    cover: { n: 1, k: 0 },
    polarization: 'TE',
    target_nm: 1550,
    side_half_nm: 50,
    exclude_nm: 10,
    search_half_nm: 5,
    harmonics: 8,
    min_peak_R: 0.9,
    max_peak_offset_nm: 1,
    fwhm_nm: [0.5, 5],
    max_side_R: 0.05,
  },
  starter_source: `// A first guess: the period from n_eff · period = λ with n_eff ≈ 1.7 for the nitride film,
// a half-filled grating. The resonance lands near, but not on, 1550 nm.
param('period_nm', 1550 / 1.7);
param('fill_factor', 0.5);
param('grating_depth_nm', 60);
param('waveguide_thickness_nm', 250);
`,
  reference_source: `// TE0 guided-mode resonance of the 370 nm nitride film through a shallow, narrow-ridged grating:
// film plus grating are close to a half wave thick at 1550 nm, so off resonance the stack nearly
// vanishes optically and the background is little more than bare silica's. Found by a grid over
// film thickness, depth and fill, with the period re-scaled each time to put the peak on 1550 nm.
param('period_nm', 909.09);
param('fill_factor', 0.25);
param('grating_depth_nm', 60);
param('waveguide_thickness_nm', 370);
`,
});

// ─── Silica–gold nanoshells (coated-sphere Mie theory) ──────────────────────────────────────────

export interface NanoshellDesign {
  core_radius_nm: number;
  shell_thickness_nm: number;
}

const SHELL_PARAMS = ['core_radius_nm', 'shell_thickness_nm'] as const;
const GOLD = 'Au (Johnson and Christy 1972)';
/** Water as a fixed, lossless index: the absorbing water datasets are refused as a Mie host, and the dispersion of water changes the peak by far less than the tolerances here. */
const WATER = { n: 1.333, k: 0 };

interface ShellSetup {
  rules: Record<keyof NanoshellDesign, ParamRule>;
  target_nm: number;
  /** Where the extinction maximum is looked for (vacuum wavelengths, nm). */
  scan_nm: [number, number];
  max_outer_radius_nm: number;
  /** Least Qabs/Qext at the peak (photothermal use wants the light absorbed, not scattered); 0 for none. */
  min_absorption_fraction: number;
}

function extinction(d: NanoshellDesign, wavelengths: number[], ctx: EvaluationContext): ScatteringResult {
  return solvePhotonics(
    { kind: 'scattering', particle: { shape: 'coated_sphere', core_radius_nm: d.core_radius_nm, shell_thickness_nm: d.shell_thickness_nm, core_material: SILICA, shell_material: GOLD }, medium: WATER, wavelengths_nm: wavelengths },
    ctx.solve,
  ) as ScatteringResult;
}

function measureShell(d: NanoshellDesign, s: ShellSetup, ctx: EvaluationContext): Evaluation {
  const [a, b] = s.scan_nm;
  // 5 nm steps over the scan, then 0.1 nm steps ±6 nm around its highest sample, then the parabola.
  const wide = extinction(d, grid(a, b, (b - a) / 5 + 1, ctx.refinement), ctx);
  const best = wide.wavelengths_nm[argmax(wide.qext)] as number;
  const fine = extinction(d, grid(best - 6, best + 6, 121, ctx.refinement), ctx);
  const peak = parabolicPeak(fine.wavelengths_nm, fine.qext);
  const i = argmax(fine.qext);
  const absFraction = (fine.qabs[i] as number) / (fine.qext[i] as number);
  const outer = d.core_radius_nm + d.shell_thickness_nm;
  const offset = Math.abs(peak.at - s.target_nm);
  const inside = peak.at > a + 1 && peak.at < b - 1;
  const gates: Gate[] = [
    { id: 'outer-radius', category: 'design-rule', pass: outer <= s.max_outer_radius_nm, value: outer, limit: s.max_outer_radius_nm, unit: 'nm', reason: `the outer radius is ${formatNumber(outer)} nm (at most ${s.max_outer_radius_nm} nm)` },
    {
      id: 'peak-in-band',
      category: 'requirement',
      pass: inside,
      value: peak.at,
      unit: 'nm',
      reason: inside ? `the extinction maximum over ${a}–${b} nm is at ${formatNumber(peak.at)} nm, inside the scan` : `the extinction maximum over ${a}–${b} nm sits at the end of the scan (${formatNumber(peak.at)} nm): there is no resonance peak in the band`,
    },
  ];
  if (s.min_absorption_fraction > 0) {
    gates.push({ id: 'absorption-fraction', category: 'requirement', pass: absFraction >= s.min_absorption_fraction, value: absFraction, limit: s.min_absorption_fraction, reason: `at the peak ${(absFraction * 100).toFixed(1)} % of the extinction is absorption (at least ${s.min_absorption_fraction * 100} % required)` });
  }
  return { gates, J: offset, metrics: { peak_nm: peak.at, qext_peak: peak.value, abs_fraction: absFraction, outer_radius_nm: outer } };
}

function shellTask(def: Omit<DesignTaskDef<NanoshellDesign>, 'read' | 'evaluate' | 'interface' | 'tools' | 'materials'> & { setup: ShellSetup }): DesignTaskDef<NanoshellDesign> {
  const { setup, ...rest } = def;
  return {
    ...rest,
    interface: [
      ...SHELL_PARAMS.map((p) => `param("${p}", …): ${setup.rules[p].what}, ${setup.rules[p].unit}, ${formatNumber(setup.rules[p].min)}–${formatNumber(setup.rules[p].max)}`),
      `A silica core (${SILICA}) in a gold shell (${GOLD}) in water (n = 1.333); radii, not diameters.`,
    ],
    materials: [SILICA, GOLD, 'water, n = 1.333 (lossless)'],
    tools: ['scattering'],
    read(doc: DesignDocument) {
      const used = unusedParts(doc, { params: SHELL_PARAMS });
      const p = readParams(doc, setup.rules);
      return finish(p.values, [used, ...p.gates]);
    },
    evaluate: (design, ctx) => measureShell(design, setup, ctx),
  };
}

export const plasmonicNanoantenna = shellTask({
  task_id: 'design-plasmonic-nanoantenna',
  family: 'design',
  title: 'Gold nanoshell for 808 nm photothermal heating',
  physics: 'mie',
  spec: {
    summary:
      'A silica-core gold nanoshell suspended in water whose plasmon resonance sits on an 808 nm diode laser, for photothermal therapy: the extinction must peak at 808 nm and the light taken out of the beam should mostly heat the particle rather than be scattered.',
    requirements: ['The extinction maximum (Qext over 550–1300 nm, vacuum wavelength) lies inside the scan.', 'At the peak, absorption is at least 50 % of extinction (Qabs/Qext ≥ 0.5).'],
    constraints: ['Core radius 20–150 nm; gold shell 5–40 nm (thinner shells do not close reliably in seeded growth); outer radius at most 100 nm.'],
    objective: { description: 'J = |λ_peak − 808 nm|, the distance of the extinction maximum from the laser line', unit: 'nm' },
  },
  c: 10,
  c_basis: 'engineering scale: a peak 10 nm off the laser line still absorbs most of the plasmon band (its width is > 100 nm)',
  probe_budget: 40,
  wall_clock_s: 7200,
  tolerance: 0.05,
  j_floor: 0.5,
  setup: {
    rules: { core_radius_nm: rule(20, 150, 'nm', 'silica core radius'), shell_thickness_nm: rule(5, 40, 'nm', 'gold shell thickness') },
    target_nm: 808,
    scan_nm: [550, 1300],
    max_outer_radius_nm: 100,
    min_absorption_fraction: 0.5,
  },
  starter_source: `// A common catalogue nanoshell: 50 nm core, 20 nm shell. Its resonance is well short of 808 nm.
param('core_radius_nm', 50);
param('shell_thickness_nm', 20);
`,
  reference_source: `// Small enough to absorb more than it scatters (outer radius 40.5 nm: absorption is 55 % of
// extinction), with the thinnest allowed shell to push the plasmon out to 808 nm; the core radius
// was then scanned in 0.1 nm steps (the peak moves 8.6 nm per nm of core here).
param('core_radius_nm', 35.5);
param('shell_thickness_nm', 5);
`,
});

/**
 * Oldenburg, Averitt, Westcott & Halas (1998), Chem. Phys. Lett. 288, 243 (doi:10.1016/S0009-2614(98)00277-2):
 * the paper that introduced silica–gold nanoshells, with calculated resonances for a 60 nm-radius
 * silica core under gold shells of 20, 10, 7 and 5 nm, tuning the plasmon from the visible into the
 * infrared. The published device rebuilt here is the 60 nm core with the 10 nm shell, in water.
 * The task: the same particle family, retuned to the 1064 nm Nd:YAG line.
 */
export const oldenburgNanoshell = shellTask({
  task_id: 'reimpl-oldenburg-1998-nanoshell',
  family: 'reimplementation',
  title: 'Oldenburg et al. (1998) gold nanoshell, retuned to 1064 nm',
  physics: 'mie',
  spec: {
    summary:
      'Rebuild the silica-core gold nanoshell of Oldenburg et al. (60 nm core radius, 10 nm gold shell, in water) and retune it so that its extinction maximum sits on the 1064 nm Nd:YAG line.',
    requirements: ['The extinction maximum (Qext over 550–1500 nm, vacuum wavelength) lies inside the scan.'],
    constraints: ['Core radius 30–120 nm; gold shell 5–30 nm (the paper’s thinnest shell is 5 nm); outer radius at most 130 nm.'],
    objective: { description: 'J = |λ_peak − 1064 nm|, the distance of the extinction maximum from the Nd:YAG line', unit: 'nm' },
  },
  c: 0, // set from the published device below
  c_basis: 'J of the published device as this evaluator scores it (S = 0.5 when matched)',
  citation: { doi: '10.1016/S0009-2614(98)00277-2', text: 'S. J. Oldenburg, R. D. Averitt, S. L. Westcott, N. J. Halas, "Nanoengineering of optical resonances", Chem. Phys. Lett. 288, 243–247 (1998)' },
  probe_budget: 30,
  wall_clock_s: 7200,
  tolerance: 0.05,
  j_floor: 0.5,
  setup: {
    rules: { core_radius_nm: rule(30, 120, 'nm', 'silica core radius'), shell_thickness_nm: rule(5, 30, 'nm', 'gold shell thickness') },
    target_nm: 1064,
    scan_nm: [550, 1500],
    max_outer_radius_nm: 130,
    min_absorption_fraction: 0,
  },
  starter_source: `// A template: put the published geometry here first, then retune it.
param('core_radius_nm', 40);
param('shell_thickness_nm', 15);
`,
  reference_source: `// The published device, unchanged: a 60 nm silica core with a 10 nm gold shell. It scores S = 0.5 by construction.
param('core_radius_nm', 60);
param('shell_thickness_nm', 10);
`,
});

// ─── Lockhart & King's quarter–half–quarter antireflection coating ──────────────────────────────

/** Crown glass as a fixed index (the library's BK7 table covers only the infrared). */
const CROWN_GLASS = { n: 1.52, k: 0 };
const QHQ_BAND = { start_nm: 450, stop_nm: 700, count: 51 };

/**
 * Lockhart & King (1947), J. Opt. Soc. Am. 37, 689 (doi:10.1364/JOSA.37.000689): the three-layer
 * "quarter–half–quarter" coating — a quarter-wave low-index outer layer, a half-wave high-index
 * layer and a quarter-wave medium-index layer on the glass. The structure (the order and the optical
 * thicknesses) is the paper's; the materials are the library's nearest in each role (MgF2 low,
 * HfO2 high in place of the paper-era high-index film, Al2O3 medium), and the design wavelength is
 * this task's choice, 550 nm, the middle of the visible band.
 */
export const lockhartKingQhq = stackTask({
  task_id: 'reimpl-lockhart-king-1947-qhq-ar',
  family: 'reimplementation',
  title: 'Lockhart & King (1947) quarter–half–quarter antireflection coating, improved',
  physics: 'thin-film',
  spec: {
    summary:
      'Rebuild the quarter–half–quarter three-layer antireflection coating of Lockhart & King on crown glass — λ/4 MgF2 (outer), λ/2 HfO2, λ/4 Al2O3 (next to the glass), λ = 550 nm — and lower the visible reflectance it leaves, with at most four layers.',
    requirements: ['Mean reflectance of the coated face (unpolarised, normal incidence, from air, no back-face reflection) below 2 % over 450–700 nm.'],
    constraints: ['Materials MgF2, SiO2, Al2O3, HfO2, TiO2; each layer 10–300 nm; at most 4 layers; total thickness at most 600 nm.', 'Substrate: crown glass, n = 1.52 (non-dispersive); incidence from air.'],
    objective: { description: 'J = mean R over 450–700 nm, in percent', unit: '%' },
  },
  c: 0, // set from the published device below
  c_basis: 'J of the published device as this evaluator scores it (S = 0.5 when matched)',
  citation: { doi: '10.1364/JOSA.37.000689', text: 'L. B. Lockhart, P. King, "Three-layered reflection-reducing coatings", J. Opt. Soc. Am. 37, 689–694 (1947)' },
  rules: { materials: ['MgF2', 'SiO2', 'Al2O3', 'HfO2', 'TiO2'], min_layer_nm: 10, max_layer_nm: 300, max_layers: 4, max_total_nm: 600 },
  tools: ['layer_stack'],
  probe_budget: 30,
  wall_clock_s: 7200,
  tolerance: 0.02,
  j_floor: 0.01,
  starter_source: `// A template: one quarter-wave MgF2 layer at 550 nm. Put the published coating here first, then improve it.
stack([{ material: 'MgF2', thickness_nm: 550 / (4 * 1.38) }]);
`,
  reference_source: `// The published structure at λ = 550 nm, thicknesses from the library indices there:
// MgF2 n = 1.3785 (λ/4), HfO2 n = 1.9021 (λ/2), Al2O3 n = 1.7704 (λ/4). It scores S = 0.5 by construction.
stack([
  { material: 'MgF2', thickness_nm: 550 / (4 * 1.3785) },
  { material: 'HfO2', thickness_nm: 550 / (2 * 1.9021) },
  { material: 'Al2O3', thickness_nm: 550 / (4 * 1.7704) },
]);
`,
  measure(stack, ctx) {
    const r = solveStack(stack, { incident: { n: 1, k: 0 }, substrate: CROWN_GLASS, band: QHQ_BAND, refinement: ctx.refinement }, ctx);
    const R = column(r.R);
    const mean = bandMean(R) * 100;
    return {
      gates: [energyGate(r), { id: 'mean-reflectance', category: 'requirement', pass: mean < 2, value: mean, limit: 2, unit: '%', reason: `the mean reflectance over 450–700 nm is ${formatNumber(mean)} % (below 2 % required)` }],
      J: mean,
      metrics: { mean_R_pct: mean, max_R_pct: Math.max(...R) * 100, R_550_pct: (R[Math.round(((550 - QHQ_BAND.start_nm) / (QHQ_BAND.stop_nm - QHQ_BAND.start_nm)) * (R.length - 1))] as number) * 100 },
    };
  },
});
