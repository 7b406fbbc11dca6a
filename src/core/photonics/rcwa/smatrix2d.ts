/**
 * Scattering matrices of the 2D Fourier modal method, in the symmetric form referenced to a
 * zero-thickness gap medium (Rumpf, "Improved formulation of scattering matrices for semi-analytical
 * methods that is consistent with convention", PIER B 35, 241 (2011)). Every S-matrix only ever
 * multiplies decaying exponentials exp(−λ·k₀·d), so thick layers and many evanescent orders stay
 * stable, and the Redheffer star product joins any number of layers.
 *
 * A layer's modes are (W, V, λ): tangential E = W·(e^{−λz}c⁺ + e^{λz}c⁻), tangential H̃ =
 * V·(−e^{−λz}c⁺ + e^{λz}c⁻), with V = Q·W·λ⁻¹. Blocks are square of size 2·harmonics.
 */
import { add, identity, mulDiagLeft, mulDiagRight, scale, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import type { EigenResult } from '../linalg/eig.ts';

/** The dense operations the method needs; the reference is ../linalg/*, a faster kernel may stand in. */
export interface DenseLinalg {
  mul(a: CMatrix, b: CMatrix): CMatrix;
  solve(a: CMatrix, b: CMatrix): CMatrix;
  inverse(a: CMatrix): CMatrix;
  eig(a: CMatrix): EigenResult;
}

export interface SMatrix {
  s11: CMatrix;
  s12: CMatrix;
  s21: CMatrix;
  s22: CMatrix;
}

export interface Modes {
  w: CMatrix;
  v: CMatrix;
  /** λ per mode (re, im), Re λ ≥ 0. */
  lamRe: Float64Array;
  lamIm: Float64Array;
}

/** S-matrix of a layer of normalised thickness k₀·d between two gap media (W0 = I, V0 = `v0`). */
export function layerSMatrix(modes: Modes, v0: CMatrix, k0d: number, la: DenseLinalg): SMatrix {
  const size = modes.w.rows;
  const wInv = la.inverse(modes.w);
  const vInvV0 = la.solve(modes.v, v0);
  const a = add(wInv, vInvV0);
  const b = add(wInv, vInvV0, -1);
  const xRe = new Float64Array(size);
  const xIm = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const mag = Math.exp(-k0d * (modes.lamRe[i] as number));
    const ph = -k0d * (modes.lamIm[i] as number);
    xRe[i] = mag * Math.cos(ph);
    xIm[i] = mag * Math.sin(ph);
  }
  const aInv = la.inverse(a);
  const bAinv = la.mul(b, aInv);
  const xbAinvx = mulDiagRight(mulDiagLeft(xRe, xIm, bAinv), xRe, xIm);
  const d = add(a, la.mul(xbAinvx, b), -1);
  const [s11, s12] = splitColumns(la.solve(d, joinColumns(add(la.mul(xbAinvx, a), b, -1), mulDiagLeft(xRe, xIm, add(a, la.mul(bAinv, b), -1)))));
  return { s11, s12, s21: s12, s22: s11 };
}

/** S-matrix of the reflection-side half-space (modes W = I, `v`) joined to the gap. */
export function reflectionSideSMatrix(v: CMatrix, v0: CMatrix, la: DenseLinalg): SMatrix {
  const v0InvV = la.solve(v0, v);
  const size = v.rows;
  const a = add(identity(size), v0InvV);
  const b = add(identity(size), v0InvV, -1);
  const aInv = la.inverse(a);
  const bAinv = la.mul(b, aInv);
  return { s11: scale(la.mul(aInv, b), -1), s12: scale(aInv, 2), s21: scale(add(a, la.mul(bAinv, b), -1), 0.5), s22: bAinv };
}

/** S-matrix of the transmission-side half-space (modes W = I, `v`) joined to the gap. */
export function transmissionSideSMatrix(v: CMatrix, v0: CMatrix, la: DenseLinalg): SMatrix {
  const v0InvV = la.solve(v0, v);
  const size = v.rows;
  const a = add(identity(size), v0InvV);
  const b = add(identity(size), v0InvV, -1);
  const aInv = la.inverse(a);
  const bAinv = la.mul(b, aInv);
  return { s11: bAinv, s12: scale(add(a, la.mul(bAinv, b), -1), 0.5), s21: scale(aInv, 2), s22: scale(la.mul(aInv, b), -1) };
}

/** Redheffer star product A ⊗ B: A on the incidence side, B after it. */
export function star(a: SMatrix, b: SMatrix, la: DenseLinalg): SMatrix {
  const size = a.s11.rows;
  const id = identity(size);
  // (I − B11·A22)⁻¹ and (I − A22·B11)⁻¹ are applied by solves, each factorised once for two right-hand sides.
  const [f, g] = splitColumns(la.solve(add(id, la.mul(b.s11, a.s22), -1), joinColumns(b.s11, b.s12)));
  const [h, k] = splitColumns(la.solve(add(id, la.mul(a.s22, b.s11), -1), joinColumns(a.s21, la.mul(a.s22, b.s12))));
  return {
    s11: add(a.s11, la.mul(la.mul(a.s12, f), a.s21)),
    s12: la.mul(a.s12, g),
    s21: la.mul(b.s21, h),
    s22: add(b.s22, la.mul(b.s21, k)),
  };
}

/**
 * The columns S11·src and S21·src of A ⊗ B without forming it: the last join of a cascade only
 * ever meets the source. With y = A21·src and z = (I − B11·A22)⁻¹·B11·y, S11·src = A11·src + A12·z
 * and, by (I − A22·B11)⁻¹ = I + A22·(I − B11·A22)⁻¹·B11, S21·src = B21·(y + A22·z).
 */
export function starApply(a: SMatrix, b: SMatrix, src: CMatrix, la: DenseLinalg): { reflected: CMatrix; transmitted: CMatrix } {
  const size = a.s11.rows;
  const y = la.mul(a.s21, src);
  const z = la.solve(add(identity(size), la.mul(b.s11, a.s22), -1), la.mul(b.s11, y));
  return { reflected: add(la.mul(a.s11, src), la.mul(a.s12, z)), transmitted: la.mul(b.s21, add(y, la.mul(a.s22, z))) };
}

function joinColumns(a: CMatrix, b: CMatrix): CMatrix {
  const out = zeros(a.rows, a.cols + b.cols);
  const w = a.cols + b.cols;
  for (let i = 0; i < a.rows; i++) {
    out.re.set(a.re.subarray(i * a.cols, (i + 1) * a.cols), i * w);
    out.im.set(a.im.subarray(i * a.cols, (i + 1) * a.cols), i * w);
    out.re.set(b.re.subarray(i * b.cols, (i + 1) * b.cols), i * w + a.cols);
    out.im.set(b.im.subarray(i * b.cols, (i + 1) * b.cols), i * w + a.cols);
  }
  return out;
}

/** Splits a matrix of 2n columns into its left and right halves. */
function splitColumns(m: CMatrix): [CMatrix, CMatrix] {
  const half = m.cols / 2;
  const left = zeros(m.rows, half);
  const right = zeros(m.rows, half);
  for (let i = 0; i < m.rows; i++) {
    left.re.set(m.re.subarray(i * m.cols, i * m.cols + half), i * half);
    left.im.set(m.im.subarray(i * m.cols, i * m.cols + half), i * half);
    right.re.set(m.re.subarray(i * m.cols + half, (i + 1) * m.cols), i * half);
    right.im.set(m.im.subarray(i * m.cols + half, (i + 1) * m.cols), i * half);
  }
  return [left, right];
}
