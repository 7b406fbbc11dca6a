/**
 * Solves a `mode` problem whose structure is a `channel`: guided quasi-TE/quasi-TM modes of a strip,
 * rib or slot waveguide by the semi-vectorial finite-difference solver, per vacuum wavelength, with
 * n_eff, optional n_g (material dispersion included), a core-confinement estimate and field cuts
 * through the peak. Warnings name what limits the answer: the semi-vectorial model itself, a coarse
 * grid, a window the mode reaches, no convergence, nothing guided.
 */
import type { MaterialSpec } from '../material-spec.ts';
import { ProblemError, type SolveContext } from '../solve-context.ts';
import { wavelengthGrid } from '../wavelengths.ts';
import type { ModeProblem } from '../slab/problem.ts';
import { rasterise, type ChannelGrid, type ChannelIndices } from './geometry.ts';
import { MAX_CHANNEL_NODES, type ChannelStructure } from './problem.ts';
import { solveSemivectorial, type FdMode } from './semivectorial.ts';

/** Relative step for n_g = n_eff − λ·dn_eff/dλ by central difference. */
export const CHANNEL_NG_STEP = 1e-3;
/** |E| on the window edge above this fraction of the peak means the window cuts the mode. */
export const EDGE_FIELD_LIMIT = 1e-3;
/** Fewer cells than this across the core height (or width) is called under-resolved. */
export const MIN_CELLS_ACROSS = 10;

export interface ChannelMode {
  readonly wavelength_nm: number;
  readonly polarization: 'TE' | 'TM';
  readonly order: number;
  readonly n_eff: number;
  readonly n_g: number | null;
  /** Fraction of Σ|E|² over core nodes (the dominant field only: an estimate of the power confinement). */
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
  readonly warnings: string[];
  readonly conventions: Record<string, string>;
  readonly backend: 'reference';
}

const CONVENTIONS: Record<string, string> = {
  geometry: 'x across the guide (centred), y up; the substrate fills y < 0 and the core stands on it; lengths in nm',
  polarization: 'TE: quasi-TE, E_x dominant; TM: quasi-TM, E_y dominant',
  method: 'semi-vectorial finite differences (Stern 1988): five-point stencil, cell-averaged n², zero field on the window edge',
  n_eff: 'β/k₀ from the real parts of the indices; modes at or below the higher cladding index are box modes and are dropped',
  order: 'by decreasing n_eff within a polarization, starting at 0',
  confinement: 'Σ|E|² over core nodes / Σ|E|² (dominant component only)',
  field: 'the dominant component along y = peak (cut_x) and x = peak (cut_y), peak-normalised',
};

const SEMIVECTORIAL_NOTE =
  'semi-vectorial model: the coupling of E_x and E_y at the core corners is neglected, so for high-contrast wires n_eff comes out high (a 500 × 220 nm Si strip in SiO2 at 1550 nm gives quasi-TE ≈ 2.49 here against ≈ 2.44 from a full-vectorial solver); use it for trends, not for the third decimal';

export function solveChannelModes(problem: ModeProblem, structure: ChannelStructure, ctx: SolveContext): ChannelModeResult {
  const options = { allowGain: problem.allow_gain === true };
  const warnings = new Set<string>([SEMIVECTORIAL_NOTE]);
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
  const modes: ChannelMode[] = [];
  const modeCount: number[] = [];
  let gridInfo: ChannelGrid | null = null;
  for (const wavelength of wavelengthGrid(problem)) {
    const n = indicesAt(wavelength);
    const grid = rasterise(structure, n, structure.grid_nm);
    if (grid.nx * grid.ny > MAX_CHANNEL_NODES) {
      throw new ProblemError(`the window needs ${grid.nx} × ${grid.ny} = ${grid.nx * grid.ny} nodes, over the ${MAX_CHANNEL_NODES} limit: use a larger grid_nm or a smaller window_nm`);
    }
    gridInfo = grid;
    const floor = Math.max(n.cladding, n.substrate);
    if (!(n.core > floor)) {
      warnings.add(`no mode is guided at ${wavelength} nm: the core index ${n.core} must exceed the cladding (${n.cladding}) and substrate (${n.substrate})`);
      modeCount.push(0);
      continue;
    }
    let count = 0;
    for (const pol of pols) {
      const guided = guidedModes(grid, wavelength, pol, structure.max_modes, floor, warnings);
      let neighbours: [FdMode[], FdMode[]] | null = null;
      if (structure.group_index && guided.length > 0) {
        neighbours = [-1, 1].map((sgn) => {
          const w = wavelength * (1 + sgn * CHANNEL_NG_STEP);
          return guidedModes(rasterise(structure, indicesAt(w, true), structure.grid_nm), w, pol, structure.max_modes, floor, new Set());
        }) as [FdMode[], FdMode[]];
      }
      guided.forEach((mode, order) => {
        const lo = neighbours?.[0][order];
        const hi = neighbours?.[1][order];
        const dndl = lo && hi ? (hi.neff - lo.neff) / (2 * CHANNEL_NG_STEP * wavelength) : null;
        modes.push({
          wavelength_nm: wavelength,
          polarization: pol,
          order,
          n_eff: mode.neff,
          n_g: dndl === null ? null : mode.neff - wavelength * dndl,
          confinement: confinement(grid, mode.field),
          ...cuts(grid, mode.field),
        });
      });
      count += guided.length;
    }
    modeCount.push(count);
  }
  if (gridInfo) checkResolution(structure, warnings);
  const g = gridInfo;
  return {
    kind: 'mode',
    structure: 'channel',
    method: 'semi-vectorial finite difference',
    wavelengths_nm: wavelengthGrid(problem),
    modes,
    mode_count: modeCount,
    grid: g ? { nx: g.nx, ny: g.ny, dx_nm: g.width / g.nx, dy_nm: g.height / g.ny, window_width_nm: g.width, window_height_nm: g.height } : { nx: 0, ny: 0, dx_nm: 0, dy_nm: 0, window_width_nm: 0, window_height_nm: 0 },
    warnings: [...warnings],
    conventions: CONVENTIONS,
    backend: 'reference',
  };
}

function guidedModes(grid: ChannelGrid, wavelength: number, pol: 'TE' | 'TM', maxModes: number, floor: number, warnings: Set<string>): FdMode[] {
  const r = solveSemivectorial({ wavelength, eps: grid.eps, nx: grid.nx, ny: grid.ny, dx: grid.width / grid.nx, dy: grid.height / grid.ny, polarization: pol, modes: maxModes });
  if (r.maxImaginaryRatio > 1e-8) warnings.add(`the ${pol} eigenvalues at ${wavelength} nm came out complex (|Im β²|/|β²| up to ${r.maxImaginaryRatio.toExponential(1)}); n_eff uses the real parts — refine grid_nm`);
  if (!r.converged) warnings.add(`the ${pol} eigen-iteration at ${wavelength} nm did not converge in ${r.iterations} steps; n_eff may be off in the last digits`);
  const guided = r.modes.filter((m) => m.neff > floor);
  for (const m of guided) {
    const edge = edgeField(grid, m.field);
    if (edge > EDGE_FIELD_LIMIT) {
      warnings.add(`a ${pol} mode at ${wavelength} nm still has ${(edge * 100).toPrecision(2)} % of its peak field on the window edge: the window cuts it — enlarge window_nm (n_eff is too high near cutoff)`);
    }
  }
  return guided;
}

function edgeField(grid: ChannelGrid, field: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < grid.nx; i++) worst = Math.max(worst, Math.abs(field[i] as number), Math.abs(field[(grid.ny - 1) * grid.nx + i] as number));
  for (let j = 0; j < grid.ny; j++) worst = Math.max(worst, Math.abs(field[j * grid.nx] as number), Math.abs(field[j * grid.nx + grid.nx - 1] as number));
  return worst;
}

function confinement(grid: ChannelGrid, field: Float64Array): number {
  let inside = 0;
  let total = 0;
  for (let k = 0; k < field.length; k++) {
    const e2 = (field[k] as number) ** 2;
    total += e2;
    if (grid.inCore[k]) inside += e2;
  }
  return total > 0 ? inside / total : 0;
}

function cuts(grid: ChannelGrid, field: Float64Array): Pick<ChannelMode, 'cut_x' | 'cut_y'> {
  let peak = 0;
  for (let k = 1; k < field.length; k++) if (Math.abs(field[k] as number) > Math.abs(field[peak] as number)) peak = k;
  const pi = peak % grid.nx;
  const pj = Math.floor(peak / grid.nx);
  const dx = grid.width / grid.nx;
  const dy = grid.height / grid.ny;
  return {
    cut_x: { x_nm: Array.from({ length: grid.nx }, (_, i) => grid.x0 + (i + 0.5) * dx), field: Array.from({ length: grid.nx }, (_, i) => field[pj * grid.nx + i] as number) },
    cut_y: { y_nm: Array.from({ length: grid.ny }, (_, j) => grid.y0 + (j + 0.5) * dy), field: Array.from({ length: grid.ny }, (_, j) => field[j * grid.nx + pi] as number) },
  };
}

function checkResolution(s: ChannelStructure, warnings: Set<string>): void {
  const smallest = Math.min(s.core.height_nm, s.core.width_nm, s.shape === 'slot' ? (s.gap_nm ?? Infinity) : Infinity);
  if (smallest / s.grid_nm < MIN_CELLS_ACROSS) {
    warnings.add(
      `under-resolved: grid_nm = ${s.grid_nm} gives ${(smallest / s.grid_nm).toFixed(1)} cells across the smallest feature (${smallest} nm); expect n_eff errors of 10⁻² — use grid_nm ≤ ${(smallest / MIN_CELLS_ACROSS).toFixed(0)} and check by refining`,
    );
  }
}
