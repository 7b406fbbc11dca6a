/**
 * The transverse grid of an EME window and the permittivity (n²) of one cross-section on it.
 * Grid points sit at x_i = −W/2 + (i + 1)Δx, i = 0…N−1, with the walls (E = 0) at ±W/2 one step
 * beyond the end points. Each point takes the average of n² over its cell [x_i − Δx/2, x_i + Δx/2]:
 * for TE (E parallel to the core walls) that is the right effective medium, and it makes n_eff move
 * smoothly, not in grid-sized jumps, as a core edge slides, which a taper or a width sweep needs.
 */

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
