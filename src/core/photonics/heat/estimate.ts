/**
 * estimateHeat: what solveHeat will cost before it runs. IC(0)-PCG on N cells takes ~√N iterations
 * of O(N) work, so the time scales as N^1.5; the probe times the same problem on a grid with
 * cells twice as large (N/4; larger still for an oversize problem) on this device and scales it by
 * (N/N_probe)^1.5. Memory: about ten
 * Float64Arrays of N (stencil, right-hand side, CG vectors, pivots) plus the map.
 */
import { MAX_HEAT_CELLS, parseHeatProblem } from './problem.ts';
import { heatGridCells, solveHeat } from './solve.ts';
import { timeProbe } from '../probe-timing.ts';
import type { EstimateOptions, SolveEstimate } from '../estimate.ts';

/** The photonics engine's estimate, for the heat oracle (not a photonics `solve` kind, so its own `kind`). */
export type HeatEstimate = Omit<SolveEstimate, 'kind'> & { readonly kind: 'heat' };

export function estimateHeat(input: unknown, options: EstimateOptions): HeatEstimate {
  const p = parseHeatProblem(input);
  const full = heatGridCells(p);
  // Coarsen by 2 per axis, and further while the probe itself would be large (an oversize problem).
  const coarsened = (factor: number) => ({ ...p, grid: { ...p.grid, cell_nm: p.grid.cell_nm * factor, max_cell_nm: p.grid.max_cell_nm * factor } });
  let factor = 2;
  while (heatGridCells(coarsened(factor)).cells > MAX_HEAT_CELLS / 4) factor *= 2;
  const coarse = coarsened(factor);
  const probeCells = heatGridCells(coarse).cells;
  const probeMs = timeProbe(() => solveHeat(coarse), options.now, 2);
  const scale = (full.cells / probeCells) ** 1.5;
  const advice = [
    `${full.nx} × ${full.ny} = ${full.cells} cells; IC(0)-PCG cost grows as cells^1.5, so halving cell_nm and max_cell_nm costs about 8×`,
    'converge by grid.subdivide = 2 (each cell split in four) and check that the core ΔT moves less than your tolerance; keep 16 or more cells across the core and every edge of the heater on a grid line (they are, automatically)',
  ];
  return {
    kind: 'heat',
    unknowns: full.cells,
    memory_bytes: full.cells * 12 * 8,
    expected_seconds: (probeMs * scale) / 1000,
    calibration: { probe: `the same cross-section with cells twice as large (${probeCells} cells)`, probe_ms: probeMs, scale },
    advice,
    ...(full.cells > MAX_HEAT_CELLS ? { refused: `${full.cells} cells is over the limit of ${MAX_HEAT_CELLS}: raise grid.cell_nm or grid.max_cell_nm, or lower grid.subdivide` } : {}),
  };
}
