/**
 * Semi-vectorial finite-difference eigenmodes of a 2-D waveguide cross-section (Stern, IEE Proc. J
 * 135, 56 (1988)). Quasi-TE modes solve for the dominant E_x, quasi-TM for E_y, each from
 *   ∂_w[(1/n²) ∂_w(n² E)] + ∂_u² E + k₀² n² E = β² E,
 * where w is the field's own direction (x for quasi-TE): the n² weighting across w carries the
 * jump of the normal field at interfaces, which the scalar equation misses. What it does not carry
 * is the coupling between E_x and E_y at corners: that is the limitation of the semi-vectorial
 * model, worth ≈ 10⁻² in n_eff for high-contrast silicon wires (the result says so).
 *
 * Numerics: five-point stencil on a uniform grid with cell-averaged n², zero field on the window
 * edge; the largest eigenvalues β² by subspace iteration on (A − σI)⁻¹ with σ above the spectrum,
 * re-shifted once towards the top Ritz value. −(A − σI) is a nonsingular M-matrix there, so its
 * banded LU needs no pivoting.
 */
import { createRng } from '../../stats/rng.ts';
import { eig } from '../linalg/eig.ts';
import { zeros } from '../linalg/cmatrix.ts';
import type { BandedFactor, DenseLinalgKernel } from '../linalg/kernel.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { bandedAdd, bandedMultiply, bandedZeros, type BandedMatrix } from './banded-lu.ts';

export interface FdModeInput {
  /** Vacuum wavelength, same length unit as dx, dy. */
  wavelength: number;
  /** n² (real) at the nodes, index j·nx + i (x fastest). */
  eps: Float64Array;
  nx: number;
  ny: number;
  dx: number;
  dy: number;
  /** TE: quasi-TE (E_x dominant); TM: quasi-TM (E_y dominant). */
  polarization: 'TE' | 'TM';
  modes: number;
  /** Factorises the shifted operator (default: the TypeScript reference). */
  linalg?: Pick<DenseLinalgKernel, 'factorBanded'>;
}

export interface FdMode {
  beta2: number;
  neff: number;
  /** The dominant field at the nodes (x fastest), peak |E| = 1. */
  field: Float64Array;
}

export interface FdModeResult {
  modes: FdMode[];
  iterations: number;
  converged: boolean;
  /**
   * Largest |Im λ|/|λ| among the returned Ritz values. The operator is not symmetric, so nothing
   * forces real eigenvalues; real parts are reported, and a value above ~1e-8 deserves a warning.
   */
  maxImaginaryRatio: number;
}

const MAX_ITERATIONS = 300;
const TOLERANCE = 1e-10;
/** Re-shifts of σ towards the top Ritz value (each costs one banded LU). */
const MAX_RESHIFTS = 3;

export function solveSemivectorial(input: FdModeInput): FdModeResult {
  // The band is as wide as the fast index: order along the shorter side by transposing.
  if (input.nx > input.ny) {
    const t = transpose(input);
    const r = solveOrdered(t);
    return { ...r, modes: r.modes.map((m) => ({ ...m, field: transposeField(m.field, t.nx, t.ny) })) };
  }
  return solveOrdered(input);
}

function transpose(input: FdModeInput): FdModeInput {
  const { nx, ny } = input;
  const eps = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) eps[i * ny + j] = input.eps[j * nx + i] as number;
  return { ...input, eps, nx: ny, ny: nx, dx: input.dy, dy: input.dx, polarization: input.polarization === 'TE' ? 'TM' : 'TE' };
}

/** Field of the transposed problem (nx, ny are the transposed sizes) back to the original order. */
function transposeField(field: Float64Array, nx: number, ny: number): Float64Array {
  const out = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) out[i * ny + j] = field[j * nx + i] as number;
  return out;
}

/** A (the operator, no shift) as a banded matrix with half-bandwidth nx. */
export function assembleOperator(input: FdModeInput): BandedMatrix {
  const { nx, ny, dx, dy, eps } = input;
  const k0 = (2 * Math.PI) / input.wavelength;
  const m = bandedZeros(nx * ny, nx);
  const weightedX = input.polarization === 'TE';
  const e = (i: number, j: number): number => eps[j * nx + i] as number;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const row = j * nx + i;
      const ei = e(i, j);
      bandedAdd(m, row, row, k0 * k0 * ei);
      // x neighbours
      for (const [di, inside] of [[-1, i > 0], [1, i < nx - 1]] as const) {
        const en = inside ? e(i + di, j) : ei;
        if (weightedX) {
          bandedAdd(m, row, row, (-2 * ei) / (ei + en) / (dx * dx));
          if (inside) bandedAdd(m, row, row + di, (2 * en) / (ei + en) / (dx * dx));
        } else {
          bandedAdd(m, row, row, -1 / (dx * dx));
          if (inside) bandedAdd(m, row, row + di, 1 / (dx * dx));
        }
      }
      // y neighbours
      for (const [dj, inside] of [[-1, j > 0], [1, j < ny - 1]] as const) {
        const en = inside ? e(i, j + dj) : ei;
        if (!weightedX) {
          bandedAdd(m, row, row, (-2 * ei) / (ei + en) / (dy * dy));
          if (inside) bandedAdd(m, row, row + dj * nx, (2 * en) / (ei + en) / (dy * dy));
        } else {
          bandedAdd(m, row, row, -1 / (dy * dy));
          if (inside) bandedAdd(m, row, row + dj * nx, 1 / (dy * dy));
        }
      }
    }
  }
  return m;
}

/** LU of A − σI by `linalg` (the band is written straight into the kernel's storage). */
function factorShifted(a: BandedMatrix, sigma: number, linalg: Pick<DenseLinalgKernel, 'factorBanded'>): BandedFactor {
  const w = 2 * a.bw + 1;
  return linalg.factorBanded(a.n, a.bw, (data) => {
    data.set(a.data);
    for (let i = 0; i < a.n; i++) data[i * w + a.bw] = (data[i * w + a.bw] as number) - sigma;
  });
}

function solveOrdered(input: FdModeInput): FdModeResult {
  const n = input.nx * input.ny;
  const a = assembleOperator(input);
  const k0 = (2 * Math.PI) / input.wavelength;
  let epsMax = 0;
  for (const v of input.eps) epsMax = Math.max(epsMax, v);
  // Above every β² (β ≤ k₀·n_max for a guided or box mode).
  let sigma = k0 * k0 * epsMax * 1.01;
  const linalg = input.linalg ?? referenceLinalgKernel;
  let lu = factorShifted(a, sigma, linalg);
  const p = Math.min(n, input.modes + 3);
  const rng = createRng(12345);
  let basis: Float64Array[] = Array.from({ length: p }, () => Float64Array.from({ length: n }, () => rng.next() - 0.5));
  let previous: number[] = [];
  let values: number[] = [];
  let imaginary: number[] = [];
  let converged = false;
  let iterations = 0;
  let reshifts = 0;
  let lastShiftAt = 0;
  const av = new Float64Array(n);
  for (; iterations < MAX_ITERATIONS && !converged; iterations++) {
    lu.solveEach(basis);
    orthonormalize(basis);
    orthonormalize(basis);
    // Rayleigh–Ritz: H = Vᵀ·A·V (A is not symmetric; its spectrum is real).
    const h = zeros(p);
    const av2: Float64Array[] = basis.map((v) => {
      bandedMultiply(a, v, av);
      return av.slice();
    });
    for (let r = 0; r < p; r++) for (let c = 0; c < p; c++) h.re[r * p + c] = dot(basis[r] as Float64Array, av2[c] as Float64Array);
    const { valuesRe, valuesIm, vectors } = eig(h);
    const order = [...valuesRe.keys()].sort((x, y) => (valuesRe[y] as number) - (valuesRe[x] as number));
    values = order.map((k) => valuesRe[k] as number);
    imaginary = order.map((k) => valuesIm[k] as number);
    basis = order.map((k) => {
      const out = new Float64Array(n);
      for (let r = 0; r < p; r++) {
        const y = vectors.re[r * p + k] as number;
        const v = basis[r] as Float64Array;
        for (let i = 0; i < n; i++) out[i] = (out[i] as number) + y * (v[i] as number);
      }
      return out;
    });
    const wanted = Math.min(input.modes, p);
    converged = previous.length === values.length && values.slice(0, wanted).every((v, k) => Math.abs(v - (previous[k] as number)) <= TOLERANCE * Math.abs(v));
    previous = values;
    const top = values[0] as number;
    if (!converged && reshifts < MAX_RESHIFTS && iterations - lastShiftAt >= 3 && top < sigma) {
      // Move σ most of the way to the top Ritz value: the convergence factor |λ − σ|/|λ_next − σ| drops
      // sharply. σ stays above the top eigenvalue, so −(A − σI) remains an M-matrix.
      sigma = top + Math.max(1e-4 * Math.abs(top), 0.1 * (sigma - top));
      lu = factorShifted(a, sigma, linalg);
      reshifts++;
      lastShiftAt = iterations;
    }
  }
  const modes: FdMode[] = [];
  for (let k = 0; k < Math.min(input.modes, p); k++) {
    const beta2 = values[k] as number;
    const field = basis[k] as Float64Array;
    let peak = 0;
    for (const x of field) if (Math.abs(x) > Math.abs(peak)) peak = x;
    modes.push({ beta2, neff: beta2 > 0 ? Math.sqrt(beta2) / k0 : 0, field: field.map((x) => x / (peak || 1)) });
  }
  let maxImaginaryRatio = 0;
  for (let k = 0; k < modes.length; k++) maxImaginaryRatio = Math.max(maxImaginaryRatio, Math.abs(imaginary[k] ?? 0) / Math.max(Math.abs(values[k] ?? 0), Number.MIN_VALUE));
  return { modes, iterations, converged, maxImaginaryRatio };
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Modified Gram–Schmidt in place. */
function orthonormalize(vs: Float64Array[]): void {
  for (let k = 0; k < vs.length; k++) {
    const v = vs[k] as Float64Array;
    for (let j = 0; j < k; j++) {
      const u = vs[j] as Float64Array;
      const d = dot(u, v);
      for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) - d * (u[i] as number);
    }
    const norm = Math.sqrt(dot(v, v)) || 1;
    for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  }
}
