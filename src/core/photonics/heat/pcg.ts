/**
 * Conjugate gradients on the 5-point SPD system of the heat oracle, preconditioned by the
 * incomplete Cholesky factorisation IC(0). On a 5-point stencil IC(0) has no fill: with A = D_A − W − S
 * (W, S the west and south couplings, positive), the factor is (P + L) P⁻¹ (P + L)ᵀ with the pivots
 * p_i = a_i − w_i²/p_{i−1} − s_i²/p_{i−nx}. The 10⁴ contrast between Si and air makes a diagonal
 * preconditioner stall; IC(0) keeps the iteration count near √cells.
 */
export interface FivePoint {
  readonly nx: number;
  readonly ny: number;
  /** Diagonal a_i. */
  readonly diag: Float64Array;
  /** Conductance to the east neighbour (i+1), 0 on the last column. */
  readonly east: Float64Array;
  /** Conductance to the north neighbour (i+nx), 0 on the top row. */
  readonly north: Float64Array;
}

export interface PcgResult {
  readonly x: Float64Array;
  readonly iterations: number;
  readonly relativeResidual: number;
  readonly converged: boolean;
}

function multiply(a: FivePoint, v: Float64Array, out: Float64Array): void {
  const { nx, diag, east, north } = a;
  const n = diag.length;
  for (let i = 0; i < n; i++) {
    let s = (diag[i] as number) * (v[i] as number);
    if (i % nx !== nx - 1) s -= (east[i] as number) * (v[i + 1] as number);
    if (i % nx !== 0) s -= (east[i - 1] as number) * (v[i - 1] as number);
    if (i + nx < n) s -= (north[i] as number) * (v[i + nx] as number);
    if (i >= nx) s -= (north[i - nx] as number) * (v[i - nx] as number);
    out[i] = s;
  }
}

function pivots(a: FivePoint): Float64Array {
  const { nx, diag, east, north } = a;
  const p = new Float64Array(diag.length);
  for (let i = 0; i < diag.length; i++) {
    let d = diag[i] as number;
    if (i % nx !== 0) d -= (east[i - 1] as number) ** 2 / (p[i - 1] as number);
    if (i >= nx) d -= (north[i - nx] as number) ** 2 / (p[i - nx] as number);
    p[i] = d;
  }
  return p;
}

function precondition(a: FivePoint, p: Float64Array, r: Float64Array, z: Float64Array): void {
  const { nx, east, north } = a;
  const n = r.length;
  for (let i = 0; i < n; i++) {
    let s = r[i] as number;
    if (i % nx !== 0) s += (east[i - 1] as number) * (z[i - 1] as number);
    if (i >= nx) s += (north[i - nx] as number) * (z[i - nx] as number);
    z[i] = s / (p[i] as number);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = 0;
    if (i % nx !== nx - 1) s += (east[i] as number) * (z[i + 1] as number);
    if (i + nx < n) s += (north[i] as number) * (z[i + nx] as number);
    z[i] = (z[i] as number) + s / (p[i] as number);
  }
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};

export function solvePcg(a: FivePoint, b: Float64Array, tolerance: number, maxIterations: number): PcgResult {
  const n = b.length;
  const x = new Float64Array(n);
  const r = Float64Array.from(b);
  const z = new Float64Array(n);
  const q = new Float64Array(n);
  const p = pivots(a);
  const bNorm = Math.sqrt(dot(b, b));
  if (bNorm === 0) return { x, iterations: 0, relativeResidual: 0, converged: true };
  precondition(a, p, r, z);
  const d = Float64Array.from(z);
  let rz = dot(r, z);
  let res = 1;
  for (let it = 1; it <= maxIterations; it++) {
    multiply(a, d, q);
    const alpha = rz / dot(d, q);
    for (let i = 0; i < n; i++) {
      x[i] = (x[i] as number) + alpha * (d[i] as number);
      r[i] = (r[i] as number) - alpha * (q[i] as number);
    }
    res = Math.sqrt(dot(r, r)) / bNorm;
    if (res < tolerance) return { x, iterations: it, relativeResidual: res, converged: true };
    precondition(a, p, r, z);
    const rzNext = dot(r, z);
    const beta = rzNext / rz;
    rz = rzNext;
    for (let i = 0; i < n; i++) d[i] = (z[i] as number) + beta * (d[i] as number);
  }
  return { x, iterations: maxIterations, relativeResidual: res, converged: false };
}
