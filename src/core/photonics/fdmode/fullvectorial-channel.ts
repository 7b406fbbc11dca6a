/**
 * Full-vectorial modes of a channel cross-section (strip, rib, slot): builds the Yee grid of the
 * window, solves, classifies each mode by its TE fraction and returns the fields on the whole
 * window. Every channel shape here is mirror-symmetric about x = 0 and its window is centred on the
 * core, so by default only the half x ≥ 0 is solved, twice: with an electric wall on x = 0 (modes
 * whose E_x is even: TE0, TM1, …) and with a magnetic wall (E_y even: TM0, TE1, …). When substrate
 * and cladding match (and the shape is not a rib), the core's mid-plane is a mirror too and a
 * quarter is solved per class. Halving a side halves both the unknowns and the bandwidth, so each
 * class's LU costs several times less than the whole window's, with the same
 * eigenvalues: the whole operator splits exactly into the symmetry classes.
 */
import { coreHalfWidth, DEFAULT_MARGIN_NM, indexAt, type ChannelIndices } from './geometry.ts';
import type { ChannelStructure, ChannelSymmetryOption } from './problem.ts';
import { solveFullVectorial, type CellFields, type FvFactorization, type FvLinalg } from './fullvectorial.ts';
import { cellOrder, type Wall } from './fullvectorial-operator.ts';
import { sparsePeakDoubles, symbolicSize, type SymbolicSize } from '../linalg/multifrontal.ts';
import { nestedDissection } from './nested-dissection.ts';
import { solveSlabModes } from '../slab/dispersion.ts';
import { yeePermittivity, type MaterialEdges } from './yee-grid.ts';

export interface FvChannelGrid {
  /** Cells of the whole window. */
  readonly nx: number;
  readonly ny: number;
  readonly dx: number;
  readonly dy: number;
  /** Window corner in structure coordinates (nm). */
  readonly x0: number;
  readonly y0: number;
  readonly width: number;
  readonly height: number;
  /** 1 where the cell centre lies in the core. */
  readonly inCore: Uint8Array;
}

export interface FvChannelMode {
  readonly polarization: 'TE' | 'TM';
  readonly neff: number;
  readonly teFraction: number;
  /** On the whole window, cell centres, index j·nx + i. */
  readonly fields: CellFields;
}

export interface FvChannelSolve {
  readonly grid: FvChannelGrid;
  /** Guided modes, by decreasing n_eff within each polarization. */
  readonly modes: FvChannelMode[];
  readonly converged: boolean;
  readonly maxImaginaryRatio: number;
  /** Largest system solved (interleaved H_x, H_y unknowns) and its half-bandwidth. */
  readonly unknowns: number;
  readonly bandwidth: number;
  /** Most doubles one factorisation held. */
  readonly factorDoubles: number;
}

export interface FvChannelOptions {
  readonly polarizations: readonly ('TE' | 'TM')[];
  readonly maxModes: number;
  readonly symmetry: ChannelSymmetryOption;
  /** Called after each eigen-solve (one per symmetry class). */
  readonly onSolved?: () => void;
  /** The LU's backend (default: the TypeScript reference). */
  readonly linalg?: FvLinalg;
  /** The factorisation of σI − A (default sparse). */
  readonly factorization?: FvFactorization;
  /**
   * Stop a class's iteration once its leading converged modes hold maxModes of each polarization
   * (default true: the modes below are not reported); false converges every guided one asked for.
   */
  readonly earlyStop?: boolean;
}

/** One eigen-solve: the walls on the mirror planes (absent: that plane is not used) and how many eigenvalues to take. */
export interface ClassSolve {
  readonly left?: Wall;
  readonly bottom?: Wall;
  readonly wanted: number;
}

/** The window and its cell counts: even on both sides, so x = 0 and the core's mid-plane are node lines. */
export function fvChannelGrid(s: ChannelStructure, cell: number): Omit<FvChannelGrid, 'inCore'> {
  const width = s.window_nm?.width ?? 2 * (coreHalfWidth(s) + DEFAULT_MARGIN_NM);
  const height = s.window_nm?.height ?? s.core.height_nm + 2 * DEFAULT_MARGIN_NM;
  const nx = 2 * Math.max(2, Math.round(width / (2 * cell)));
  const ny = 2 * Math.max(2, Math.round(height / (2 * cell)));
  return { nx, ny, dx: width / nx, dy: height / ny, x0: -width / 2, y0: s.core.height_nm / 2 - height / 2, width, height };
}

/** Whether the core's mid-plane is a mirror plane of the cross-section. */
export function mirrorsInY(s: ChannelStructure, n: Pick<ChannelIndices, 'cladding' | 'substrate'>): boolean {
  return s.shape !== 'rib' && n.cladding === n.substrate;
}

/** Which planes a solve uses. `yMirror` says whether the cross-section is symmetric in y. */
function planes(symmetry: ChannelSymmetryOption, yMirror: boolean): { x: boolean; y: boolean } {
  return { x: symmetry !== 'none', y: symmetry === 'auto' && yMirror };
}

export interface FvSystemSize {
  /** Unknowns and half-bandwidth of the largest system. */
  readonly unknowns: number;
  readonly bandwidth: number;
  /** Its sparse LU (nested dissection, symbolic): doubles of the factors, peak doubles while factorising, multiply-adds. */
  readonly factorDoubles: number;
  readonly peakDoubles: number;
  readonly factorFlops: number;
}

/** Most entries in a row of the operator: five slots of the row's own field and four of the other's (fullvectorial-operator.ts). */
const FV_ROW_ENTRIES = 9;
const symbolicCache = new Map<string, SymbolicSize>();
/** The symbolic factorisation of an nx × ny cell grid (memoised: it depends on the counts only). */
function gridSymbolic(nx: number, ny: number): SymbolicSize {
  const key = `${nx}x${ny}`;
  let hit = symbolicCache.get(key);
  if (!hit) {
    const cell = cellOrder(nx, ny);
    hit = symbolicSize(nestedDissection(nx, ny, (i, j) => [2 * cell(i, j), 2 * cell(i, j) + 1]));
    if (symbolicCache.size > 32) symbolicCache.clear();
    symbolicCache.set(key, hit);
  }
  return hit;
}

/** Size of the systems a solve builds: the largest one's unknowns, half-bandwidth and sparse-LU size. */
export function fvSystemSize(s: ChannelStructure, cell: number, symmetry: ChannelSymmetryOption, yMirror: boolean): FvSystemSize {
  const g = fvChannelGrid(s, cell);
  const p = planes(symmetry, yMirror);
  const nx = p.x ? g.nx / 2 : g.nx;
  const ny = p.y ? g.ny / 2 : g.ny;
  const sym = gridSymbolic(nx, ny);
  return {
    unknowns: 2 * nx * ny,
    bandwidth: 2 * Math.min(nx, ny) + 1,
    factorDoubles: sym.factorDoubles,
    peakDoubles: sparsePeakDoubles(sym, 2 * nx * ny, FV_ROW_ENTRIES * 2 * nx * ny),
    factorFlops: sym.flops,
  };
}

function materialEdges(s: ChannelStructure, x0: number, y0: number): MaterialEdges {
  const xs: number[] = [];
  if (s.shape === 'slot') {
    const g = (s.gap_nm ?? 0) / 2;
    xs.push(-g - s.core.width_nm, -g, g, g + s.core.width_nm);
  } else xs.push(-s.core.width_nm / 2, s.core.width_nm / 2);
  const ys = [0, s.core.height_nm, ...(s.shape === 'rib' ? [s.slab_height_nm ?? 0] : [])];
  return { xs: xs.map((x) => x - x0), ys: ys.map((y) => y - y0) };
}

/**
 * The eigen-solves one wavelength needs. The fundamental quasi-TE mode has E_x even about both
 * planes (electric wall on x = 0, magnetic wall on the mid-plane); quasi-TM has E_y even (the
 * other way round). Quasi-TE and quasi-TM modes interleave in n_eff, so each class is asked for
 * enough eigenvalues to keep maxModes of each polarization.
 */
export function solvePlan(o: FvChannelOptions, yMirror: boolean): ClassSolve[] {
  const p = planes(o.symmetry, yMirror);
  const wanted = 2 * o.maxModes + 1;
  if (!p.x) return [{ wanted: 2 * wanted }];
  const xs: Wall[] = ['pec', 'pmc'];
  const ys: (Wall | undefined)[] = p.y ? ['pmc', 'pec'] : [undefined];
  if (o.maxModes === 1) {
    // The fundamental of each polarization lives in its even class: one solve per polarization asked for.
    return o.polarizations.map((pol) => {
      const te = pol === 'TE';
      return { left: te ? 'pec' : 'pmc', ...(p.y ? { bottom: te ? 'pmc' : 'pec' } : {}), wanted: 3 };
    });
  }
  return xs.flatMap((left) => ys.map((bottom) => ({ left, ...(bottom ? { bottom } : {}), wanted })));
}

export function solveFullVectorialChannel(s: ChannelStructure, n: ChannelIndices, wavelength: number, cell: number, o: FvChannelOptions): FvChannelSolve {
  const g = fvChannelGrid(s, cell);
  const inCore = new Uint8Array(g.nx * g.ny);
  for (let j = 0; j < g.ny; j++) for (let i = 0; i < g.nx; i++) inCore[j * g.nx + i] = indexAt(s, n, g.x0 + (i + 0.5) * g.dx, g.y0 + (j + 0.5) * g.dy) === n.core ? 1 : 0;
  const grid: FvChannelGrid = { ...g, inCore };
  const floorEps = Math.max(n.cladding, n.substrate) ** 2;
  const yMirror = mirrorsInY(s, n);
  const p = planes(o.symmetry, yMirror);
  const nxSolve = p.x ? g.nx / 2 : g.nx;
  const nySolve = p.y ? g.ny / 2 : g.ny;
  // A half starts at its mirror plane (x = 0; the core's mid-plane), the whole window at its corner.
  const solveX0 = p.x ? 0 : g.x0;
  const solveY0 = p.y ? g.y0 + g.height / 2 : g.y0;
  const eps = yeePermittivity(nxSolve, nySolve, g.dx, g.dy, (x, y) => indexAt(s, n, x + solveX0, y + solveY0) ** 2, materialEdges(s, solveX0, solveY0));
  // The TE0 of the slab as thick as the core, same claddings: the core lies inside that slab, so no
  // channel mode's β² should exceed it (a bound for the shift only: a wrong one costs solves, not answers).
  const slabTop = solveSlabModes({ core: n.core, cover: n.cladding, substrate: n.substrate, thickness_nm: s.core.height_nm, wavelength_nm: wavelength }, 'TE')[0]?.n_eff ?? n.core;
  const all: FvChannelMode[] = [];
  let converged = true;
  let maxImaginaryRatio = 0;
  let unknowns = 0;
  let bandwidth = 0;
  let factorDoubles = 0;
  for (const c of solvePlan(o, yMirror)) {
    const r = solveFullVectorial({ topBeta2Bound: ((2 * Math.PI) / wavelength) ** 2 * slabTop ** 2, nx: nxSolve, ny: nySolve, dx: g.dx, dy: g.dy, eps, left: c.left ?? 'pec', bottom: c.bottom ?? 'pec', wavelength, modes: c.wanted, floorEps, ...(o.linalg ? { linalg: o.linalg } : {}), ...(o.factorization ? { factorization: o.factorization } : {}), ...(o.earlyStop === false ? {} : { enough: { polarizations: o.polarizations, maxModes: o.maxModes } }) });
    converged &&= r.converged;
    maxImaginaryRatio = Math.max(maxImaginaryRatio, r.maxImaginaryRatio);
    unknowns = Math.max(unknowns, r.unknowns);
    bandwidth = Math.max(bandwidth, r.bandwidth);
    factorDoubles = Math.max(factorDoubles, r.factorDoubles);
    for (const m of r.modes) {
      if (!(m.beta2 > 0) || m.neff * m.neff <= floorEps) continue;
      let fields = m.fields;
      if (c.bottom) fields = unfoldY(fields, nxSolve, nySolve, c.bottom);
      if (c.left) fields = unfoldX(fields, nxSolve, g.ny, c.left);
      all.push({ polarization: m.teFraction > 0.5 ? 'TE' : 'TM', neff: m.neff, teFraction: m.teFraction, fields });
    }
    o.onSolved?.();
  }
  all.sort((a, b) => b.neff - a.neff);
  const modes = o.polarizations.flatMap((pol) => all.filter((m) => m.polarization === pol).slice(0, o.maxModes));
  return { grid, modes, converged, maxImaginaryRatio, unknowns, bandwidth, factorDoubles };
}

type Component = keyof CellFields;
/** Components that are even about an electric-wall plane normal to x (E_x, H_y, H_z) or to y (E_y, H_x, H_z); the rest are odd. A magnetic wall swaps the sets. */
const EVEN_AT_PEC: Record<'x' | 'y', readonly Component[]> = { x: ['ex', 'hy', 'hz'], y: ['ey', 'hx', 'hz'] };
const COMPONENTS: readonly Component[] = ['ex', 'ey', 'ez', 'hx', 'hy', 'hz'];

function parity(axis: 'x' | 'y', wall: Wall, c: Component): number {
  const evenAtPec = EVEN_AT_PEC[axis].includes(c);
  return evenAtPec === (wall === 'pec') ? 1 : -1;
}

/** Half-window fields (x ≥ 0) to the whole window. */
function unfoldX(f: CellFields, nxHalf: number, ny: number, wall: Wall): CellFields {
  const nx = 2 * nxHalf;
  const out = {} as Record<Component, Float64Array>;
  for (const c of COMPONENTS) {
    const src = f[c];
    const sign = parity('x', wall, c);
    const dst = new Float64Array(nx * ny);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nxHalf; i++) {
        const v = src[j * nxHalf + i] as number;
        dst[j * nx + nxHalf + i] = v;
        dst[j * nx + nxHalf - 1 - i] = sign * v;
      }
    }
    out[c] = dst;
  }
  return out;
}

/** Upper-half fields (above the mid-plane) to the whole height. */
function unfoldY(f: CellFields, nx: number, nyHalf: number, wall: Wall): CellFields {
  const out = {} as Record<Component, Float64Array>;
  for (const c of COMPONENTS) {
    const src = f[c];
    const sign = parity('y', wall, c);
    const dst = new Float64Array(nx * 2 * nyHalf);
    for (let j = 0; j < nyHalf; j++) {
      for (let i = 0; i < nx; i++) {
        const v = src[j * nx + i] as number;
        dst[(nyHalf + j) * nx + i] = v;
        dst[(nyHalf - 1 - j) * nx + i] = sign * v;
      }
    }
    out[c] = dst;
  }
  return out;
}
