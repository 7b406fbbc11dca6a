/**
 * Solves a `mode` problem whose structure is a `channel`: guided quasi-TE/quasi-TM modes of a strip,
 * rib or slot waveguide, per vacuum wavelength, with n_eff, optional n_g (material dispersion
 * included), a core-confinement estimate, field cuts through the peak and (full-vectorial) field
 * maps. Two methods: the full-vectorial Yee-grid solver (default) and the semi-vectorial one, kept
 * for comparison (on the same sparse LU and Krylov iteration, whole window: no faster than the
 * full-vectorial default with its mirror planes, bench/photonics-fdmode.ts). Warnings name what limits the answer: the semi-vectorial model
 * itself, a coarse grid, a window the mode reaches, no convergence, nothing guided.
 */
import type { MaterialSpec } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { progressReporter } from '../progress.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { ModeProblem } from '../slab/problem.ts';
import { oversizedChannelGrid, rasterise, refuseOversizedChannelGrid, type ChannelIndices } from './geometry.ts';
import { channelMethod, channelSymmetry, MAX_CHANNEL_NODES, type ChannelStructure } from './problem.ts';
import { solveSemivectorial } from './semivectorial.ts';
import { svSystemSize } from './semivectorial-size.ts';
import { fvSystemSize, mirrorsInY, solvePlan, solveFullVectorialChannel, type FvChannelOptions } from './fullvectorial-channel.ts';
import { fieldMaps, type FieldMap } from './field-maps.ts';
import { krylovArenaDoubles } from './shift-invert-eigs.ts';
import { GUESSED_SHIFT_BELOW } from './fullvectorial.ts';

/** Relative step for n_g = n_eff − λ·dn_eff/dλ by central difference. */
export const CHANNEL_NG_STEP = 1e-3;
/** |E| on the window edge above this fraction of the peak means the window cuts the mode. */
export const EDGE_FIELD_LIMIT = 1e-3;
/** Fewer cells than this across the core height (or width) is called under-resolved. */
export const MIN_CELLS_ACROSS = 10;
/** A channel solve's sparse LU and Krylov basis (either method) must fit a browser tab: refuse what would not. */
export const MAX_MODE_SOLVE_BYTES = 512 * 2 ** 20;

/** Bytes a full-vectorial solve holds at its peak: the sparse LU while factorising, plus the Krylov arena (basis, images, restart vectors). */
export function fullVectorialBytes(size: { unknowns: number; peakDoubles: number }, wanted: number): number {
  return 8 * (size.peakDoubles + krylovArenaDoubles(size.unknowns, wanted));
}

/**
 * Bytes a semi-vectorial solve holds at its peak: the sparse LU while factorising (one factor: a
 * re-shift refactorises into the same storage) plus the Krylov arena, for `wanted` = max_modes.
 */
export function semiVectorialBytes(size: { unknowns: number; peakDoubles: number }, wanted: number): number {
  return 8 * (size.peakDoubles + krylovArenaDoubles(size.unknowns, wanted));
}

export interface ChannelMode {
  readonly wavelength_nm: number;
  readonly polarization: 'TE' | 'TM';
  readonly order: number;
  readonly n_eff: number;
  readonly n_g: number | null;
  /** ∫|E_x|² / ∫(|E_x|² + |E_y|²) (full-vectorial only; null for the semi-vectorial model). */
  readonly te_fraction: number | null;
  /** Fraction of Σ|E|² over core cells (semi-vectorial: the dominant component only). */
  readonly confinement: number;
  readonly cut_x: { readonly x_nm: number[]; readonly field: number[] };
  readonly cut_y: { readonly y_nm: number[]; readonly field: number[] };
}

export interface ChannelModeResult {
  readonly kind: 'mode';
  readonly structure: 'channel';
  readonly method: string;
  readonly wavelengths_nm: number[];
  readonly modes: ChannelMode[];
  readonly mode_count: number[];
  readonly grid: { readonly nx: number; readonly ny: number; readonly dx_nm: number; readonly dy_nm: number; readonly window_width_nm: number; readonly window_height_nm: number };
  readonly maps?: FieldMap[];
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  /** The linear-algebra kernel that factorised the band ('wasm' or 'reference'). */
  readonly backend: string;
}

const COMMON_CONVENTIONS: Record<string, string> = {
  geometry: 'x across the guide (centred), y up; the substrate fills y < 0 and the core stands on it; lengths in nm',
  n_eff: 'β/k₀ from the real parts of the indices; modes at or below the higher cladding index are box modes and are dropped',
  order: 'by decreasing n_eff within a polarization, starting at 0',
};

const SEMI_CONVENTIONS: Record<string, string> = {
  ...COMMON_CONVENTIONS,
  polarization: 'TE: quasi-TE, E_x dominant; TM: quasi-TM, E_y dominant',
  method: 'semi-vectorial finite differences (Stern 1988): five-point stencil, cell-averaged n², zero field on the window edge',
  confinement: 'Σ|E|² over core nodes / Σ|E|² (dominant component only)',
  field: 'the dominant component along y = peak (cut_x) and x = peak (cut_y), peak-normalised',
};

const fullConventions = (symmetry: string, yMirror: boolean): Record<string, string> => ({
  ...COMMON_CONVENTIONS,
  polarization: 'TE: te_fraction = ∫|E_x|² / ∫(|E_x|² + |E_y|²) above 0.5 (quasi-TE); TM: below 0.5',
  method: `full-vectorial finite differences on a Yee grid (transverse-H formulation, Fallahkhair, Li & Murphy 2008): electric walls on the window edge, n² averaged per E component (harmonic along it, arithmetic across), largest β² by shift-invert block Krylov at one shift between the cladding line and the TE0 β² of the slab as thick as the core, ${GUESSED_SHIFT_BELOW} of the way down from the latter (at σ = k₀²n²_max, then re-shifted, where that factor is poor)${symmetry === 'none' ? '' : `; ${yMirror && symmetry === 'auto' ? 'a quarter window per symmetry class, electric or magnetic walls on x = 0 and on the core mid-plane' : 'half window per symmetry class, an electric or a magnetic wall on x = 0'}`}`,
  confinement: 'Σ(|E_x|² + |E_y|² + |E_z|²) over core cells / the same over the window',
  field: 'the dominant transverse component (E_x for TE, E_y for TM) at cell centres along y = peak (cut_x) and x = peak (cut_y), signed, peak-normalised',
  maps: '|E_x|² and |E_y|² at cell centres for each mode at the first wavelength, normalised to the peak of |E|² of that mode; rows bottom to top',
});

const SEMIVECTORIAL_NOTE =
  'semi-vectorial model: the coupling of E_x and E_y at the core corners is neglected, so for high-contrast wires n_eff comes out high (a 500 × 220 nm Si strip in SiO2 at 1550 nm gives quasi-TE ≈ 2.49 here against ≈ 2.44 from a full-vectorial solver); use it for trends, not for the third decimal';

/** One guided mode on a grid: n_eff, the dominant field (for cuts and the edge check) and the confinement. */
interface GridMode {
  readonly neff: number;
  readonly teFraction: number | null;
  /** Cell-centred, index j·nx + i, peak |value| = 1. */
  readonly dominant: Float64Array;
  /** Largest transverse |E| on the window's edge cells over its peak. */
  readonly edge: number;
  readonly confinement: number;
}

interface GridSolve {
  readonly grid: { nx: number; ny: number; x0: number; y0: number; width: number; height: number };
  readonly byPol: Record<'TE' | 'TM', GridMode[]>;
  readonly maps: FieldMap[];
}

export function solveChannelModes(problem: ModeProblem, structure: ChannelStructure, ctx: SolveContext): ChannelModeResult {
  const options = { allowGain: problem.allow_gain === true };
  const full = channelMethod(structure) === 'full_vectorial';
  const symmetry = channelSymmetry(structure);
  const warnings = new Set<string>(full ? [] : [SEMIVECTORIAL_NOTE]);
  const pols: ('TE' | 'TM')[] = problem.polarization === 'both' ? ['TE', 'TM'] : [problem.polarization];
  const resolve = (spec: MaterialSpec, w: number, quiet = false): number => {
    const r = ctx.materials.resolve(spec, w, options);
    if (!quiet) for (const msg of r.warnings) warnings.add(msg);
    if (r.k !== 0 && !quiet) warnings.add(`a material has k = ${r.k} at ${w} nm: modes use the real parts of the indices, so no modal loss is computed`);
    return r.n;
  };
  const indicesAt = (w: number, quiet = false): ChannelIndices => ({
    core: resolve(structure.core.material, w, quiet),
    cladding: resolve(structure.cladding, w, quiet),
    substrate: resolve(structure.substrate, w, quiet),
  });
  const wavelengths = wavelengthGrid(problem);
  checkSize(structure, indicesAt, wavelengths[0] ?? 1550);
  const linalg = ctx.kernels?.linalg ?? referenceLinalgKernel;
  const fvOptions: FvChannelOptions = { polarizations: pols, maxModes: structure.max_modes, symmetry, linalg };
  // The y mirror needs equal cladding and substrate indices; the plan is fixed by the first wavelength.
  const first = wavelengths[0];
  const yMirror = first !== undefined && mirrorsInY(structure, indicesAt(first, true));
  const solvesPerGrid = full ? solvePlan(fvOptions, yMirror).length : pols.length;
  const progress = progressReporter(ctx.onProgress, 'eigen-solve', wavelengths.length * (structure.group_index ? 3 : 1) * solvesPerGrid);
  let solved = 0;
  const onSolved = (): void => progress.step(++solved);
  const solveAt = (w: number, n: ChannelIndices, notes: Set<string>, withMaps: boolean): GridSolve =>
    full ? fullVectorialAt(structure, n, w, { ...fvOptions, onSolved }, notes, withMaps) : semiVectorialAt(structure, n, w, pols, notes, onSolved, linalg);
  const modes: ChannelMode[] = [];
  const modeCount: number[] = [];
  let gridInfo: GridSolve['grid'] | null = null;
  let maps: FieldMap[] = [];
  for (const [wi, wavelength] of wavelengths.entries()) {
    const n = indicesAt(wavelength);
    const floor = Math.max(n.cladding, n.substrate);
    if (!(n.core > floor)) {
      warnings.add(`no mode is guided at ${wavelength} nm: the core index ${n.core} must exceed the cladding (${n.cladding}) and substrate (${n.substrate})`);
      modeCount.push(0);
      progress.step((solved += (structure.group_index ? 3 : 1) * solvesPerGrid));
      continue;
    }
    const here = solveAt(wavelength, n, warnings, wi === 0);
    gridInfo = here.grid;
    if (wi === 0) maps = here.maps;
    let neighbours: [GridSolve, GridSolve] | null = null;
    if (structure.group_index && pols.some((p) => here.byPol[p].length > 0)) {
      neighbours = [-1, 1].map((sgn) => {
        const w = wavelength * (1 + sgn * CHANNEL_NG_STEP);
        return solveAt(w, indicesAt(w, true), new Set(), false);
      }) as [GridSolve, GridSolve];
    } else if (structure.group_index) progress.step((solved += 2 * solvesPerGrid));
    let count = 0;
    for (const pol of pols) {
      here.byPol[pol].forEach((mode, order) => {
        const lo = neighbours?.[0].byPol[pol][order];
        const hi = neighbours?.[1].byPol[pol][order];
        const dndl = lo && hi ? (hi.neff - lo.neff) / (2 * CHANNEL_NG_STEP * wavelength) : null;
        modes.push({
          wavelength_nm: wavelength,
          polarization: pol,
          order,
          n_eff: mode.neff,
          n_g: dndl === null ? null : mode.neff - wavelength * dndl,
          te_fraction: mode.teFraction,
          confinement: mode.confinement,
          ...cuts(here.grid, mode.dominant),
        });
        if (mode.edge > EDGE_FIELD_LIMIT) {
          warnings.add(`a ${pol} mode at ${wavelength} nm still has ${(mode.edge * 100).toPrecision(2)} % of its peak field on the window edge: the window cuts it — enlarge window_nm (n_eff is too high near cutoff)`);
        }
      });
      count += here.byPol[pol].length;
    }
    modeCount.push(count);
  }
  if (gridInfo) checkResolution(structure, warnings);
  const g: GridSolve['grid'] | null = gridInfo;
  return {
    kind: 'mode',
    structure: 'channel',
    method: full ? `full-vectorial finite difference${symmetry === 'none' ? '' : yMirror && symmetry === 'auto' ? ' (mirror planes x = 0 and the core mid-plane)' : ' (mirror plane x = 0)'}` : 'semi-vectorial finite difference',
    wavelengths_nm: wavelengths,
    modes,
    mode_count: modeCount,
    grid: g ? { nx: g.nx, ny: g.ny, dx_nm: g.width / g.nx, dy_nm: g.height / g.ny, window_width_nm: g.width, window_height_nm: g.height } : { nx: 0, ny: 0, dx_nm: 0, dy_nm: 0, window_width_nm: 0, window_height_nm: 0 },
    ...(full ? { maps } : {}),
    warnings: [...warnings],
    conventions: full ? fullConventions(symmetry, yMirror) : SEMI_CONVENTIONS,
    backend: linalg.id,
  };
}

function checkSize(s: ChannelStructure, indicesAt: (w: number, quiet: boolean) => ChannelIndices, wavelength: number): void {
  refuseOversizedChannelGrid(s, s.grid_nm, MAX_CHANNEL_NODES);
  const reason = channelSizeRefusal(s, mirrorsInY(s, indicesAt(wavelength, true)));
  if (reason !== null) throw new ProblemError(reason);
}

/**
 * Why solve refuses this cross-section (null when it does not): over the node limit, or
 * a sparse LU and Krylov basis over the memory limit (either method). `yMirror`: whether the core mid-plane is a mirror
 * plane (mirrorsInY). estimate() reports the same reason, and the page then offers no "Solve anyway".
 */
export function channelSizeRefusal(s: ChannelStructure, yMirror: boolean): string | null {
  const nodes = oversizedChannelGrid(s, s.grid_nm, MAX_CHANNEL_NODES);
  if (nodes !== null) return nodes;
  if (channelMethod(s) !== 'full_vectorial') return semiVectorialRefusal(s, svSystemSize(s, s.grid_nm));
  return fullVectorialRefusal(s, fvSystemSize(s, s.grid_nm, channelSymmetry(s), yMirror), yMirror);
}

/**
 * The memory half of channelSizeRefusal for a semi-vectorial system already sized. Within the node
 * limit it does not bind today (250 × 250 nodes, max_modes 10: ~0.1 GiB by svSystemSize), but it sizes what the
 * solver holds, so a raised node limit cannot slip past it.
 */
export function semiVectorialRefusal(s: ChannelStructure, size: { unknowns: number; peakDoubles: number }): string | null {
  const bytes = semiVectorialBytes(size, s.max_modes);
  return bytes > MAX_MODE_SOLVE_BYTES
    ? `the semi-vectorial system (${size.unknowns} unknowns) needs ${(bytes / 2 ** 20).toFixed(0)} MiB for its sparse LU and Krylov basis, over the ${MAX_MODE_SOLVE_BYTES / 2 ** 20} MiB limit: use a larger grid_nm or a smaller window_nm`
    : null;
}

/** The memory half of channelSizeRefusal, for a full-vectorial system already sized (the symbolic LU is the costly part). */
export function fullVectorialRefusal(s: ChannelStructure, size: { unknowns: number; peakDoubles: number }, yMirror: boolean): string | null {
  const symmetry = channelSymmetry(s);
  const wanted = Math.max(...solvePlan({ polarizations: ['TE', 'TM'], maxModes: s.max_modes, symmetry }, yMirror).map((c) => c.wanted));
  const bytes = fullVectorialBytes(size, wanted);
  return bytes > MAX_MODE_SOLVE_BYTES
    ? `the full-vectorial system (${size.unknowns} unknowns) needs ${(bytes / 2 ** 20).toFixed(0)} MiB for its sparse LU and Krylov basis, over the ${MAX_MODE_SOLVE_BYTES / 2 ** 20} MiB limit: use a larger grid_nm, a smaller window_nm${symmetry === 'none' ? ', symmetry "auto"' : ''} or method "semi_vectorial"`
    : null;
}

function fullVectorialAt(s: ChannelStructure, n: ChannelIndices, wavelength: number, o: FvChannelOptions, warnings: Set<string>, withMaps: boolean): GridSolve {
  const r = solveFullVectorialChannel(s, n, wavelength, s.grid_nm, o);
  if (r.maxImaginaryRatio > 1e-8) warnings.add(`the eigenvalues at ${wavelength} nm came out complex (|Im β²|/|β²| up to ${r.maxImaginaryRatio.toExponential(1)}); n_eff uses the real parts — refine grid_nm`);
  if (!r.converged) warnings.add(`the full-vectorial eigen-iteration at ${wavelength} nm did not converge; n_eff may be off in the last digits`);
  const byPol: Record<'TE' | 'TM', GridMode[]> = { TE: [], TM: [] };
  for (const m of r.modes) {
    const { ex, ey, ez } = m.fields;
    const dominant = m.polarization === 'TE' ? ex : ey;
    byPol[m.polarization].push({
      neff: m.neff,
      teFraction: m.teFraction,
      dominant: peakNormalised(dominant),
      edge: edgeRatio(r.grid.nx, r.grid.ny, transverseMagnitude(ex, ey)),
      confinement: confinement(r.grid.inCore, energyDensity(ex, ey, ez)),
    });
  }
  const maps = withMaps ? r.modes.flatMap((m) => fieldMaps(r.grid, m, wavelength, byPol[m.polarization].findIndex((g) => g.neff === m.neff))) : [];
  return { grid: r.grid, byPol, maps };
}

function semiVectorialAt(
  s: ChannelStructure,
  n: ChannelIndices,
  wavelength: number,
  pols: readonly ('TE' | 'TM')[],
  warnings: Set<string>,
  onSolved: () => void,
  linalg: DenseLinalgKernel,
): GridSolve {
  const grid = rasterise(s, n, s.grid_nm);
  const floor = Math.max(n.cladding, n.substrate);
  const byPol: Record<'TE' | 'TM', GridMode[]> = { TE: [], TM: [] };
  for (const pol of pols) {
    const r = solveSemivectorial({ wavelength, eps: grid.eps, nx: grid.nx, ny: grid.ny, dx: grid.width / grid.nx, dy: grid.height / grid.ny, polarization: pol, modes: s.max_modes, floorEps: floor * floor, linalg });
    onSolved();
    if (r.maxImaginaryRatio > 1e-8) warnings.add(`the ${pol} eigenvalues at ${wavelength} nm came out complex (|Im β²|/|β²| up to ${r.maxImaginaryRatio.toExponential(1)}); n_eff uses the real parts — refine grid_nm`);
    if (!r.converged) warnings.add(`the ${pol} eigen-iteration at ${wavelength} nm did not converge in ${r.solves} solves; n_eff may be off in the last digits`);
    byPol[pol] = r.modes
      .filter((m) => m.neff > floor)
      .map((m) => ({
        neff: m.neff,
        teFraction: null,
        dominant: m.field,
        edge: edgeRatio(grid.nx, grid.ny, magnitudes(m.field)),
        confinement: confinement(grid.inCore, squares(m.field)),
      }));
  }
  return { grid, byPol, maps: [] };
}

// The per-mode figures below take arrays, not callbacks, and keep each loop in a function that
// returns a number or an array it made before the loop: a callback per cell made these call sites
// megamorphic, and a loop compiled on-stack before the code after it had run deoptimised on every
// solve (issue 20, --trace-deopt). The same numbers in the same order.

/** The field over its largest-magnitude value (signed), or the field itself when it is all zero. */
function peakNormalised(field: Float64Array): Float64Array {
  const peak = signedPeak(field);
  return dividedBy(field, peak || 1);
}

function signedPeak(field: Float64Array): number {
  let peak = 0;
  for (let k = 0; k < field.length; k++) if (Math.abs(field[k] as number) > Math.abs(peak)) peak = field[k] as number;
  return peak;
}

function dividedBy(field: Float64Array, d: number): Float64Array {
  const out = new Float64Array(field.length);
  for (let k = 0; k < field.length; k++) out[k] = (field[k] as number) / d;
  return out;
}

/** √(E_x² + E_y²) per cell (Math.hypot). */
function transverseMagnitude(ex: Float64Array, ey: Float64Array): Float64Array {
  const out = new Float64Array(ex.length);
  for (let k = 0; k < ex.length; k++) out[k] = Math.hypot(ex[k] as number, ey[k] as number);
  return out;
}

/** E_x² + E_y² + E_z² per cell. */
function energyDensity(ex: Float64Array, ey: Float64Array, ez: Float64Array): Float64Array {
  const out = new Float64Array(ex.length);
  for (let k = 0; k < ex.length; k++) out[k] = (ex[k] as number) ** 2 + (ey[k] as number) ** 2 + (ez[k] as number) ** 2;
  return out;
}

function magnitudes(field: Float64Array): Float64Array {
  const out = new Float64Array(field.length);
  for (let k = 0; k < field.length; k++) out[k] = Math.abs(field[k] as number);
  return out;
}

function squares(field: Float64Array): Float64Array {
  const out = new Float64Array(field.length);
  for (let k = 0; k < field.length; k++) out[k] = (field[k] as number) ** 2;
  return out;
}

/** Largest value on the window's outermost cells over the largest anywhere (values per cell, index j·nx + i). */
function edgeRatio(nx: number, ny: number, values: Float64Array): number {
  // The counts, not the grid object: the full- and semi-vectorial grids have different shapes.
  let edge = 0;
  let peak = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const v = values[j * nx + i] as number;
      peak = Math.max(peak, v);
      if (i === 0 || j === 0 || i === nx - 1 || j === ny - 1) edge = Math.max(edge, v);
    }
  }
  return peak > 0 ? edge / peak : 0;
}

function confinement(inCore: Uint8Array, density: Float64Array): number {
  let inside = 0;
  let total = 0;
  for (let k = 0; k < inCore.length; k++) {
    const e2 = density[k] as number;
    total += e2;
    if (inCore[k]) inside += e2;
  }
  return total > 0 ? inside / total : 0;
}

function cuts(grid: GridSolve['grid'], field: Float64Array): Pick<ChannelMode, 'cut_x' | 'cut_y'> {
  const peak = largestMagnitudeAt(field);
  const pi = peak % grid.nx;
  const pj = Math.floor(peak / grid.nx);
  const dx = grid.width / grid.nx;
  const dy = grid.height / grid.ny;
  // Plain loops, not Array.from callbacks made per call (V8 compiled those anew on each solve).
  const xNm: number[] = [];
  const xField: number[] = [];
  for (let i = 0; i < grid.nx; i++) {
    xNm.push(grid.x0 + (i + 0.5) * dx);
    xField.push(field[pj * grid.nx + i] as number);
  }
  const yNm: number[] = [];
  const yField: number[] = [];
  for (let j = 0; j < grid.ny; j++) {
    yNm.push(grid.y0 + (j + 0.5) * dy);
    yField.push(field[j * grid.nx + pi] as number);
  }
  return { cut_x: { x_nm: xNm, field: xField }, cut_y: { y_nm: yNm, field: yField } };
}

/** The first index of the largest |field| (its own small function: see cuts). */
function largestMagnitudeAt(field: Float64Array): number {
  let peak = 0;
  for (let k = 1; k < field.length; k++) if (Math.abs(field[k] as number) > Math.abs(field[peak] as number)) peak = k;
  return peak;
}

function checkResolution(s: ChannelStructure, warnings: Set<string>): void {
  const smallest = Math.min(s.core.height_nm, s.core.width_nm, s.shape === 'slot' ? (s.gap_nm ?? Infinity) : Infinity);
  if (smallest / s.grid_nm < MIN_CELLS_ACROSS) {
    warnings.add(
      `under-resolved: grid_nm = ${s.grid_nm} gives ${(smallest / s.grid_nm).toFixed(1)} cells across the smallest feature (${smallest} nm); expect n_eff errors of 10⁻² — use grid_nm ≤ ${(smallest / MIN_CELLS_ACROSS).toFixed(0)} and check by refining`,
    );
  }
}

