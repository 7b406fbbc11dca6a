/**
 * Rasterises a channel cross-section onto the solver's grid, each node holding the n² averaged
 * over its cell (4 × 4 sub-samples): a face that cuts a cell gives the cell a blend instead of a
 * staircase, which is what makes n_eff move smoothly as the core width changes.
 */
import type { ChannelStructure } from './problem.ts';
import { ProblemError } from '../solve-context.ts';

export interface ChannelGrid {
  nx: number;
  ny: number;
  cell: number;
  /** Window corner (nm) in structure coordinates: x across, y up, substrate top at y = 0. */
  x0: number;
  y0: number;
  width: number;
  height: number;
  eps: Float64Array;
  /** 1 where the node's cell centre lies in the core (for the confinement factor). */
  inCore: Uint8Array;
}

export const DEFAULT_MARGIN_NM = 1000;
const SUB = 4;

export interface ChannelIndices {
  core: number;
  cladding: number;
  substrate: number;
}

/** Half-width of everything that is core, nm. */
export function coreHalfWidth(s: ChannelStructure): number {
  return s.shape === 'slot' ? s.core.width_nm + (s.gap_nm ?? 0) / 2 : s.core.width_nm / 2;
}

function isCore(s: ChannelStructure, x: number, y: number): boolean {
  if (y < 0 || y > s.core.height_nm) return false;
  if (s.shape === 'rib' && y <= (s.slab_height_nm ?? 0)) return true;
  const ax = Math.abs(x);
  if (s.shape === 'slot') {
    const g = (s.gap_nm ?? 0) / 2;
    return ax >= g && ax <= g + s.core.width_nm;
  }
  return ax <= s.core.width_nm / 2;
}

/** The refractive index at a point of the cross-section (structure coordinates, nm). */
export function indexAt(s: ChannelStructure, n: ChannelIndices, x: number, y: number): number {
  return isCore(s, x, y) ? n.core : y < 0 ? n.substrate : n.cladding;
}

/** The window and its node counts at `cell` nm, computed without allocating anything. */
export function channelGridShape(s: ChannelStructure, cell: number): { width: number; height: number; nx: number; ny: number } {
  const width = s.window_nm?.width ?? 2 * (coreHalfWidth(s) + DEFAULT_MARGIN_NM);
  const height = s.window_nm?.height ?? s.core.height_nm + 2 * DEFAULT_MARGIN_NM;
  return { width, height, nx: Math.max(3, Math.round(width / cell)), ny: Math.max(3, Math.round(height / cell)) };
}

export function rasterise(s: ChannelStructure, n: ChannelIndices, cell: number): ChannelGrid {
  const { width, height, nx, ny } = channelGridShape(s, cell);
  const x0 = -width / 2;
  // Centre the core vertically in the window.
  const y0 = s.core.height_nm / 2 - height / 2;
  const eps = new Float64Array(nx * ny);
  const inCore = new Uint8Array(nx * ny);
  const dx = width / nx;
  const dy = height / ny;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let sum = 0;
      for (let a = 0; a < SUB; a++) {
        for (let b = 0; b < SUB; b++) {
          const x = x0 + (i + (a + 0.5) / SUB) * dx;
          const y = y0 + (j + (b + 0.5) / SUB) * dy;
          const idx = indexAt(s, n, x, y);
          sum += idx * idx;
        }
      }
      eps[j * nx + i] = sum / (SUB * SUB);
      inCore[j * nx + i] = isCore(s, x0 + (i + 0.5) * dx, y0 + (j + 0.5) * dy) ? 1 : 0;
    }
  }
  return { nx, ny, cell, x0, y0, width, height, eps, inCore };
}

/** Why a window of more than `limit` nodes is refused (null when it is not): what solve throws and estimate reports. */
export function oversizedChannelGrid(s: ChannelStructure, cell: number, limit: number): string | null {
  const { nx, ny } = channelGridShape(s, cell);
  return nx * ny > limit ? `the window needs ${nx} × ${ny} = ${nx * ny} nodes at grid_nm = ${cell}, over the ${limit} limit: use a larger grid_nm or a smaller window_nm` : null;
}

/**
 * Refuses a window of more than `limit` nodes before anything is allocated or factorised symbolically
 * (a 0.01 nm grid means 10¹¹ nodes: a typed array that cannot exist, and a symbolic LU that never ends).
 */
export function refuseOversizedChannelGrid(s: ChannelStructure, cell: number, limit: number): void {
  const reason = oversizedChannelGrid(s, cell, limit);
  if (reason !== null) throw new ProblemError(reason);
}
