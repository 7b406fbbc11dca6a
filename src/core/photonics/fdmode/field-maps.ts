/**
 * Field maps of full-vectorial modes in the shared 2-D result contract (`maps`): |E_x|² and |E_y|²
 * at cell centres, rows from the bottom of the window up, each normalised to the peak of the mode's
 * |E|² so the two maps of a mode share one scale (the minor component's weight stays visible).
 * Grids above MAX_MAP_SIDE per side are averaged down in blocks; values keep four significant
 * digits, which is what a heatmap can show and keeps a result with several modes small.
 */
import { mapFromSamples, type ResultMap } from '../result-map.ts';
import type { FvChannelGrid, FvChannelMode } from './fullvectorial-channel.ts';

/** A mode's field map: the shared result-map contract. */
export type FieldMap = ResultMap;

export function fieldMaps(grid: FvChannelGrid, mode: FvChannelMode, wavelength: number, order: number): FieldMap[] {
  const { ex, ey, ez } = mode.fields;
  const peak = peakEnergy(ex, ey, ez);
  const scale = peak > 0 ? 1 / peak : 1;
  const components: ['x' | 'y', Float64Array][] = mode.polarization === 'TE' ? [['x', ex], ['y', ey]] : [['y', ey], ['x', ex]];
  const name = `${mode.polarization}${order}`;
  return components.map(([axis, field]) =>
    mapFromSamples(
      {
        id: `${name}-${wavelength}nm-E${axis}`,
        title: `${name} at ${wavelength} nm: |E${axis}|² (n_eff ${mode.neff.toFixed(4)})`,
        x_nm: [grid.x0, grid.x0 + grid.width],
        y_nm: [grid.y0, grid.y0 + grid.height],
        quantity: `|E${axis}|² (normalised to the peak of |E|²)`,
        scale: 'sequential',
      },
      grid.nx,
      grid.ny,
      scaledSquares(field, scale),
    ),
  );
}

/**
 * max |E|² over the cells. A function of its own: its loop inside fieldMaps had V8 compile all of
 * fieldMaps on-stack on each solve (issue 20), where this small one is compiled once.
 */
function peakEnergy(ex: Float64Array, ey: Float64Array, ez: Float64Array): number {
  let peak = 0;
  for (let k = 0; k < ex.length; k++) peak = Math.max(peak, (ex[k] as number) ** 2 + (ey[k] as number) ** 2 + (ez[k] as number) ** 2);
  return peak;
}

/** |field|²·scale per cell (the value each map averages). */
function scaledSquares(field: Float64Array, scale: number): Float64Array {
  const out = new Float64Array(field.length);
  for (let k = 0; k < field.length; k++) out[k] = (field[k] as number) ** 2 * scale;
  return out;
}
