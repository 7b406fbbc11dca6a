/**
 * Dense complex matrices for the grid solvers (RCWA, later the mode and band solvers): row-major,
 * real and imaginary parts in two Float64Arrays, so the inner loops touch flat memory and the same
 * layout can be handed to a WASM or WebGPU kernel without repacking.
 */

export interface CMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export function zeros(rows: number, cols: number = rows): CMatrix {
  return { rows, cols, re: new Float64Array(rows * cols), im: new Float64Array(rows * cols) };
}

export function identity(n: number): CMatrix {
  const m = zeros(n);
  for (let i = 0; i < n; i++) m.re[i * n + i] = 1;
  return m;
}

export function clone(a: CMatrix): CMatrix {
  return { rows: a.rows, cols: a.cols, re: a.re.slice(), im: a.im.slice() };
}

/** A diagonal matrix from complex diagonal entries (re, im arrays of length n). */
export function diag(re: ArrayLike<number>, im: ArrayLike<number>): CMatrix {
  const n = re.length;
  const m = zeros(n);
  for (let i = 0; i < n; i++) {
    m.re[i * n + i] = re[i] ?? 0;
    m.im[i * n + i] = im[i] ?? 0;
  }
  return m;
}

export function add(a: CMatrix, b: CMatrix, sb = 1): CMatrix {
  sameShape(a, b);
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.re.length; i++) {
    out.re[i] = (a.re[i] as number) + sb * (b.re[i] as number);
    out.im[i] = (a.im[i] as number) + sb * (b.im[i] as number);
  }
  return out;
}

/** a·s for a complex scalar s = sr + i·si. */
export function scale(a: CMatrix, sr: number, si = 0): CMatrix {
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.re.length; i++) {
    const r = a.re[i] as number;
    const m = a.im[i] as number;
    out.re[i] = r * sr - m * si;
    out.im[i] = r * si + m * sr;
  }
  return out;
}

export function mul(a: CMatrix, b: CMatrix): CMatrix {
  if (a.cols !== b.rows) throw new Error(`matrix product: ${a.rows}×${a.cols} times ${b.rows}×${b.cols}`);
  const n = a.rows;
  const k = a.cols;
  const m = b.cols;
  const out = zeros(n, m);
  const { re: ar, im: ai } = a;
  const { re: br, im: bi } = b;
  const { re: or, im: oi } = out;
  // i-p-j order: the innermost loop walks rows of b and out contiguously.
  for (let i = 0; i < n; i++) {
    const orow = i * m;
    for (let p = 0; p < k; p++) {
      const xr = ar[i * k + p] as number;
      const xi = ai[i * k + p] as number;
      if (xr === 0 && xi === 0) continue;
      const brow = p * m;
      for (let j = 0; j < m; j++) {
        const yr = br[brow + j] as number;
        const yi = bi[brow + j] as number;
        or[orow + j] = (or[orow + j] as number) + xr * yr - xi * yi;
        oi[orow + j] = (oi[orow + j] as number) + xr * yi + xi * yr;
      }
    }
  }
  return out;
}

/** aᴴ, the conjugate transpose (the inverse of a unitary matrix). */
export function adjoint(a: CMatrix): CMatrix {
  const out = zeros(a.cols, a.rows);
  for (let i = 0; i < a.rows; i++) {
    for (let j = 0; j < a.cols; j++) {
      out.re[j * a.rows + i] = a.re[i * a.cols + j] as number;
      out.im[j * a.rows + i] = -(a.im[i * a.cols + j] as number);
    }
  }
  return out;
}

/** diag(d)·a: scales row i by d_i. */
export function mulDiagLeft(dr: ArrayLike<number>, di: ArrayLike<number>, a: CMatrix): CMatrix {
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.rows; i++) {
    const xr = dr[i] as number;
    const xi = di[i] as number;
    for (let j = 0; j < a.cols; j++) {
      const k = i * a.cols + j;
      const r = a.re[k] as number;
      const m = a.im[k] as number;
      out.re[k] = xr * r - xi * m;
      out.im[k] = xr * m + xi * r;
    }
  }
  return out;
}

/** a·diag(d): scales column j by d_j. */
export function mulDiagRight(a: CMatrix, dr: ArrayLike<number>, di: ArrayLike<number>): CMatrix {
  const out = zeros(a.rows, a.cols);
  for (let i = 0; i < a.rows; i++) {
    for (let j = 0; j < a.cols; j++) {
      const k = i * a.cols + j;
      const r = a.re[k] as number;
      const m = a.im[k] as number;
      const xr = dr[j] as number;
      const xi = di[j] as number;
      out.re[k] = xr * r - xi * m;
      out.im[k] = xr * m + xi * r;
    }
  }
  return out;
}

/**
 * Solves a·x = b (b may have several columns) by LU with partial pivoting. Throws on a singular
 * matrix: a solver that divided by zero here would return plausible-looking nonsense.
 */
export function solve(a: CMatrix, b: CMatrix): CMatrix {
  const n = a.rows;
  if (a.cols !== n || b.rows !== n) throw new Error(`solve: ${a.rows}×${a.cols} system with ${b.rows}×${b.cols} right-hand side`);
  const lr = a.re.slice();
  const li = a.im.slice();
  const x = clone(b);
  const m = b.cols;
  let maxAbs = 0;
  for (let i = 0; i < lr.length; i++) maxAbs = Math.max(maxAbs, Math.hypot(lr[i] as number, li[i] as number));
  const tiny = maxAbs * n * Number.EPSILON;
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = -1;
    for (let i = k; i < n; i++) {
      const v = Math.hypot(lr[i * n + k] as number, li[i * n + k] as number);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (!(best > tiny)) throw new Error('solve: the matrix is singular to working precision');
    if (p !== k) {
      swapRows(lr, li, n, n, p, k);
      swapRows(x.re, x.im, m, n, p, k);
    }
    const pr = lr[k * n + k] as number;
    const pi = li[k * n + k] as number;
    const den = pr * pr + pi * pi;
    for (let i = k + 1; i < n; i++) {
      const ar = lr[i * n + k] as number;
      const ai = li[i * n + k] as number;
      if (ar === 0 && ai === 0) continue;
      // f = a_ik / a_kk
      const fr = (ar * pr + ai * pi) / den;
      const fi = (ai * pr - ar * pi) / den;
      for (let j = k + 1; j < n; j++) {
        const ur = lr[k * n + j] as number;
        const ui = li[k * n + j] as number;
        lr[i * n + j] = (lr[i * n + j] as number) - (fr * ur - fi * ui);
        li[i * n + j] = (li[i * n + j] as number) - (fr * ui + fi * ur);
      }
      for (let j = 0; j < m; j++) {
        const ur = x.re[k * m + j] as number;
        const ui = x.im[k * m + j] as number;
        x.re[i * m + j] = (x.re[i * m + j] as number) - (fr * ur - fi * ui);
        x.im[i * m + j] = (x.im[i * m + j] as number) - (fr * ui + fi * ur);
      }
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const pr = lr[k * n + k] as number;
    const pi = li[k * n + k] as number;
    const den = pr * pr + pi * pi;
    for (let j = 0; j < m; j++) {
      let sr = x.re[k * m + j] as number;
      let si = x.im[k * m + j] as number;
      for (let p = k + 1; p < n; p++) {
        const ur = lr[k * n + p] as number;
        const ui = li[k * n + p] as number;
        const yr = x.re[p * m + j] as number;
        const yi = x.im[p * m + j] as number;
        sr -= ur * yr - ui * yi;
        si -= ur * yi + ui * yr;
      }
      x.re[k * m + j] = (sr * pr + si * pi) / den;
      x.im[k * m + j] = (si * pr - sr * pi) / den;
    }
  }
  return x;
}

export function inverse(a: CMatrix): CMatrix {
  return solve(a, identity(a.rows));
}

/** Largest entry modulus: the scale for tolerances. */
export function maxAbs(a: CMatrix): number {
  let m = 0;
  for (let i = 0; i < a.re.length; i++) m = Math.max(m, Math.hypot(a.re[i] as number, a.im[i] as number));
  return m;
}

export function get(a: CMatrix, i: number, j: number): { re: number; im: number } {
  return { re: a.re[i * a.cols + j] as number, im: a.im[i * a.cols + j] as number };
}

function swapRows(re: Float64Array, im: Float64Array, cols: number, _rows: number, p: number, k: number): void {
  for (let j = 0; j < cols; j++) {
    const a = p * cols + j;
    const b = k * cols + j;
    const tr = re[a] as number;
    re[a] = re[b] as number;
    re[b] = tr;
    const ti = im[a] as number;
    im[a] = im[b] as number;
    im[b] = ti;
  }
}

function sameShape(a: CMatrix, b: CMatrix): void {
  if (a.rows !== b.rows || a.cols !== b.cols) throw new Error(`shape mismatch: ${a.rows}×${a.cols} and ${b.rows}×${b.cols}`);
}
