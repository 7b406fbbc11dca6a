/**
 * Small dense complex matrices for S-matrix work: products, a linear solve with partial pivoting,
 * and the eigenvalues of the Hermitian matrix S†S (the squared singular values of S) by cyclic
 * Jacobi on its real symmetric embedding [[A, −B], [B, A]] (each eigenvalue appears twice there).
 * Circuits have a handful to a few dozen ports, so plain O(n³) algorithms are the right size.
 */
import { abs2, add, c, conj, mul, ZERO, type Complex } from '../complex.ts';

export type CMatrix = Complex[][];

export const zeros = (rows: number, cols: number): CMatrix => Array.from({ length: rows }, () => Array<Complex>(cols).fill(ZERO));

export function identity(n: number): CMatrix {
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) m[i]![i] = c(1);
  return m;
}

export const at = (m: CMatrix, i: number, j: number): Complex => m[i]?.[j] ?? ZERO;

export function matmul(a: CMatrix, b: CMatrix): CMatrix {
  const rows = a.length;
  const inner = b.length;
  const cols = b[0]?.length ?? 0;
  const out = zeros(rows, cols);
  for (let i = 0; i < rows; i++) {
    const row = out[i]!;
    for (let k = 0; k < inner; k++) {
      const aik = at(a, i, k);
      if (aik.re === 0 && aik.im === 0) continue;
      for (let j = 0; j < cols; j++) row[j] = add(row[j]!, mul(aik, at(b, k, j)));
    }
  }
  return out;
}

export const conjugateTranspose = (a: CMatrix): CMatrix =>
  Array.from({ length: a[0]?.length ?? 0 }, (_, j) => a.map((row) => conj(row[j] ?? ZERO)));

/** Thrown when A is singular to working precision (e.g. a lossless loop exactly on resonance). */
export class SingularMatrixError extends Error {
  constructor() {
    super('singular matrix');
    this.name = 'SingularMatrixError';
  }
}

/**
 * X with A X = B, by Gaussian elimination with partial pivoting. A is n×n, B is n×m. Works on
 * split real/imaginary Float64Arrays: this is the per-wavelength inner loop of every circuit sweep.
 */
export function solveLinear(a: CMatrix, b: CMatrix): CMatrix {
  const n = a.length;
  const m = b[0]?.length ?? 0;
  const w = n + m; // augmented row [A | B]
  const re = new Float64Array(n * w);
  const im = new Float64Array(n * w);
  let scale = 1;
  for (let r = 0; r < n; r++) {
    for (let k = 0; k < w; k++) {
      const z = k < n ? at(a, r, k) : at(b, r, k - n);
      re[r * w + k] = z.re;
      im[r * w + k] = z.im;
      if (k < n) scale = Math.max(scale, Math.hypot(z.re, z.im));
    }
  }
  for (let col = 0; col < n; col++) {
    let pivot = col;
    let best = Math.hypot(re[col * w + col]!, im[col * w + col]!);
    for (let r = col + 1; r < n; r++) {
      const v = Math.hypot(re[r * w + col]!, im[r * w + col]!);
      if (v > best) {
        best = v;
        pivot = r;
      }
    }
    if (best <= 1e-14 * scale) throw new SingularMatrixError();
    if (pivot !== col) {
      for (let k = 0; k < w; k++) {
        const i1 = col * w + k;
        const i2 = pivot * w + k;
        [re[i1], re[i2]] = [re[i2]!, re[i1]!];
        [im[i1], im[i2]] = [im[i2]!, im[i1]!];
      }
    }
    // 1/pivot
    const pr = re[col * w + col]!;
    const pi = im[col * w + col]!;
    const d = pr * pr + pi * pi;
    const ir = pr / d;
    const ii = -pi / d;
    for (let r = col + 1; r < n; r++) {
      const xr = re[r * w + col]!;
      const xi = im[r * w + col]!;
      if (xr === 0 && xi === 0) continue;
      const fr = xr * ir - xi * ii;
      const fi = xr * ii + xi * ir;
      for (let k = col; k < w; k++) {
        const ar = re[col * w + k]!;
        const ai = im[col * w + k]!;
        re[r * w + k] = re[r * w + k]! - (fr * ar - fi * ai);
        im[r * w + k] = im[r * w + k]! - (fr * ai + fi * ar);
      }
    }
  }
  const X = zeros(n, m);
  const xr = new Float64Array(n * m);
  const xi = new Float64Array(n * m);
  for (let r = n - 1; r >= 0; r--) {
    const pr = re[r * w + r]!;
    const pi = im[r * w + r]!;
    const d = pr * pr + pi * pi;
    for (let k = 0; k < m; k++) {
      let accR = re[r * w + n + k]!;
      let accI = im[r * w + n + k]!;
      for (let j = r + 1; j < n; j++) {
        const ar = re[r * w + j]!;
        const ai = im[r * w + j]!;
        const yr = xr[j * m + k]!;
        const yi = xi[j * m + k]!;
        accR -= ar * yr - ai * yi;
        accI -= ar * yi + ai * yr;
      }
      const vr = (accR * pr + accI * pi) / d;
      const vi = (accI * pr - accR * pi) / d;
      xr[r * m + k] = vr;
      xi[r * m + k] = vi;
      X[r]![k] = c(vr, vi);
    }
  }
  return X;
}

/** Eigenvalues of a real symmetric matrix by cyclic Jacobi rotations, ascending. */
export function symmetricEigenvalues(input: number[][]): number[] {
  const n = input.length;
  const a = input.map((row) => [...row]);
  const get = (i: number, j: number): number => a[i]![j]!;
  const set = (i: number, j: number, v: number): void => {
    a[i]![j] = v;
  };
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < n; i++) {
      diag += get(i, i) ** 2;
      for (let j = i + 1; j < n; j++) off += get(i, j) ** 2;
    }
    // Off-diagonal mass below 1e-24 of the diagonal: eigenvalues good to ~1e-12 relative, ample for a 1e-9 test.
    if (off <= 1e-24 * Math.max(diag, 1e-300)) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = get(p, q);
        if (apq === 0) continue;
        // Rotation that zeroes a[p][q] (Golub & Van Loan, Matrix Computations, §8.5.2).
        const theta = (get(q, q) - get(p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1);
        const sn = t * cs;
        for (let k = 0; k < n; k++) {
          const akp = get(k, p);
          const akq = get(k, q);
          set(k, p, cs * akp - sn * akq);
          set(k, q, sn * akp + cs * akq);
        }
        for (let k = 0; k < n; k++) {
          const apk = get(p, k);
          const aqk = get(q, k);
          set(p, k, cs * apk - sn * aqk);
          set(q, k, sn * apk + cs * aqk);
        }
      }
    }
  }
  return Array.from({ length: n }, (_, i) => get(i, i)).sort((x, y) => x - y);
}

/** Squared singular values of S (eigenvalues of S†S), ascending. */
export function gramEigenvalues(s: CMatrix): number[] {
  const g = matmul(conjugateTranspose(s), s);
  const n = g.length;
  // Hermitian G = A + iB ↦ real symmetric [[A, −B], [B, A]]; its spectrum is G's, each value twice.
  const big = Array.from({ length: 2 * n }, (_, i) =>
    Array.from({ length: 2 * n }, (_, j) => {
      const z = at(g, i % n, j % n);
      if (i < n === j < n) return z.re;
      return i < n ? -z.im : z.im;
    }),
  );
  const all = symmetricEigenvalues(big);
  return all.filter((_, i) => i % 2 === 0);
}

/** Power leaving through all ports for a unit input at port j: Σ_i |S_ij|². */
export const columnPower = (s: CMatrix, j: number): number => s.reduce((acc, row) => acc + abs2(row[j] ?? ZERO), 0);
