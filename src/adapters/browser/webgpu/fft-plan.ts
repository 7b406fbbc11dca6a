/**
 * The schedule of the GPU's 3-D FFT: radix-2 Stockham stages (Govindaraju et al. 2008, "High
 * performance discrete Fourier transforms on graphics processors"), one compute dispatch per stage,
 * ping-ponging between two buffers so every stage reads one and writes the other (no in-place
 * bit reversal; the output comes out in natural order). Pure arithmetic, so Node tests replay it
 * on the CPU against dda/fft.ts.
 *
 * Layout: 3 field components one after another, each a grid x fastest: element (c, x, y, z) sits at
 * c·total + x + mx·(y + my·z). A stage along an axis of length N and stride S is N/2 butterflies
 * per line; thread t takes butterfly j = t mod N/2 of line t div N/2.
 */
import type { Dims } from '../../../core/photonics/dda/fft.ts';

export interface FftStage {
  /** Length of the lines this stage transforms. */
  readonly n: number;
  /** Memory distance between consecutive elements of a line. */
  readonly stride: number;
  /** Stockham's Ns: the size of the sub-transforms already done (1, 2, 4, …, N/2). */
  readonly ns: number;
  /** Where this axis's twiddle table starts in the shared table. */
  readonly twiddleOffset: number;
  /** Table step for this stage: e^{−2πi k/(2Ns)} = table[k · N/(2Ns)]. */
  readonly twiddleStep: number;
}

export interface FftPlan {
  readonly stages: readonly FftStage[];
  /** (cos, −sin)(2πm/N) for m < N/2, per distinct axis length, interleaved re/im. */
  readonly twiddles: Float64Array;
}

function log2(n: number): number {
  let bits = 0;
  while (1 << bits < n) bits++;
  if (1 << bits !== n) throw new Error(`the GPU FFT needs power-of-two sides, got ${n}`);
  return bits;
}

/** Stages of the forward 3-D transform (x, then y, then z); the inverse runs the same stages with conjugated twiddles. */
export function fftPlan(grid: Dims): FftPlan {
  const [mx, my] = grid;
  const strides = [1, mx, mx * my];
  const offsets = new Map<number, number>();
  const tables: number[] = [];
  for (const n of grid) {
    if (n < 2 || offsets.has(n)) continue;
    offsets.set(n, tables.length / 2);
    for (let m = 0; m < n / 2; m++) tables.push(Math.cos((2 * Math.PI * m) / n), -Math.sin((2 * Math.PI * m) / n));
  }
  const stages: FftStage[] = [];
  grid.forEach((n, axis) => {
    const bits = log2(n);
    for (let s = 0; s < bits; s++) {
      const ns = 1 << s;
      stages.push({ n, stride: strides[axis] as number, ns, twiddleOffset: offsets.get(n) as number, twiddleStep: n / (2 * ns) });
    }
  });
  return { stages, twiddles: Float64Array.from(tables) };
}

/** Where butterfly thread `t` of a stage reads (a, a + N/2·S) and writes (o, o + Ns·S), as element indices. */
export function butterflyIndices(stage: FftStage, t: number): { readonly a: number; readonly b: number; readonly outA: number; readonly outB: number; readonly twiddle: number } {
  const half = stage.n / 2;
  const j = t % half;
  const line = Math.floor(t / half);
  const base = (line % stage.stride) + Math.floor(line / stage.stride) * stage.stride * stage.n;
  const k = j % stage.ns;
  const o = Math.floor(j / stage.ns) * stage.ns * 2 + k;
  return {
    a: base + j * stage.stride,
    b: base + (j + half) * stage.stride,
    outA: base + o * stage.stride,
    outB: base + (o + stage.ns) * stage.stride,
    twiddle: stage.twiddleOffset + k * stage.twiddleStep,
  };
}

/** Workgroups for `threads` invocations of size `workgroupSize`, split over x and y when x would exceed the 65535 limit. */
export function dispatchSize(threads: number, workgroupSize: number, maxPerDimension = 65535): { x: number; y: number; rowThreads: number } {
  const groups = Math.max(1, Math.ceil(threads / workgroupSize));
  const x = Math.min(groups, maxPerDimension);
  return { x, y: Math.ceil(groups / x), rowThreads: x * workgroupSize };
}
