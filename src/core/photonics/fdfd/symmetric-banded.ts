/**
 * Complex symmetric (A = Aᵀ, not Hermitian) banded matrices and their LDLᵀ factorisation without
 * pivoting. The FDFD operator in its symmetric stretched-coordinate form is exactly such a matrix,
 * so only the upper band is stored (half the memory of a general band) and elimination touches only
 * the upper triangle of each Schur complement (half the work of banded LU).
 *
 * Why no pivoting: pivoting would destroy the band and the symmetry. The Helmholtz operator with a
 * PML is not diagonally dominant, but it is lossy at its edges and, on grids well above the Nyquist
 * limit, elimination in the natural (row-by-row) order is stable in practice; the caller checks the
 * residual of one solve and reports it, so a breakdown would be visible, never silent.
 *
 * Why symmetric pays twice: Aᵀ = A means the adjoint system Aᵀλ = g is solved with the very same
 * factors as the forward one — one factorisation per design evaluation, not two.
 *
 * Storage: interleaved (re, im) pairs; row r keeps columns r … r + bw at offset (c − r), so a row is
 * bw + 1 complex entries wide.
 */
/** The error a zero or non-finite LDLᵀ pivot raises, on every backend. */
export const SYMMETRIC_ZERO_PIVOT_MESSAGE = 'symmetric banded LDLᵀ: zero pivot (the operator is singular at this frequency)';

/** The first `pivots` LDLᵀ steps in a copy: symmetricBandedEliminate, or a kernel's twin of it (WASM). */
export type SymmetricEliminator = (m: SymmetricBandedMatrix, pivots: number) => SymmetricBandedMatrix;

export interface SymmetricBandedMatrix {
  readonly n: number;
  readonly bw: number;
  /** 2·n·(bw + 1) numbers: (re, im) of A[r][r + k] at 2·(r·(bw + 1) + k). */
  readonly data: Float64Array;
}

export function symmetricBandedZeros(n: number, bw: number): SymmetricBandedMatrix {
  return { n, bw, data: new Float64Array(2 * n * (bw + 1)) };
}

/** A[i][j] += (re, im), and so A[j][i]: only the upper copy is stored. */
export function symmetricBandedAdd(m: SymmetricBandedMatrix, i: number, j: number, re: number, im: number): void {
  const r = Math.min(i, j);
  const k = Math.abs(j - i);
  if (k > m.bw) throw new Error(`symmetric banded: (${i}, ${j}) lies outside the band ${m.bw}`);
  const at = 2 * (r * (m.bw + 1) + k);
  m.data[at] = (m.data[at] as number) + re;
  m.data[at + 1] = (m.data[at + 1] as number) + im;
}

/** y = A·x for interleaved complex vectors x, y of length 2n. */
export function symmetricBandedMultiply(m: SymmetricBandedMatrix, x: Float64Array, y: Float64Array): void {
  const { n, bw, data } = m;
  const w = bw + 1;
  y.fill(0);
  for (let r = 0; r < n; r++) {
    const last = Math.min(n - 1, r + bw);
    const xr = x[2 * r] as number;
    const xi = x[2 * r + 1] as number;
    for (let c = r; c <= last; c++) {
      const at = 2 * (r * w + c - r);
      const ar = data[at] as number;
      const ai = data[at + 1] as number;
      const cr = x[2 * c] as number;
      const ci = x[2 * c + 1] as number;
      y[2 * r] = (y[2 * r] as number) + ar * cr - ai * ci;
      y[2 * r + 1] = (y[2 * r + 1] as number) + ar * ci + ai * cr;
      if (c !== r) {
        y[2 * c] = (y[2 * c] as number) + ar * xr - ai * xi;
        y[2 * c + 1] = (y[2 * c + 1] as number) + ar * xi + ai * xr;
      }
    }
  }
}

/**
 * LDLᵀ in a copy: on return row k holds D_k on its diagonal and D_k·L[j][k] at column j > k (the
 * rows of U = D·Lᵀ), which is all the solve needs.
 */
export function symmetricBandedFactor(m: SymmetricBandedMatrix): SymmetricBandedMatrix {
  return symmetricBandedEliminate(m, m.n);
}

/**
 * The first `pivots` steps of LDLᵀ in a copy: rows < pivots hold their factors, the rows after hold
 * the Schur complement left by those pivots (what a partial, reusable elimination needs).
 */
export function symmetricBandedEliminate(m: SymmetricBandedMatrix, pivots: number): SymmetricBandedMatrix {
  const { n, bw } = m;
  const w = bw + 1;
  const a = m.data.slice();
  for (let k = 0; k < pivots; k++) {
    const kk = 2 * k * w;
    const pr = a[kk] as number;
    const pi = a[kk + 1] as number;
    const p2 = pr * pr + pi * pi;
    if (!(p2 > 0) || !Number.isFinite(p2)) throw new Error(SYMMETRIC_ZERO_PIVOT_MESSAGE);
    const invR = pr / p2;
    const invI = -pi / p2;
    const last = Math.min(n - 1, k + bw);
    for (let i = k + 1; i <= last; i++) {
      const ki = kk + 2 * (i - k);
      const ur = a[ki] as number;
      const ui = a[ki + 1] as number;
      if (ur === 0 && ui === 0) continue;
      // f = U[k][i] / D_k: row i of the Schur complement loses f · U[k][j] for j ≥ i.
      const fr = ur * invR - ui * invI;
      const fi = ur * invI + ui * invR;
      const rowI = 2 * i * w - 2 * i;
      for (let j = i; j <= last; j++) {
        const kj = kk + 2 * (j - k);
        const vr = a[kj] as number;
        const vi = a[kj + 1] as number;
        const ij = rowI + 2 * j;
        a[ij] = (a[ij] as number) - (fr * vr - fi * vi);
        a[ij + 1] = (a[ij + 1] as number) - (fr * vi + fi * vr);
      }
    }
  }
  return { n, bw, data: a };
}

/**
 * Solves A·x = b in place (x holds b on entry, interleaved complex) with the factors of
 * symmetricBandedFactor. Since A = Aᵀ this is also the adjoint (transpose) solve.
 */
export function symmetricBandedSolve(f: SymmetricBandedMatrix, x: Float64Array): void {
  forwardSweep(f, x, f.n);
  backwardSweep(f, x, f.n);
}

/** L·y = b over the first `pivots` unknowns of a (partial) factorisation; later entries of x receive their updates. */
export function forwardSweep(f: SymmetricBandedMatrix, x: Float64Array, pivots: number): void {
  const { n, bw, data } = f;
  const w = bw + 1;
  // Column by column: y_i −= L[i][k]·y_k with L[i][k] = U[k][i] / D_k.
  for (let k = 0; k < pivots; k++) {
    const kk = 2 * k * w;
    const dr = data[kk] as number;
    const di = data[kk + 1] as number;
    const d2 = dr * dr + di * di;
    const yr = x[2 * k] as number;
    const yi = x[2 * k + 1] as number;
    // t = y_k / D_k, then y_i −= U[k][i]·t.
    const tr = (yr * dr + yi * di) / d2;
    const ti = (yi * dr - yr * di) / d2;
    if (tr === 0 && ti === 0) continue;
    const last = Math.min(n - 1, k + bw);
    for (let i = k + 1; i <= last; i++) {
      const ki = kk + 2 * (i - k);
      const ur = data[ki] as number;
      const ui = data[ki + 1] as number;
      x[2 * i] = (x[2 * i] as number) - (ur * tr - ui * ti);
      x[2 * i + 1] = (x[2 * i + 1] as number) - (ur * ti + ui * tr);
    }
  }
}

/** U·x = y over the first `pivots` unknowns (U = D·Lᵀ), from the bottom; entries of x past them must already hold the solution. */
export function backwardSweep(f: SymmetricBandedMatrix, x: Float64Array, pivots: number): void {
  const { n, bw, data } = f;
  const w = bw + 1;
  for (let i = pivots - 1; i >= 0; i--) {
    const ii = 2 * i * w;
    let sr = x[2 * i] as number;
    let si = x[2 * i + 1] as number;
    const last = Math.min(n - 1, i + bw);
    for (let j = i + 1; j <= last; j++) {
      const ij = ii + 2 * (j - i);
      const ur = data[ij] as number;
      const ui = data[ij + 1] as number;
      const xr = x[2 * j] as number;
      const xi = x[2 * j + 1] as number;
      sr -= ur * xr - ui * xi;
      si -= ur * xi + ui * xr;
    }
    const dr = data[ii] as number;
    const di = data[ii + 1] as number;
    const d2 = dr * dr + di * di;
    x[2 * i] = (sr * dr + si * di) / d2;
    x[2 * i + 1] = (si * dr - sr * di) / d2;
  }
}
