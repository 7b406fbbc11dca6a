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

/** 10^k, k = 0…22: every one exactly a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
/** How close (relative) to a rounding tie or a decade's edge the fast path gives way to toPrecision. */
const FAST_MARGIN = 2 ** -40;

/**
 * Number(v.toPrecision(4)), the same double every time, without formatting a string when that is
 * safe (issue 20: the field maps' toPrecision was ~4 % of a 20 nm mode solve). For |v| in 1e-19…1e4:
 * s = |v|·10^k lands in [1000, 10000) with one rounding, so round(s) is the exact decimal
 * rounding's n whenever s is clearly away from a tie and from the decade's edges; n / 10^k is then
 * the correctly rounded double of n·10^−k, which is what parsing the string gives. Anything close
 * to a tie or an edge, or out of that range, takes the string path.
 */
export function round4(v: number): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const a = Math.abs(v);
  if (a >= 1e-19 && a < 1e4) {
    // A first guess at k from the exponent (any engine's log10 will do: the range check decides).
    let k = 3 - Math.floor(Math.log10(a));
    if (k >= 0 && k <= 22) {
      let s = a * (POWERS_OF_TEN[k] as number);
      if (s >= 10000 && k > 0) s = a * (POWERS_OF_TEN[--k] as number);
      else if (s < 1000 && k < 22) s = a * (POWERS_OF_TEN[++k] as number);
      const fraction = s - Math.floor(s);
      if (s >= 1000 * (1 + FAST_MARGIN) && s < 9999.5 * (1 - FAST_MARGIN) && Math.abs(fraction - 0.5) > FAST_MARGIN * s) {
        const n = Math.floor(s) + (fraction > 0.5 ? 1 : 0);
        const r = n / (POWERS_OF_TEN[k] as number);
        return v < 0 ? -r : r;
      }
    }
  }
  return Number(v.toPrecision(4));
}

/** A map from `nx × ny` samples (value(i, j), i along x), block-averaged down to ≤ MAX_MAP_SIDE per side. */
export function makeMap(
  meta: Omit<ResultMap, 'values'>,
  nx: number,
  ny: number,
  value: (i: number, j: number) => number,
): ResultMap {
  const samples = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) samples[j * nx + i] = value(i, j);
  return mapFromSamples(meta, nx, ny, samples);
}

/**
 * makeMap from the samples already in an array (index j·nx + i): the same sums in the same order,
 * so the same values. The grid solvers' fields are arrays already, and a callback per sample was
 * most of a 20 nm mode solve's map time (issue 20: makeMap's call site sees every solver's
 * closures, so none of them is inlined).
 */
export function mapFromSamples(meta: Omit<ResultMap, 'values'>, nx: number, ny: number, samples: Float64Array): ResultMap {
  const fx = Math.ceil(nx / MAX_MAP_SIDE);
  const fy = Math.ceil(ny / MAX_MAP_SIDE);
  const values: number[][] = [];
  for (let bj = 0; bj * fy < ny; bj++) values.push(fx === 1 && fy === 1 ? sampleRow(samples, nx, bj) : blockRow(samples, nx, ny, fx, fy, bj));
  return { ...meta, values };
}

/** Row bj of the block averages, each rounded by round4 (a small function: compiled once, not on-stack per map). */
function blockRow(samples: Float64Array, nx: number, ny: number, fx: number, fy: number, bj: number): number[] {
  const row: number[] = [];
  const jEnd = Math.min(ny, (bj + 1) * fy);
  for (let bi = 0; bi * fx < nx; bi++) {
    const iEnd = Math.min(nx, (bi + 1) * fx);
    let s = 0;
    let count = 0;
    for (let j = bj * fy; j < jEnd; j++) {
      for (let i = bi * fx; i < iEnd; i++) {
        s += samples[j * nx + i] as number;
        count++;
      }
    }
    row.push(round4(s / count));
  }
  return row;
}

/** blockRow for blocks of one sample: the same value ((0 + v) / 1), without the block loops. */
function sampleRow(samples: Float64Array, nx: number, j: number): number[] {
  const row = new Array<number>(nx);
  for (let i = 0; i < nx; i++) row[i] = round4((0 + (samples[j * nx + i] as number)) / 1);
  return row;
}
