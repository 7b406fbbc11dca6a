/**
 * Integrated-optics tasks on the 2-D eigenmode-expansion engine (photonics/eme): MMI splitters and
 * couplers and a directional coupler, in the effective-index picture — the TE0 index of a 220 nm Si
 * (or, for one reimplementation, 400 nm Si3N4) slab in SiO2, solved per wavelength from the
 * library's data, as the core, SiO2 around it. The Soldano & Pennings (1995) reimplementations lay
 * out MMIs by the paper's self-imaging rules; the paper states rules, not dimensions for these
 * platforms, so their reference sources derive the dimensions and say so.
 *
 * The evaluator drives the EME cascade directly (cascade.ts) rather than through solveEme, because a
 * splitter is scored per output *port*, and the last section of a splitter guides supermodes of the
 * output waveguides together. So: the launched field is the isolated access waveguide's fundamental,
 * expanded in the first section's modes; the cascade's S21 carries it to the last section; its guided
 * part is projected onto each output waveguide's isolated fundamental, which gives the power and
 * phase in each port. Power in higher-order or radiation modes counts as loss.
 *
 * The numerical gate (refinement 2) halves the transverse grid and doubles the modes kept; the window
 * stays (its walls are 2–3 µm of cladding from the outermost guide, where the guided tails are gone).
 */
import { cascadeDevice, solveSliceModes, type Slice, type SliceModes } from '../../photonics/eme/cascade.ts';
import { makeGrid, rasteriseCrossSection, type TransverseGrid } from '../../photonics/eme/cross-section.ts';
import { solveTransverseModes } from '../../photonics/eme/transverse-modes.ts';
import { solveSlabModes } from '../../photonics/slab/dispersion.ts';
import type { SolveContext } from '../../photonics/solve-context.ts';
import type { DesignDocument } from '../source-api.ts';
import type { DesignTaskDef, Evaluation, EvaluationContext, Gate } from '../task.ts';
import { finish, formatNumber, readParams, unusedParts, type ParamRule } from './read.ts';

const OX = 'SiO2 (Malitson 1965)';

/** A guiding layer in SiO2, reduced to a 2-D effective-index model (its slab TE0 index as the core). */
export interface Platform {
  /** Library dataset of the guiding layer. */
  core: string;
  thickness_nm: number;
  /** Cladding between the outermost core and each window wall, µm: guided tails are below ~e⁻¹⁸ there. */
  margin_um: number;
  /** The slab TE0 index at 1550 nm, rounded, for the words of the spec. */
  n_eff_1550: number;
  label: string;
}

export const SOI: Platform = { core: 'Si (Li 1993, 293 K)', thickness_nm: 220, margin_um: 2, n_eff_1550: 2.8475, label: '220 nm SOI' };
/** Lower index contrast: the paraxial self-imaging rules hold to ~1 % here, not ~4 % as in SOI. */
export const SIN: Platform = { core: 'Si3N4 (Luke et al. 2015)', thickness_nm: 400, margin_um: 3, n_eff_1550: 1.7436, label: '400 nm Si3N4' };

/** Grid and modes of one refinement. */
export interface Resolution {
  grid_nm: number;
  /** Modes kept: at least this, and at least 2 × the widest core's guided modes + 10, times `scale`. */
  modes: number;
  scale: 1 | 2;
}
/** MMIs: a 20 nm grid is ~27 steps per wavelength in the Si core; 40 modes are 3–4 × the guided modes of a 3–4 µm SOI MMI. */
const MMI_RESOLUTION: Record<1 | 2, Resolution> = {
  1: { grid_nm: 20, modes: 40, scale: 1 },
  2: { grid_nm: 10, modes: 40, scale: 2 },
};
/** The coupler's split hangs on the evanescent overlap across a 0.15–0.5 µm gap, so its grid is finer; one section, so it is cheap. */
const COUPLER_RESOLUTION: Record<1 | 2, Resolution> = {
  1: { grid_nm: 10, modes: 20, scale: 1 },
  2: { grid_nm: 5, modes: 20, scale: 2 },
};

interface Core {
  /** Centre across the window, µm. */
  c: number;
  /** Width, µm. */
  w: number;
}

/** A uniform piece of the device along z. (Tapers are not modelled: ports sit at the facets, see PORT_MODEL.) */
interface Piece {
  length: number;
  cores: Core[];
}

export interface PortResult {
  /** Power in the port's fundamental over the launched power. */
  P: number;
  /** Phase of the port amplitude, rad. */
  phase: number;
}

export interface DeviceResult {
  wavelength_nm: number;
  ports: PortResult[];
  /** Power reflected into propagating modes of the first section. */
  R: number;
  /** |1 − (all propagating power out, both ends)|: the passivity / power-balance check. */
  balance: number;
}

/** Core (slab TE0) and cladding (SiO2) indices of the effective-index model at one wavelength. */
export function platformIndices(platform: Platform, wavelength_nm: number, ctx: SolveContext): { core: number; clad: number } {
  const film = ctx.materials.resolve(platform.core, wavelength_nm).n;
  const ox = ctx.materials.resolve(OX, wavelength_nm).n;
  const [te0] = solveSlabModes({ core: film, cover: ox, substrate: ox, thickness_nm: platform.thickness_nm, wavelength_nm }, 'TE');
  if (!te0) throw new Error(`the ${platform.label} slab guides no TE mode at ${wavelength_nm} nm`);
  return { core: te0.n_eff, clad: ox };
}

const extent = (pieces: readonly Piece[]): number => Math.max(...pieces.flatMap((p) => p.cores.map((k) => Math.abs(k.c) + k.w / 2)));

function slicesOf(pieces: readonly Piece[], grid: TransverseGrid, core2: number, clad2: number): Slice[] {
  return pieces.map((p) => {
    const cores = p.cores.map((k) => ({ centerUm: k.c, widthUm: k.w, indexSquared: core2 }));
    return { lengthUm: p.length, key: cores.map((x) => `${x.centerUm}:${x.widthUm}`).join('|'), indexSquared: rasteriseCrossSection(grid, clad2, cores) };
  });
}

/** The isolated fundamental of one waveguide on the window's grid (field, β). */
function isolatedMode(core: Core, grid: TransverseGrid, core2: number, clad2: number, k0: number): { field: Float64Array; beta: number } {
  const m = solveTransverseModes(rasteriseCrossSection(grid, clad2, [{ centerUm: core.c, widthUm: core.w, indexSquared: core2 }]), grid.dx, k0, 1);
  return { field: m.fields[0] as Float64Array, beta: Math.sqrt(m.betaSquared[0] as number) };
}

/** Eigenvalues and eigenvectors (columns, row-major) of a small symmetric matrix by cyclic Jacobi rotations. */
function symmetricEigen(a0: readonly number[][]): { values: number[]; vectors: number[][] } {
  const n = a0.length;
  const a = a0.map((r) => [...r]);
  const v: number[][] = a0.map((_, i) => a0.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += (a[p]![q] as number) ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = ((a[q]![q] as number) - (a[p]![p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1);
        const sn = t * cs;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p] as number;
          const akq = a[k]![q] as number;
          a[k]![p] = cs * akp - sn * akq;
          a[k]![q] = sn * akp + cs * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k] as number;
          const aqk = a[q]![k] as number;
          a[p]![k] = cs * apk - sn * aqk;
          a[q]![k] = sn * apk + cs * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p] as number;
          const vkq = v[k]![q] as number;
          v[k]![p] = cs * vkp - sn * vkq;
          v[k]![q] = sn * vkp + cs * vkq;
        }
      }
  }
  return { values: a.map((r, i) => r[i] as number), vectors: v };
}

/**
 * The fundamentals of a set of side-by-side waveguides, made orthonormal with the least change
 * (Löwdin: U S^{−½}, S their Gram matrix). Isolated modes of guides 0.2 µm apart overlap, and
 * projecting on them directly would count the overlap twice — the port powers could add up to more
 * than the power that arrives.
 */
function portModes(cores: readonly Core[], grid: TransverseGrid, core2: number, clad2: number, k0: number): { field: Float64Array; beta: number }[] {
  const iso = cores.map((c) => isolatedMode(c, grid, core2, clad2, k0));
  const gram = iso.map((a) => iso.map((b) => dotDx(a.field, b.field, grid.dx)));
  const { values, vectors } = symmetricEigen(gram);
  const n = iso.length;
  // S^{−½} = V diag(λ^{−½}) Vᵀ.
  const inv = iso.map((_, i) => iso.map((__, j) => values.reduce((acc, l, k) => acc + ((vectors[i]![k] as number) * (vectors[j]![k] as number)) / Math.sqrt(l), 0)));
  return iso.map((p, pi) => {
    const field = new Float64Array(grid.points);
    for (let q = 0; q < n; q++) {
      const w = inv[q]![pi] as number;
      const f = iso[q]!.field;
      for (let i = 0; i < grid.points; i++) field[i] = (field[i] as number) + w * (f[i] as number);
    }
    return { field, beta: p.beta };
  });
}

function dotDx(a: Float64Array, b: Float64Array, dx: number): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s * dx;
}

function project(field: Float64Array, modes: SliceModes, count: number, dx: number): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const e = modes.modes.fields[n] as Float64Array;
    let s = 0;
    for (let i = 0; i < e.length; i++) s += (e[i] as number) * (field[i] as number);
    re[n] = s * dx;
  }
  return { re, im: new Float64Array(count) };
}

/**
 * Launches the port mode of `inputs[launch]` into the device and returns the power and phase in the
 * port mode of each `outputs` waveguide at the device's end (port modes: see portModes).
 */
export function simulateDevice(pieces: readonly Piece[], inputs: readonly Core[], launchIndex: number, outputs: readonly Core[], wavelength_nm: number, platform: Platform, res: Resolution, ctx: SolveContext): DeviceResult {
  const { core, clad } = platformIndices(platform, wavelength_nm, ctx);
  const core2 = core * core;
  const clad2 = clad * clad;
  const k0 = (2 * Math.PI) / (wavelength_nm / 1000);
  const window = 2 * (extent(pieces) + platform.margin_um);
  const grid = makeGrid(window, res.grid_nm);
  const slices = slicesOf(pieces, grid, core2, clad2);
  // A slab of width W guides about 2W·NA/λ + 1 TE modes; the basis needs them and as many radiation modes again.
  const widest = Math.max(...pieces.flatMap((p) => p.cores.map((k) => k.w)));
  const guided = Math.floor((2 * widest * Math.sqrt(core2 - clad2)) / (wavelength_nm / 1000)) + 1;
  const modes = solveSliceModes(slices, grid.dx, k0, res.scale * Math.max(res.modes, 2 * guided + 10));
  const [s] = cascadeDevice(slices, modes, grid.dx);
  if (!s) throw new Error('the cascade returned no S-matrix');
  const first = modes.get((slices[0] as Slice).key) as SliceModes;
  const last = modes.get((slices[slices.length - 1] as Slice).key) as SliceModes;
  const m = s.s21.cols;
  const input = portModes(inputs, grid, core2, clad2, k0)[launchIndex] as { field: Float64Array; beta: number };
  const c = project(input.field, first, m, grid.dx);
  // Forward amplitudes in the last section and reflected ones in the first: a = S21 c, r = S11 c.
  const apply = (M: typeof s.s21) => {
    const re = new Float64Array(m);
    const im = new Float64Array(m);
    for (let n = 0; n < m; n++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < m; j++) {
        const mr = M.re[n * m + j] as number;
        const mi = M.im[n * m + j] as number;
        sr += mr * (c.re[j] as number) - mi * (c.im[j] as number);
        si += mr * (c.im[j] as number) + mi * (c.re[j] as number);
      }
      re[n] = sr;
      im[n] = si;
    }
    return { re, im };
  };
  const a = apply(s.s21);
  const r = apply(s.s11);
  // Power launched: the input field's projection onto the first section's propagating modes (TE: β|a|²).
  const power = (amp: { re: Float64Array; im: Float64Array }, sm: SliceModes) => {
    let p = 0;
    for (let n = 0; n < m; n++) p += ((amp.re[n] as number) ** 2 + (amp.im[n] as number) ** 2) * (sm.betas.re[n] as number);
    return p;
  };
  const launched = power(c, first);
  const R = power(r, first) / launched;
  const balance = Math.abs(1 - R - power(a, last) / launched);
  // The guided part of the output field, projected on each output waveguide's own fundamental.
  const guidedCut = k0 * k0 * clad2;
  const field = { re: new Float64Array(grid.points), im: new Float64Array(grid.points) };
  for (let n = 0; n < m; n++) {
    if ((last.modes.betaSquared[n] as number) <= guidedCut) break;
    const e = last.modes.fields[n] as Float64Array;
    for (let i = 0; i < grid.points; i++) {
      field.re[i] = (field.re[i] as number) + (a.re[n] as number) * (e[i] as number);
      field.im[i] = (field.im[i] as number) + (a.im[n] as number) * (e[i] as number);
    }
  }
  const ports = portModes(outputs, grid, core2, clad2, k0).map((u) => {
    let tr = 0;
    let ti = 0;
    for (let i = 0; i < grid.points; i++) {
      tr += (u.field[i] as number) * (field.re[i] as number);
      ti += (u.field[i] as number) * (field.im[i] as number);
    }
    tr *= grid.dx;
    ti *= grid.dx;
    return { P: ((tr * tr + ti * ti) * u.beta) / launched, phase: Math.atan2(ti, tr) };
  });
  return { wavelength_nm, ports, R, balance };
}


// ————————————————————————————————————————————— scoring shared by every splitter

const dB = (x: number): number => 10 * Math.log10(x);
/** Power that does not reach the ports' fundamentals, dB (never below 0: port powers are projections). */
const excessLossDb = (r: DeviceResult): number => -dB(Math.min(1, r.ports.reduce((a, p) => a + p.P, 0)));
/** Strongest over weakest port, dB. */
const imbalanceDb = (r: DeviceResult): number => dB(Math.max(...r.ports.map((p) => p.P)) / Math.max(1e-30, Math.min(...r.ports.map((p) => p.P))));

const MAX_EXCESS_LOSS_DB = 1;
const MAX_REFLECTION = 0.03;
const MAX_BALANCE_ERROR = 1e-3;
const MAX_PHASE_ERROR_DEG = 5;

/** Gates and J of a splitter over its band: J = mean over the band of excess loss + imbalance, dB. */
function splitterEvaluation(results: readonly DeviceResult[], opts: { phase?: boolean; maxLossDb?: number }): Evaluation {
  const loss = results.map(excessLossDb);
  const imb = results.map(imbalanceDb);
  const worstLoss = Math.max(...loss);
  const worstR = Math.max(...results.map((r) => r.R));
  const worstBalance = Math.max(...results.map((r) => r.balance));
  const maxLoss = opts.maxLossDb ?? MAX_EXCESS_LOSS_DB;
  const band = results.map((r) => r.wavelength_nm).join(', ');
  const gates: Gate[] = [
    { id: 'max-excess-loss', category: 'requirement', pass: worstLoss <= maxLoss, value: worstLoss, limit: maxLoss, unit: 'dB', reason: `the worst excess loss over ${band} nm is ${formatNumber(worstLoss)} dB (at most ${maxLoss} dB at every wavelength)` },
    { id: 'back-reflection', category: 'requirement', pass: worstR <= MAX_REFLECTION, value: worstR, limit: MAX_REFLECTION, reason: `up to ${formatNumber(worstR * 100)} % of the power is reflected into the input side (at most ${MAX_REFLECTION * 100} %, about −15 dB)` },
    { id: 'power-balance', category: 'numerical', pass: worstBalance <= MAX_BALANCE_ERROR, value: worstBalance, limit: MAX_BALANCE_ERROR, reason: `transmitted plus reflected power equals the launched power to ${worstBalance.toExponential(2)} (a lossless device must; limit ${MAX_BALANCE_ERROR})` },
  ];
  const metrics: Record<string, number> = { excess_loss_db: loss.reduce((a, b) => a + b, 0) / loss.length, imbalance_db: imb.reduce((a, b) => a + b, 0) / imb.length, worst_excess_loss_db: worstLoss, max_reflection: worstR };
  const centre = results[Math.floor(results.length / 2)] as DeviceResult;
  centre.ports.forEach((p, i) => (metrics[`port${i}_power_${centre.wavelength_nm}nm`] = p.P));
  if (opts.phase) {
    const [a, b] = centre.ports as [PortResult, PortResult];
    // The relative phase of the two outputs, folded into [0°, 180°]: a 3 dB coupler's is 90°.
    let d = Math.abs(((((b.phase - a.phase) * 180) / Math.PI) % 360) + 360) % 360;
    if (d > 180) d = 360 - d;
    const err = Math.abs(d - 90);
    metrics.phase_difference_deg = d;
    gates.push({ id: 'quadrature', category: 'requirement', pass: err <= MAX_PHASE_ERROR_DEG, value: err, limit: MAX_PHASE_ERROR_DEG, unit: '°', reason: `the outputs are ${formatNumber(d)}° apart in phase at ${centre.wavelength_nm} nm (90° ± ${MAX_PHASE_ERROR_DEG}° for a 3 dB coupler)` });
  }
  const J = results.reduce((acc, r, i) => acc + (loss[i] as number) + (imb[i] as number), 0) / results.length;
  return { gates, J, metrics };
}

// ————————————————————————————————————————————— MMI splitters and couplers

export type MmiKind = '1x2' | '2x2' | '1x4';

export interface MmiDesign {
  mmi_width_um: number;
  mmi_length_um: number;
  taper_width_um: number;
  /** 1×2 and 2×2: ports at ±offset; 1×4: the pitch of the four outputs. */
  port_um: number;
}

interface MmiLimits {
  max_width_um: number;
  max_length_um: number;
  max_area_um2: number;
}

const MIN_PORT_GAP_UM = 0.2;

function portCentres(kind: MmiKind, port: number): { inputs: number[]; outputs: number[] } {
  if (kind === '1x2') return { inputs: [0], outputs: [-port, port] };
  if (kind === '2x2') return { inputs: [-port, port], outputs: [-port, port] };
  return { inputs: [0], outputs: [-1.5 * port, -0.5 * port, 0.5 * port, 1.5 * port] };
}

function mmiRules(kind: MmiKind, d: MmiDesign, limits: MmiLimits): Gate[] {
  const { inputs, outputs } = portCentres(kind, d.port_um);
  const gapOf = (cs: number[]) => (cs.length < 2 ? Infinity : Math.min(...cs.slice(1).map((c, i) => c - (cs[i] as number))) - d.taper_width_um);
  const gap = Math.min(gapOf(inputs), gapOf(outputs));
  const edge = Math.max(...[...inputs, ...outputs].map(Math.abs)) + d.taper_width_um / 2;
  const area = d.mmi_width_um * d.mmi_length_um;
  return [
    { id: 'port-gap', category: 'design-rule', pass: gap >= MIN_PORT_GAP_UM, value: gap, limit: MIN_PORT_GAP_UM, unit: 'µm', reason: `neighbouring access waveguides are ${formatNumber(gap)} µm apart at the MMI facet (at least ${MIN_PORT_GAP_UM} µm: the lithography's minimum gap)` },
    { id: 'ports-on-facet', category: 'design-rule', pass: edge <= d.mmi_width_um / 2 + 1e-9, value: edge, limit: d.mmi_width_um / 2, unit: 'µm', reason: `the outermost access waveguide reaches ${formatNumber(edge)} µm from the axis; the MMI facet ends at ${formatNumber(d.mmi_width_um / 2)} µm` },
    { id: 'footprint', category: 'design-rule', pass: area <= limits.max_area_um2, value: area, limit: limits.max_area_um2, unit: 'µm²', reason: `the MMI body is ${formatNumber(area)} µm² (at most ${limits.max_area_um2} µm²)` },
  ];
}

export function mmiPieces(kind: MmiKind, d: MmiDesign): { pieces: Piece[]; inputs: Core[]; outputs: Core[] } {
  const { inputs, outputs } = portCentres(kind, d.port_um);
  const ins = inputs.map((c) => ({ c, w: d.taper_width_um }));
  const outs = outputs.map((c) => ({ c, w: d.taper_width_um }));
  // Zero-length port planes: the field is launched and read right at the MMI facets.
  return { pieces: [{ length: 0, cores: ins }, { length: d.mmi_length_um, cores: [{ c: 0, w: d.mmi_width_um }] }, { length: 0, cores: outs }], inputs: ins, outputs: outs };
}

export const MMI_BAND_NM = [1530, 1550, 1570] as const;

function measureMmi(kind: MmiKind, platform: Platform, d: MmiDesign, ctx: EvaluationContext): Evaluation {
  const { pieces, inputs, outputs } = mmiPieces(kind, d);
  const results = MMI_BAND_NM.map((wl) => simulateDevice(pieces, inputs, 0, outputs, wl, platform, MMI_RESOLUTION[ctx.refinement], ctx.solve));
  return splitterEvaluation(results, { phase: kind === '2x2' });
}

const MMI_PARAMS = ['mmi_width_um', 'mmi_length_um', 'taper_width_um', 'port_um'] as const;

function mmiRulesFor(kind: MmiKind, limits: MmiLimits): Record<(typeof MMI_PARAMS)[number], ParamRule> {
  return {
    mmi_width_um: { min: 1, max: limits.max_width_um, unit: 'µm', what: 'MMI body width' },
    mmi_length_um: { min: 0.5, max: limits.max_length_um, unit: 'µm', what: 'MMI body length' },
    taper_width_um: { min: 0.4, max: 2.5, unit: 'µm', what: 'access-waveguide (taper) width where it meets the MMI' },
    port_um: { min: 0, max: limits.max_width_um / 2, unit: 'µm', what: kind === '1x4' ? 'pitch of the four output waveguides (centres at ±pitch/2, ±3·pitch/2)' : kind === '2x2' ? 'offset of the input and output waveguides from the axis (centres at ±offset)' : 'offset of the two output waveguides from the axis (centres at ±offset)' },
  };
}

const platformMaterials = (p: Platform): string[] => [`core: the TE0 effective index of a ${p.thickness_nm} nm ${p.core} slab clad in SiO2 (≈ ${p.n_eff_1550} at 1550 nm), solved per wavelength`, `cladding: ${OX} (≈ 1.444 at 1550 nm)`];
const platformConstraint = (p: Platform, axis: string): string =>
  `Platform: 2-D effective-index model of ${p.label} in SiO2, TE: the core index is the slab's TE0 effective index (≈ ${p.n_eff_1550} at 1550 nm), the cladding SiO2 (≈ 1.444); everything is symmetric about the ${axis} x = 0.`;
const PORT_MODEL = 'Ports are read at the MMI facets: the light is launched as the fundamental of the input waveguide at its facet width and scored as the power in the fundamentals of the output waveguides there (tapers to single-mode waveguides behind the facets are taken as adiabatic and lossless; higher-order modes and radiation count as loss).';

interface MmiTaskDef {
  task_id: string;
  family: DesignTaskDef['family'];
  title: string;
  kind: MmiKind;
  platform: Platform;
  limits: MmiLimits;
  summary: string;
  c: number;
  c_basis: string;
  citation?: { doi: string; text: string };
  starter_source: string;
  reference_source: string;
}

function mmiTask(def: MmiTaskDef): DesignTaskDef<MmiDesign> {
  const rules = mmiRulesFor(def.kind, def.limits);
  const ports = def.kind === '1x4' ? 'four' : 'two';
  return {
    task_id: def.task_id,
    family: def.family,
    title: def.title,
    physics: 'eme',
    spec: {
      summary: def.summary,
      requirements: [
        `Excess loss (power not in the ${ports} output fundamentals) at most ${MAX_EXCESS_LOSS_DB} dB at each of ${MMI_BAND_NM.join(', ')} nm.`,
        `Back-reflection into the input side at most ${MAX_REFLECTION * 100} % (about −15 dB).`,
        ...(def.kind === '2x2' ? [`The two outputs ${MAX_PHASE_ERROR_DEG}° or less from quadrature (90° apart in phase) at 1550 nm.`] : []),
      ],
      constraints: [
        platformConstraint(def.platform, 'MMI axis'),
        `MMI body: one rectangle centred on the axis, width 1–${def.limits.max_width_um} µm, length 0.5–${def.limits.max_length_um} µm, area at most ${def.limits.max_area_um2} µm².`,
        `Access waveguides: all ${def.kind === '2x2' ? 'four' : def.kind === '1x4' ? 'five' : 'three'} the same width at the facet (0.4–2.5 µm), ${def.kind === '1x2' ? 'the input on the axis and the outputs at ±offset' : def.kind === '2x2' ? 'inputs and outputs at ±offset, light launched into the input at −offset' : 'the input on the axis and the outputs at ±pitch/2, ±3·pitch/2'}; neighbours at least ${MIN_PORT_GAP_UM} µm apart and every waveguide inside the facet.`,
        PORT_MODEL,
      ],
      objective: { description: `J = mean over ${MMI_BAND_NM.join(', ')} nm of (excess loss + imbalance between the strongest and weakest output), dB`, unit: 'dB' },
    },
    c: def.c,
    c_basis: def.c_basis,
    ...(def.citation ? { citation: def.citation } : {}),
    interface: MMI_PARAMS.map((k) => `param("${k}", …): ${rules[k].what}, ${rules[k].unit}, ${formatNumber(rules[k].min)}–${formatNumber(rules[k].max)}`),
    materials: platformMaterials(def.platform),
    tools: ['eme', 'mode'],
    probe_budget: def.family === 'design' ? 40 : 30,
    wall_clock_s: 7200,
    // Halving the grid and doubling the modes moves J by ~1e-3 dB on good designs (checked offline);
    // j_floor keeps near-perfect designs from being judged on noise below 0.05 dB.
    tolerance: 0.05,
    j_floor: 0.05,
    starter_source: def.starter_source,
    reference_source: def.reference_source,
    read(doc: DesignDocument) {
      const used = unusedParts(doc, { params: MMI_PARAMS });
      const p = readParams(doc, rules);
      const gates = [used, ...p.gates];
      if (p.values === null) return finish<MmiDesign>(null, gates);
      gates.push(...mmiRules(def.kind, p.values, def.limits));
      return finish(p.values, gates);
    },
    evaluate: (d, ctx) => measureMmi(def.kind, def.platform, d, ctx),
  };
}

/** Soldano & Pennings' rules in a source: n_r, n_c of the platform at 1550 nm, W_e and L_π (TE, σ = 0). */
const selfImagingPrelude = (p: Platform): string => `const lambda = 1.55, nr = ${p.n_eff_1550}, nc = 1.4440;              // platform indices at 1550 nm (µm)
const We = (W) => W + (lambda / Math.PI) / Math.sqrt(nr * nr - nc * nc); // effective width, TE
const Lpi = (W) => (4 * nr * We(W) ** 2) / (3 * lambda);                 // beat length of modes 0 and 1`;
const SELF_IMAGING_PRELUDE = selfImagingPrelude(SOI);

export const mmi1x2: DesignTaskDef<MmiDesign> = mmiTask({
  task_id: 'design-mmi-1x2',
  family: 'design',
  title: '1×2 MMI power splitter on SOI',
  kind: '1x2',
  platform: SOI,
  limits: { max_width_um: 8, max_length_um: 60, max_area_um2: 40 },
  summary: 'A compact 1×2 multimode-interference splitter on 220 nm SOI that divides the TE light of one input waveguide equally between two output waveguides with as little loss as possible across 1530–1570 nm.',
  c: 0.3,
  c_basis: 'engineering scale: 0.3 dB of excess loss plus imbalance is what a foundry 1×2 MMI is typically specified to',
  starter_source: `// A 3 µm wide MMI, its length a guess, narrow access waveguides.
param('mmi_width_um', 3);
param('mmi_length_um', 12);
param('taper_width_um', 0.5);
param('port_um', 0.8);
`,
  reference_source: `// Symmetric interference: the two-fold image of a centred input forms at 3·L_π/8 (9.41 µm here), at
// ±W_e/4 (Soldano & Pennings 1995), W = 3 µm. Then a small offline grid search in this evaluator over
// length (9.0–9.6 µm) and taper width (1.0–1.4 µm): 9.2 µm and 1.2 µm (a 0.4 µm output gap) give J ≈ 0.033 dB.
${SELF_IMAGING_PRELUDE}
const W = 3;
param('mmi_width_um', W);
param('mmi_length_um', 9.2);
param('taper_width_um', 1.2);
param('port_um', We(W) / 4);
`,
});

export const mmi2x2: DesignTaskDef<MmiDesign> = mmiTask({
  task_id: 'design-mmi-2x2-3db',
  family: 'design',
  title: '2×2 MMI 3 dB coupler on SOI',
  kind: '2x2',
  platform: SOI,
  limits: { max_width_um: 8, max_length_um: 100, max_area_um2: 120 },
  summary: 'A compact 2×2 multimode-interference 3 dB coupler on 220 nm SOI: TE light in one input leaves equally from both outputs, in quadrature, with as little loss as possible across 1530–1570 nm.',
  c: 0.5,
  c_basis: 'engineering scale: 0.5 dB of excess loss plus imbalance is what a foundry 2×2 MMI coupler is typically specified to',
  starter_source: `// A 3 µm wide MMI with its ports at ±0.75 µm, its length a guess, narrow access waveguides.
param('mmi_width_um', 3);
param('mmi_length_um', 20);
param('taper_width_um', 0.5);
param('port_um', 0.75);
`,
  reference_source: `// Paired interference (Soldano & Pennings 1995): with the ports near ±W_e/6 modes 2, 5, 8… are
// hardly excited and the two-fold image forms near L_π/2 already. In this high-contrast platform the
// paraxial rule is only a start: a seeded random search in this evaluator over W 2.5–4.5 µm,
// 0.88–1.04 × L_π/2, ports 0.9–1.35 × W_e/6 and facet gaps 0.21–0.46 µm, then coordinate steps,
// gave W = 3.5 µm, 0.965 × L_π/2, ports at 1.1 × W_e/6 with 1.15 µm tapers (a 0.207 µm gap).
param('mmi_width_um', 3.5);
param('mmi_length_um', 16.851);
param('taper_width_um', 1.15);
param('port_um', 0.6785);
`,
});

// ————————————————————————————————————————————— directional coupler

export interface CouplerDesign {
  gap_um: number;
  width_um: number;
  coupling_length_um: number;
}

const COUPLER_PARAMS = ['gap_um', 'width_um', 'coupling_length_um'] as const;
const MIN_COUPLER_GAP_UM = 0.15;
const COUPLER_RULES: Record<(typeof COUPLER_PARAMS)[number], ParamRule> = {
  gap_um: { min: 0.05, max: 1, unit: 'µm', what: 'edge-to-edge gap between the two waveguides' },
  width_um: { min: 0.3, max: 0.6, unit: 'µm', what: 'width of each waveguide' },
  coupling_length_um: { min: 0, max: 100, unit: 'µm', what: 'length of the straight coupling section' },
};

export function couplerPieces(d: CouplerDesign): { pieces: Piece[]; guides: Core[] } {
  const c = (d.gap_um + d.width_um) / 2;
  const guides = [
    { c: -c, w: d.width_um },
    { c, w: d.width_um },
  ];
  return { pieces: [{ length: 0, cores: guides }, { length: d.coupling_length_um, cores: guides }, { length: 0, cores: guides }], guides };
}

function measureCoupler(d: CouplerDesign, ctx: EvaluationContext): Evaluation {
  const { pieces, guides } = couplerPieces(d);
  const r = simulateDevice(pieces, guides, 0, guides, 1550, SOI, COUPLER_RESOLUTION[ctx.refinement], ctx.solve);
  const e = splitterEvaluation([r], {});
  e.metrics.bar = r.ports[0]?.P ?? 0;
  e.metrics.cross = r.ports[1]?.P ?? 0;
  return e;
}

export const directionalCoupler: DesignTaskDef<CouplerDesign> = {
  task_id: 'design-directional-coupler-50-50',
  family: 'design',
  title: '50:50 directional coupler on SOI',
  physics: 'eme',
  spec: {
    summary: 'Two identical parallel SOI strip waveguides that share the TE light launched into one of them equally between both (a 3 dB directional coupler) at 1550 nm, with as little loss as possible.',
    requirements: [`Excess loss at most ${MAX_EXCESS_LOSS_DB} dB at 1550 nm.`, `Back-reflection at most ${MAX_REFLECTION * 100} %.`],
    constraints: [
      platformConstraint(SOI, 'coupler axis'),
      `Gap between the waveguides at least ${MIN_COUPLER_GAP_UM} µm (the lithography's minimum); waveguide width 0.3–0.6 µm; coupling length 0–100 µm.`,
      'Ports are read at the two ends of the straight coupling section: the light is launched as the fundamental of one waveguide and scored as the power in the fundamentals of the bar and cross waveguides (made orthogonal to each other). The S-bends that bring the guides together and apart are not modelled.',
    ],
    objective: { description: 'J = excess loss + |bar/cross imbalance| at 1550 nm, dB', unit: 'dB' },
  },
  c: 0.3,
  c_basis: 'engineering scale: 0.3 dB — about a 48:52 split, or a better split with a little loss — is a usable 3 dB coupler',
  interface: COUPLER_PARAMS.map((k) => `param("${k}", …): ${COUPLER_RULES[k].what}, ${COUPLER_RULES[k].unit}, ${formatNumber(COUPLER_RULES[k].min)}–${formatNumber(COUPLER_RULES[k].max)}`),
  materials: platformMaterials(SOI),
  tools: ['eme', 'mode'],
  probe_budget: 40,
  wall_clock_s: 7200,
  // Near 50:50 J is the imbalance, ~17 dB per unit of split: halving the grid shifts the 3 dB length
  // by ~0.01 µm and J by ~0.005 dB, so the gate allows 0.01 dB (tolerance × j_floor) at small J.
  tolerance: 0.1,
  j_floor: 0.1,
  starter_source: `// 0.2 µm gap, 0.45 µm guides, a coupling length guessed from a textbook figure.
param('gap_um', 0.2);
param('width_um', 0.45);
param('coupling_length_um', 10);
`,
  reference_source: `// 0.2 µm gap, 0.45 µm guides; the 3 dB length is half the coupling length L_c = λ/(2Δn) of the even
// and odd supermodes (≈ 8 µm here), refined by an offline scan of the length in this evaluator
// (7.6–8.2 µm, 0.02 µm steps): 8.04 µm splits 50.1:49.9.
param('gap_um', 0.2);
param('width_um', 0.45);
param('coupling_length_um', 8.04);
`,
  read(doc: DesignDocument) {
    const used = unusedParts(doc, { params: COUPLER_PARAMS });
    const p = readParams(doc, COUPLER_RULES);
    const gates = [used, ...p.gates];
    if (p.values !== null) {
      const g = p.values.gap_um;
      gates.push({ id: 'min-gap', category: 'design-rule', pass: g >= MIN_COUPLER_GAP_UM, value: g, limit: MIN_COUPLER_GAP_UM, unit: 'µm', reason: `the waveguides are ${formatNumber(g)} µm apart (at least ${MIN_COUPLER_GAP_UM} µm)` });
    }
    return finish(p.values, gates);
  },
  evaluate: measureCoupler,
};

// ————————————————————————————————————————————— reimplementations (Soldano & Pennings 1995)

const SOLDANO = {
  doi: '10.1109/50.372474',
  text: 'L. B. Soldano and E. C. M. Pennings, "Optical multi-mode interference devices based on self-imaging: principles and applications", J. Lightwave Technol. 13(4), 615–627 (1995)',
};

export const soldanoMmi2x2: DesignTaskDef<MmiDesign> = mmiTask({
  task_id: 'reimpl-soldano-pennings-1995-mmi',
  family: 'reimplementation',
  title: 'Soldano & Pennings (1995) general-interference 2×2 3 dB coupler, improved',
  kind: '2x2',
  platform: SIN,
  limits: { max_width_um: 10, max_length_um: 200, max_area_um2: 1200 },
  summary:
    'Start from a general-interference 2×2 MMI 3 dB coupler laid out by the self-imaging rules of Soldano & Pennings (1995) on 400 nm Si3N4, and do better: TE light in one input should leave equally from both outputs, in quadrature, with as little loss as possible across 1530–1570 nm.',
  c: 0,
  c_basis: 'J of the coupler laid out by Soldano & Pennings’ self-imaging rules, as this evaluator scores it',
  citation: SOLDANO,
  starter_source: `// A generic MMI template: 5 µm wide, ports at ±1.2 µm, a guessed length, 1 µm access waveguides.
param('mmi_width_um', 5);
param('mmi_length_um', 50);
param('taper_width_um', 1);
param('port_um', 1.2);
`,
  reference_source: `// The published design rules (Soldano & Pennings 1995, sections II–III), applied to this platform:
// general interference, any input position, forms a two-fold image (a 3 dB coupler) at 3·L_π/2,
// L_π = 4 n_r W_e² / (3 λ0) with W_e = W + (λ0/π)(n_r² − n_c²)^(−½) for TE. The paper gives the rules,
// not a device for this platform, so the dimensions are derived here: W = 5 µm, ports at ±W_e/6,
// 1 µm access waveguides (our choice: 0.84 µm apart at the facet).
${selfImagingPrelude(SIN)}
const W = 5;
param('mmi_width_um', W);
param('mmi_length_um', 1.5 * Lpi(W));
param('taper_width_um', 1);
param('port_um', We(W) / 6);
`,
});

export const soldanoMmi1x4: DesignTaskDef<MmiDesign> = mmiTask({
  task_id: 'reimpl-soldano-pennings-1995-mmi-1x4',
  family: 'reimplementation',
  title: 'Soldano & Pennings (1995) symmetric-interference 1×4 splitter, improved',
  kind: '1x4',
  platform: SOI,
  limits: { max_width_um: 10, max_length_um: 60, max_area_um2: 300 },
  summary:
    'Start from a 1×4 MMI power splitter laid out by the symmetric-interference rules of Soldano & Pennings (1995) on 220 nm SOI, and do better: TE light of one centred input should leave equally from four outputs with as little loss as possible across 1530–1570 nm.',
  c: 0,
  c_basis: 'J of the splitter laid out by Soldano & Pennings’ symmetric-interference rules, as this evaluator scores it',
  citation: SOLDANO,
  starter_source: `// A generic MMI template: 4 µm wide, outputs on a 1 µm pitch, a guessed length, 0.6 µm access waveguides.
param('mmi_width_um', 4);
param('mmi_length_um', 12);
param('taper_width_um', 0.6);
param('port_um', 1);
`,
  reference_source: `// The published design rules (Soldano & Pennings 1995, section III-C, symmetric interference): a
// centred input excites only the even modes, and N-fold images form at 3·L_π/(4N) — for N = 4 at
// 3·L_π/16 — at x = −W_e/2 + (2i − 1)·W_e/(2N), i.e. on a pitch of W_e/4. The paper gives the rules,
// not a device for this platform, so the dimensions are derived here: W = 4 µm, 0.8 µm access
// waveguides (our choice: 0.25 µm apart at the facet).
${SELF_IMAGING_PRELUDE}
const W = 4;
param('mmi_width_um', W);
param('mmi_length_um', (3 * Lpi(W)) / 16);
param('taper_width_um', 0.8);
param('port_um', We(W) / 4);
`,
});
