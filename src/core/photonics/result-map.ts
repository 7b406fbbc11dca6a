/**
 * 2-D data of a result in the `maps` contract every grid solver shares (mode fields, EME field maps,
 * inverse designs; the page draws them all with one heatmap): rows = y ascending, columns = x ascending,
 * at most MAX_MAP_SIDE per side (block-averaged when bigger), values rounded to 4 significant digits
 * so a result stays small.
 */
export interface ResultMap {
  readonly id: string;
  readonly title: string;
  readonly x_nm: [number, number];
  readonly y_nm: [number, number];
  readonly values: number[][];
  readonly quantity: string;
  readonly scale: 'sequential' | 'diverging';
}

export const MAX_MAP_SIDE = 200;

export function round4(v: number): number {
  return v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4));
}

/** A map from `nx × ny` samples (value(i, j), i along x), block-averaged down to ≤ MAX_MAP_SIDE per side. */
export function makeMap(
  meta: Omit<ResultMap, 'values'>,
  nx: number,
  ny: number,
  value: (i: number, j: number) => number,
): ResultMap {
  const fx = Math.ceil(nx / MAX_MAP_SIDE);
  const fy = Math.ceil(ny / MAX_MAP_SIDE);
  const values: number[][] = [];
  for (let bj = 0; bj * fy < ny; bj++) {
    const row: number[] = [];
    for (let bi = 0; bi * fx < nx; bi++) {
      let s = 0;
      let count = 0;
      for (let j = bj * fy; j < Math.min(ny, (bj + 1) * fy); j++) {
        for (let i = bi * fx; i < Math.min(nx, (bi + 1) * fx); i++) {
          s += value(i, j);
          count++;
        }
      }
      row.push(round4(s / count));
    }
    values.push(row);
  }
  return { ...meta, values };
}
