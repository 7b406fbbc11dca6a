/**
 * LU factorisation of a banded matrix without pivoting, and the matching solve. Used for the
 * shift-and-invert step of the mode solver, whose shifted operator −(A − σI) is a nonsingular
 * M-matrix (positive diagonal, non-positive off-diagonals, spectrum in the right half-plane): for
 * those, Gaussian elimination without pivoting is stable and keeps the band (no fill outside it).
 *
 * Storage: row i keeps columns i − bw … i + bw at offset (j − i + bw), so a row is 2·bw + 1 wide.
 */
import type { BandedFactor, DenseLinalgKernel } from '../linalg/kernel.ts';

export interface BandedMatrix {
  readonly n: number;
  readonly bw: number;
  readonly data: Float64Array;
}

export function bandedZeros(n: number, bw: number): BandedMatrix {
  return { n, bw, data: new Float64Array(n * (2 * bw + 1)) };
}

export function bandedAdd(m: BandedMatrix, i: number, j: number, value: number): void {
  const w = 2 * m.bw + 1;
  const off = j - i + m.bw;
  if (off < 0 || off >= w) throw new Error(`banded: (${i}, ${j}) is outside the band ${m.bw}`);
  m.data[i * w + off] = (m.data[i * w + off] as number) + value;
}

/** y = M·x */
export function bandedMultiply(m: BandedMatrix, x: Float64Array, y: Float64Array): void {
  const { n, bw, data } = m;
  const w = 2 * bw + 1;
  for (let i = 0; i < n; i++) {
    let s = 0;
    const lo = Math.max(0, i - bw);
    const hi = Math.min(n - 1, i + bw);
    for (let j = lo; j <= hi; j++) s += (data[i * w + j - i + bw] as number) * (x[j] as number);
    y[i] = s;
  }
}

/** The error a zero or non-finite pivot raises, on every backend. */
export const ZERO_PIVOT_MESSAGE = 'banded LU: zero pivot (the shifted operator is singular)';

/** In a copy: L (unit lower, below the diagonal) and U (on and above it) in the same band. */
export function bandedLu(m: BandedMatrix): BandedMatrix {
  const data = m.data.slice();
  factorBandInPlace(m.n, m.bw, data);
  return { n: m.n, bw: m.bw, data };
}

/** Solves (LU)·x = b in place in x (x holds b on entry). */
export function bandedSolve(lu: BandedMatrix, x: Float64Array): void {
  const { n, bw, data } = lu;
  const w = 2 * bw + 1;
  for (let i = 0; i < n; i++) {
    const row = i * w - i + bw;
    let s = x[i] as number;
    for (let j = Math.max(0, i - bw); j < i; j++) s -= (data[row + j] as number) * (x[j] as number);
    x[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    const row = i * w - i + bw;
    let s = x[i] as number;
    const hi = Math.min(n - 1, i + bw);
    for (let j = i + 1; j <= hi; j++) s -= (data[row + j] as number) * (x[j] as number);
    x[i] = s / (data[row + i] as number);
  }
}

/**
 * σI − A as a band of half-width `bw`, factorised by `kernel` (the band is written straight into the
 * kernel's storage: the full-vectorial band is the largest array of a solve). Sparse rows come as
 * (rowStart, cols, values).
 */
export function shiftedBandedLu(
  a: { readonly n: number; readonly rowStart: Int32Array; readonly cols: Int32Array; readonly values: Float64Array },
  sigma: number,
  bw: number,
  kernel: Pick<DenseLinalgKernel, 'factorBanded'>,
): BandedFactor {
  const w = 2 * bw + 1;
  return kernel.factorBanded(a.n, bw, (data) => {
    for (let r = 0; r < a.n; r++) {
      data[r * w + bw] = sigma;
      for (let k = a.rowStart[r] as number; k < (a.rowStart[r + 1] as number); k++) {
        const off = r * w + (a.cols[k] as number) - r + bw;
        data[off] = (data[off] as number) - (a.values[k] as number);
      }
    }
  });
}

/** LU without pivoting of the band `a` (n rows, half-width bw) in place; the reference twin of the WASM bandedFactor. */
export function factorBandInPlace(n: number, bw: number, a: Float64Array): void {
  const w = 2 * bw + 1;
  for (let k = 0; k < n; k++) {
    const rowK = k * w - k + bw;
    const pivot = a[rowK + k] as number;
    if (pivot === 0 || !Number.isFinite(pivot)) throw new Error(ZERO_PIVOT_MESSAGE);
    const last = Math.min(n - 1, k + bw);
    for (let i = k + 1; i <= last; i++) {
      const rowI = i * w - i + bw;
      const f = (a[rowI + k] as number) / pivot;
      if (f === 0) continue;
      a[rowI + k] = f;
      for (let j = k + 1; j <= last; j++) a[rowI + j] = (a[rowI + j] as number) - f * (a[rowK + j] as number);
    }
  }
}
