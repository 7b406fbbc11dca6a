/**
 * Scattering matrices of an eigenmode-expansion cascade, in modal field amplitudes. Port 1 is the
 * left (−z) side, port 2 the right; s21 carries left-incident modes to the right, s11 reflects them,
 * s12 / s22 the same for right-incident modes. Fields ∝ exp(−iβz) forward, as in the EME literature
 * (Bienstman & Baets, Opt. Quantum Electron. 33, 327 (2001)); β of an evanescent mode is −i|β|.
 */
import { add, identity, mul, mulDiagLeft, mulDiagRight, solve, zeros, type CMatrix } from '../linalg/cmatrix.ts';

export interface SMatrix {
  readonly s11: CMatrix;
  readonly s12: CMatrix;
  readonly s21: CMatrix;
  readonly s22: CMatrix;
}

/** Complex propagation constants (1/µm) of one section's modes. */
export interface Betas {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/** β = √β² on the branch that propagates forward (Re β > 0) or decays forward (Im β < 0). */
export function betasFromSquares(betaSquared: ArrayLike<number>): Betas {
  const n = betaSquared.length;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const b2 = betaSquared[i] as number;
    if (b2 >= 0) re[i] = Math.sqrt(b2);
    else im[i] = -Math.sqrt(-b2);
  }
  return { re, im };
}

const UNDERFLOW = 1e-30;

/** exp(−iβL) per mode, as (re, im) arrays. */
export function propagationPhases(beta: Betas, lengthUm: number): Betas {
  const m = beta.re.length;
  const re = new Float64Array(m);
  const im = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    // exp(−i(β_r + iβ_i)L) = exp(β_i L)·exp(−iβ_r L); β_i ≤ 0, so evanescent modes decay.
    const decay = Math.exp((beta.im[i] as number) * lengthUm);
    // A mode attenuated below 1e-30 contributes nothing at double precision; as an exact zero it also
    // keeps the later products out of subnormal numbers, which are many times slower to multiply.
    const mag = decay < UNDERFLOW ? 0 : decay;
    const phase = -(beta.re[i] as number) * lengthUm;
    re[i] = mag * Math.cos(phase);
    im[i] = mag * Math.sin(phase);
  }
  return { re, im };
}

/** A uniform section of length L (µm): each mode picks up exp(−iβL), nothing reflects. */
export function propagationSMatrix(beta: Betas, lengthUm: number): SMatrix {
  const m = beta.re.length;
  const p = propagationPhases(beta, lengthUm);
  const t = mulDiagLeft(p.re, p.im, identity(m));
  return { s11: zeros(m), s12: t, s21: t, s22: zeros(m) };
}

/**
 * starProduct(a, propagationSMatrix(beta, L)) without the dense algebra: a reflectionless diagonal
 * section only scales rows and columns (S21 → P·A21, S12 → A12·P, S22 → P·A22·P), O(M²) not O(M³).
 */
export function starPropagation(a: SMatrix, beta: Betas, lengthUm: number): SMatrix {
  const p = propagationPhases(beta, lengthUm);
  return {
    s11: a.s11,
    s21: mulDiagLeft(p.re, p.im, a.s21),
    s12: mulDiagRight(a.s12, p.re, p.im),
    s22: mulDiagRight(mulDiagLeft(p.re, p.im, a.s22), p.re, p.im),
  };
}

/**
 * The junction between section A (left) and section B (right), by mode matching. `overlap` is the
 * real mA×mB matrix O_ij = ∫ a_i b_j dx of the normalised TE fields. Continuity of E_y is projected
 * on B's modes and continuity of H_x ∝ β E_y on A's modes (the usual Galerkin choice):
 *
 *   t = Oᵀ(I + r),   B_A (I − r) = O B_B t   ⇒   r = (B_A + O B_B Oᵀ)⁻¹ (B_A − O B_B Oᵀ),
 *
 * and the mirror-image formulas for light arriving from B, with O' = Oᵀ. With complete bases (all N
 * grid modes) this is exact; truncated to M modes it is the EME approximation.
 *
 * TM (H_y fields, E_x = βH_y/(ωε)): continuity of H_y projected on B's modes in B's inner product
 * (weight 1/ε_B) and of E_x on A's modes (the 1/ε_A is already in E_x, and A's modes are orthonormal
 * in weight 1/ε_A) gives the same formulas with O_ij = ∫ a_i b_j/ε_B dx; light from B needs
 * O'_ji = ∫ b_j a_i/ε_A dx, which is no longer Oᵀ, so it is passed as `overlapBA`.
 */
export function interfaceSMatrix(overlap: CMatrix, betaA: Betas, betaB: Betas, overlapBA?: CMatrix): SMatrix {
  const oT = transpose(overlap);
  const fromLeft = junction(overlap, oT, betaA, betaB);
  const back = overlapBA ?? oT;
  const fromRight = junction(back, overlapBA ? transpose(overlapBA) : overlap, betaB, betaA);
  return { s11: fromLeft.r, s21: fromLeft.t, s22: fromRight.r, s12: fromRight.t };
}

function junction(o: CMatrix, oT: CMatrix, betaIn: Betas, betaOut: Betas): { r: CMatrix; t: CMatrix } {
  const m = o.rows;
  const q = mul(mulDiagRight(o, betaOut.re, betaOut.im), oT);
  const bIn = mulDiagLeft(betaIn.re, betaIn.im, identity(m));
  const r = solve(add(bIn, q), add(bIn, q, -1));
  const t = mul(oT, add(identity(m), r));
  return { r, t };
}

/**
 * Redheffer star product: the cascade of `a` (left) then `b` (right).
 *   S11 = A11 + A12 (I − B11 A22)⁻¹ B11 A21      S12 = A12 (I − B11 A22)⁻¹ B12
 *   S21 = B21 (I − A22 B11)⁻¹ A21                S22 = B22 + B21 (I − A22 B11)⁻¹ A22 B12
 */
export function starProduct(a: SMatrix, b: SMatrix): SMatrix {
  const mLeft = a.s22.rows;
  const mRight = b.s11.rows;
  if (mLeft !== mRight) throw new Error(`starProduct: ${mLeft} modes meet ${mRight}`);
  const I = identity(mLeft);
  // x = (I − B11 A22)⁻¹ B12 and y = (I − A22 B11)⁻¹ A21: the multiple-reflection sums.
  const left = add(I, mul(b.s11, a.s22), -1);
  const right = add(I, mul(a.s22, b.s11), -1);
  const b12Sum = solve(left, b.s12);
  const a21Sum = solve(right, a.s21);
  return {
    s11: add(a.s11, mul(a.s12, mul(b.s11, a21Sum))),
    s12: mul(a.s12, b12Sum),
    s21: mul(b.s21, a21Sum),
    s22: add(b.s22, mul(b.s21, mul(a.s22, b12Sum))),
  };
}

export function transpose(a: CMatrix): CMatrix {
  const out = zeros(a.cols, a.rows);
  for (let i = 0; i < a.rows; i++) {
    for (let j = 0; j < a.cols; j++) {
      out.re[j * a.rows + i] = a.re[i * a.cols + j] as number;
      out.im[j * a.rows + i] = a.im[i * a.cols + j] as number;
    }
  }
  return out;
}
