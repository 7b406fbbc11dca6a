/**
 * The evaluator's map (a temperature or field on the solver's graded grid: fine cells near the
 * heater and core, coarse ones far away) resampled by bilinear interpolation onto the uniform grid
 * the Heatmap draws, so a feature sits where it is rather than where its cell index would put it.
 * Pure and tested.
 */
import type { HeatmapData } from '../../charts/heatmap-geometry.ts';
import type { Verdict } from '../../../core/design/evaluator.ts';

export type EvaluatorMap = NonNullable<Verdict['map']>;

/** Index i with axis[i] ≤ v ≤ axis[i + 1] (clamped to the ends) and the weight of axis[i + 1]. */
function bracket(axis: readonly number[], v: number): [number, number] {
  const last = axis.length - 1;
  if (last <= 0 || v <= (axis[0] as number)) return [0, 0];
  if (v >= (axis[last] as number)) return [Math.max(0, last - 1), last === 0 ? 0 : 1];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((axis[mid] as number) <= v) lo = mid;
    else hi = mid;
  }
  const a = axis[lo] as number;
  const b = axis[hi] as number;
  return [lo, b > a ? (v - a) / (b - a) : 0];
}

/** Values at uniform sample centres (row 0 at the lowest y), `cols` across and rows to keep the aspect. */
export function resampleMap(map: EvaluatorMap, title: string, cols = 120): HeatmapData {
  const nx = map.x_um.length;
  const ny = map.y_um.length;
  if (nx === 0 || ny === 0 || map.values.length !== nx * ny) throw new RangeError(`the map has ${map.values.length} values for a ${nx} × ${ny} grid`);
  const x0 = map.x_um[0] as number;
  const x1 = map.x_um[nx - 1] as number;
  const y0 = map.y_um[0] as number;
  const y1 = map.y_um[ny - 1] as number;
  const rows = Math.min(200, Math.max(8, Math.round((cols * (y1 - y0)) / Math.max(x1 - x0, 1e-9))));
  const at = (i: number, j: number): number => map.values[j * nx + i] as number;
  const values: number[][] = [];
  for (let r = 0; r < rows; r++) {
    const [j, wy] = bracket(map.y_um, y0 + ((r + 0.5) * (y1 - y0)) / rows);
    const j1 = Math.min(j + 1, ny - 1);
    const row: number[] = [];
    for (let c = 0; c < cols; c++) {
      const [i, wx] = bracket(map.x_um, x0 + ((c + 0.5) * (x1 - x0)) / cols);
      const i1 = Math.min(i + 1, nx - 1);
      const bottom = at(i, j) * (1 - wx) + at(i1, j) * wx;
      const top = at(i, j1) * (1 - wx) + at(i1, j1) * wx;
      row.push(bottom * (1 - wy) + top * wy);
    }
    values.push(row);
  }
  return {
    title,
    x_nm: [x0 * 1000, x1 * 1000],
    y_nm: [y0 * 1000, y1 * 1000],
    values,
    quantity: map.unit,
    scale: map.kind === 'field' && map.values.some((v) => v < 0) ? 'diverging' : 'sequential',
  };
}
