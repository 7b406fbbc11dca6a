/**
 * The transverse grid of an EME window and the permittivity (n²) of one cross-section on it.
 * Grid points sit at x_i = −W/2 + (i + 1)Δx, i = 0…N−1, with the walls (E = 0) at ±W/2 one step
 * beyond the end points. Each point takes the average of n² over its cell [x_i − Δx/2, x_i + Δx/2]:
 * for TE (E parallel to the core walls) that is the right effective medium, and it makes n_eff move
 * smoothly, not in grid-sized jumps, as a core edge slides, which a taper or a width sweep needs.
 * TM needs other averages (1/ε at the points, ε on the links between them): rasteriseTmCrossSection.
 */
import type { TmProfile } from './transverse-modes.ts';

export interface TransverseGrid {
  readonly windowUm: number;
  /** Step, µm. */
  readonly dx: number;
  /** Interior points (the walls are not unknowns). */
  readonly points: number;
}

/** A core with its index already resolved at the wavelength. */
export interface ResolvedCore {
  readonly centerUm: number;
  readonly widthUm: number;
  readonly indexSquared: number;
}

export function makeGrid(windowUm: number, gridNm: number): TransverseGrid {
  // The step is adjusted (never coarsened) so that a whole number of steps spans the window.
  const steps = Math.max(2, Math.ceil((windowUm * 1000) / gridNm - 1e-9));
  return { windowUm, dx: windowUm / steps, points: steps - 1 };
}

export function gridX(grid: TransverseGrid, i: number): number {
  return -grid.windowUm / 2 + (i + 1) * grid.dx;
}

/** n² at every grid point: cladding, with each core painted over it (a later core wins where they overlap). */
export function rasteriseCrossSection(grid: TransverseGrid, claddingIndexSquared: number, cores: readonly ResolvedCore[]): Float64Array {
  const out = new Float64Array(grid.points).fill(claddingIndexSquared);
  for (const core of cores) {
    const left = core.centerUm - core.widthUm / 2;
    const right = core.centerUm + core.widthUm / 2;
    for (let i = 0; i < grid.points; i++) {
      const x = gridX(grid, i);
      const covered = Math.max(0, Math.min(right, x + grid.dx / 2) - Math.max(left, x - grid.dx / 2)) / grid.dx;
      if (covered <= 0) continue;
      // Painting over: the covered fraction of this cell takes the core's n², the rest keeps what was
      // there; a fully covered cell takes it exactly (the subtraction above rounds).
      out[i] = covered >= 1 - 1e-12 ? core.indexSquared : (out[i] as number) * (1 - covered) + core.indexSquared * covered;
    }
  }
  return out;
}

/**
 * The cross-section as exact pieces of constant n² across the window: cladding, with each core
 * painted over it in order (a later core wins where they overlap). Pieces are sorted and touch.
 */
interface Piece {
  readonly from: number;
  readonly to: number;
  readonly indexSquared: number;
}

function crossSectionPieces(windowUm: number, claddingIndexSquared: number, cores: readonly ResolvedCore[]): Piece[] {
  let pieces: Piece[] = [{ from: -windowUm / 2, to: windowUm / 2, indexSquared: claddingIndexSquared }];
  for (const core of cores) {
    const left = core.centerUm - core.widthUm / 2;
    const right = core.centerUm + core.widthUm / 2;
    const next: Piece[] = [];
    for (const p of pieces) {
      if (p.from < left) next.push({ ...p, to: Math.min(p.to, left) });
      if (p.to > right) next.push({ ...p, from: Math.max(p.from, right) });
    }
    const clippedLeft = Math.max(left, -windowUm / 2);
    const clippedRight = Math.min(right, windowUm / 2);
    if (clippedRight > clippedLeft) next.push({ from: clippedLeft, to: clippedRight, indexSquared: core.indexSquared });
    pieces = next.filter((p) => p.to > p.from).sort((a, b) => a.from - b.from);
  }
  return pieces;
}

/** Mean of f(n²) over [a, b] of the piecewise-constant cross-section. */
function averageOver(pieces: readonly Piece[], a: number, b: number, f: (indexSquared: number) => number): number {
  let sum = 0;
  for (const p of pieces) {
    const overlap = Math.min(b, p.to) - Math.max(a, p.from);
    if (overlap > 0) sum += overlap * f(p.indexSquared);
  }
  return sum / (b - a);
}

/**
 * The TM operator's view of a cross-section (see transverse-modes.ts): the cell average of 1/ε at
 * each grid point, and the average of ε over each link between neighbours (walls included), both
 * exact for the piecewise-constant profile, so an index step anywhere inside a cell or link is felt
 * in proportion and n_eff moves smoothly as a core edge slides.
 */
export function rasteriseTmCrossSection(grid: TransverseGrid, claddingIndexSquared: number, cores: readonly ResolvedCore[]): TmProfile {
  const pieces = crossSectionPieces(grid.windowUm, claddingIndexSquared, cores);
  const inverseAtNodes = new Float64Array(grid.points);
  for (let i = 0; i < grid.points; i++) {
    const x = gridX(grid, i);
    inverseAtNodes[i] = averageOver(pieces, x - grid.dx / 2, x + grid.dx / 2, (e) => 1 / e);
  }
  const permittivityOnLinks = new Float64Array(grid.points + 1);
  for (let i = 0; i <= grid.points; i++) {
    const right = -grid.windowUm / 2 + (i + 1) * grid.dx;
    permittivityOnLinks[i] = averageOver(pieces, right - grid.dx, right, (e) => e);
  }
  return { inverseAtNodes, permittivityOnLinks };
}
