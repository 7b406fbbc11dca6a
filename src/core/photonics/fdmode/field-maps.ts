/**
 * Field maps of full-vectorial modes in the shared 2-D result contract (`maps`): |E_x|² and |E_y|²
 * at cell centres, rows from the bottom of the window up, each normalised to the peak of the mode's
 * |E|² so the two maps of a mode share one scale (the minor component's weight stays visible).
 * Grids above MAX_MAP_SIDE per side are averaged down in blocks; values keep four significant
 * digits, which is what a heatmap can show and keeps a result with several modes small.
 */
import type { FvChannelGrid, FvChannelMode } from './fullvectorial-channel.ts';

export interface FieldMap {
  readonly id: string;
  readonly title: string;
  readonly x_nm: [number, number];
  readonly y_nm: [number, number];
  readonly values: number[][];
  readonly quantity: string;
  readonly scale: 'sequential' | 'diverging';
}

export const MAX_MAP_SIDE = 200;

export function fieldMaps(grid: FvChannelGrid, mode: FvChannelMode, wavelength: number, order: number): FieldMap[] {
  const { ex, ey, ez } = mode.fields;
  let peak = 0;
  for (let k = 0; k < ex.length; k++) peak = Math.max(peak, (ex[k] as number) ** 2 + (ey[k] as number) ** 2 + (ez[k] as number) ** 2);
  const scale = peak > 0 ? 1 / peak : 1;
  const components: ['x' | 'y', Float64Array][] = mode.polarization === 'TE' ? [['x', ex], ['y', ey]] : [['y', ey], ['x', ex]];
  const name = `${mode.polarization}${order}`;
  return components.map(([axis, field]) => ({
    id: `${name}-${wavelength}nm-E${axis}`,
    title: `${name} at ${wavelength} nm: |E${axis}|² (n_eff ${mode.neff.toFixed(4)})`,
    x_nm: [grid.x0, grid.x0 + grid.width],
    y_nm: [grid.y0, grid.y0 + grid.height],
    values: blockAverage(grid.nx, grid.ny, (k) => (field[k] as number) ** 2 * scale),
    quantity: `|E${axis}|² (normalised to the peak of |E|²)`,
    scale: 'sequential',
  }));
}

/** Rows (y ascending) of cell values, averaged over blocks so that neither side exceeds MAX_MAP_SIDE. */
export function blockAverage(nx: number, ny: number, value: (k: number) => number): number[][] {
  const bx = Math.ceil(nx / MAX_MAP_SIDE);
  const by = Math.ceil(ny / MAX_MAP_SIDE);
  const cols = Math.ceil(nx / bx);
  const rows = Math.ceil(ny / by);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => {
      let sum = 0;
      let count = 0;
      for (let j = r * by; j < Math.min(ny, (r + 1) * by); j++) {
        for (let i = c * bx; i < Math.min(nx, (c + 1) * bx); i++) {
          sum += value(j * nx + i);
          count++;
        }
      }
      return Number((sum / count).toPrecision(4));
    }),
  );
}
