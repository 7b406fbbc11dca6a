/**
 * Rigorous coupled-wave analysis of a 1D (lamellar) grating stack in planar diffraction: TE (E
 * along the grooves) and TM (H along the grooves), any incidence angle in the grating plane, any
 * number of patterned or uniform layers between a lossless cover and a (possibly absorbing)
 * substrate.
 *
 * Formulation: Moharam, Grann, Pommet & Gaylord, JOSA A 12, 1068 (1995) — eigenmodes per layer and
 * the enhanced transmittance matrix, which never multiplies growing exponentials and so stays
 * stable for thick layers and many evanescent orders. TM uses Li's factorisation rules (Li, JOSA A
 * 13, 1870 (1996); Lalanne & Morris, JOSA A 13, 779 (1996)): the Laurent rule [[ε]] where the field
 * it multiplies is continuous across the ridge walls (E_z) and the inverse rule [[1/ε]]⁻¹ where it
 * is not (E_x), which is what makes TM converge like TE.
 *
 * Internally the engineering convention exp(+iωt) of that paper is used; indices come in as n + ik
 * (k ≥ 0 absorbs, the physics convention of the material library) and are conjugated on entry.
 * Efficiencies do not depend on the convention.
 */
import { add, adjoint, diag, identity, mulDiagLeft, mulDiagRight, scale, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { csqrt, type EigenResult } from '../linalg/eig.ts';
import type { DenseLinalgKernel } from '../linalg/kernel.ts';
import { referenceLinalgKernel } from '../linalg/reference-kernel.ts';
import { fourierCoefficients, toeplitz, type Segment } from './fourier.ts';

export interface ComplexIndex {
  n: number;
  /** Extinction coefficient, ≥ 0 for an absorbing medium. */
  k: number;
}

export interface GratingLayer {
  thickness: number;
  /** Index outside every segment (the grooves). */
  background: ComplexIndex;
  /** Ridges, as fractions of the period: [from, to) with 0 ≤ from < to ≤ 1. None: a uniform layer. */
  segments: readonly { from: number; to: number; index: ComplexIndex }[];
}

export interface Grating1dInput {
  /** Same length unit as wavelength and thicknesses. */
  period: number;
  wavelength: number;
  /** Polar angle in the cover, degrees, in the plane of the grating vector. */
  angleDeg: number;
  polarization: 'TE' | 'TM';
  /** Cover (incidence) index: must be lossless. */
  cover: number;
  substrate: ComplexIndex;
  /** From the cover down to the substrate. */
  layers: readonly GratingLayer[];
  /** Orders −N…N are kept: 2N+1 harmonics. */
  harmonics: number;
}

export interface DiffractedOrder {
  order: number;
  efficiency: number;
  /** Propagation angle in its medium (degrees); null for an evanescent order. */
  angleDeg: number | null;
}

export interface Grating1dResult {
  reflected: DiffractedOrder[];
  transmitted: DiffractedOrder[];
  totalReflected: number;
  totalTransmitted: number;
  /** 1 − R − T: absorption in the layers and substrate (and truncation error, for a lossless stack). */
  absorbed: number;
}

interface LayerModes {
  w: CMatrix;
  v: CMatrix;
  /**
   * Set when the eigenvectors are orthonormal in a known metric (lossless layers) and no q is 0: W⁻¹
   * and Wᴴ, with V⁻¹ = diag(1/q)·Wᴴ, so the transmittance step needs products instead of solves.
   */
  inverses: { wInv: CMatrix; wAdjoint: CMatrix; invQRe: Float64Array; invQIm: Float64Array } | null;
  /** exp(−k₀·q·d) per mode. */
  xRe: Float64Array;
  xIm: Float64Array;
}

/** ε in the exp(+iωt) convention: (n − ik)². */
function epsEngineering(index: ComplexIndex): { re: number; im: number } {
  return { re: index.n * index.n - index.k * index.k, im: -2 * index.n * index.k };
}

function cdiv(ar: number, ai: number, br: number, bi: number): { re: number; im: number } {
  const d = br * br + bi * bi;
  return { re: (ar * br + ai * bi) / d, im: (ai * br - ar * bi) / d };
}

/** k_z/k₀ of each order in a homogeneous medium, on the branch that decays away from the grating (Im ≤ 0). */
function kz(eps: { re: number; im: number }, kxNorm: Float64Array): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(kxNorm.length);
  const im = new Float64Array(kxNorm.length);
  for (let i = 0; i < kxNorm.length; i++) {
    const kx = kxNorm[i] as number;
    let [r, m] = csqrt(eps.re - kx * kx, eps.im);
    if (m > 0 || (m === 0 && r < 0)) {
      r = -r;
      m = -m;
    }
    re[i] = r;
    im[i] = m;
  }
  return { re, im };
}

function layerModes(layer: GratingLayer, input: Grating1dInput, kxNorm: Float64Array, la: DenseLinalgKernel): LayerModes {
  const N = input.harmonics;
  const size = 2 * N + 1;
  const segments = (value: (e: { re: number; im: number }) => { re: number; im: number }): Segment[] =>
    layer.segments.map((s) => ({ from: s.from, to: s.to, ...value(epsEngineering(s.index)) }));
  const bg = epsEngineering(layer.background);
  const epsMatrix = toeplitz(fourierCoefficients(bg, segments((e) => e), 2 * N), N);
  const kx2 = new Float64Array(size);
  for (let i = 0; i < size; i++) kx2[i] = (kxNorm[i] as number) ** 2;
  // A lossless layer gives Hermitian operators (real ε has ε₋ₘ = conj(εₘ), and k_x is real because
  // the cover is lossless): TE is a Hermitian eigenproblem, TM a Hermitian-definite one, and each has
  // a solver of a fraction of the general one's cost whose eigenvectors are orthonormal in a known
  // metric M (TE: I, TM: A = [[1/ε]], the Toeplitz matrix of a positive function).
  const lossless = isLossless(layer);
  let eigen: EigenResult;
  let invEpsToeplitz: CMatrix | null = null;
  let orthonormal: boolean;
  if (input.polarization === 'TE') {
    const omega2 = add(diag(kx2, new Float64Array(size)), epsMatrix, -1);
    eigen = lossless ? la.eigHermitian(omega2) : la.eig(omega2);
    orthonormal = lossless;
  } else {
    const inv = (e: { re: number; im: number }) => cdiv(1, 0, e.re, e.im);
    invEpsToeplitz = toeplitz(fourierCoefficients(inv(bg), segments(inv), 2 * N), N);
    // Kx·E⁻¹·Kx − I, then A⁻¹·(…) with A = [[1/ε]]
    const kxEinvKx = mulDiagRight(mulDiagLeft(kxNorm, new Float64Array(size), la.inverse(epsMatrix)), kxNorm, new Float64Array(size));
    const b = add(kxEinvKx, identity(size), -1);
    const definite = lossless ? hermitianDefinite(la, b, invEpsToeplitz) : null;
    eigen = definite ?? la.eig(la.solve(invEpsToeplitz, b));
    orthonormal = definite !== null;
  }
  const { valuesRe, valuesIm, vectors: w } = eigen;
  const qRe = new Float64Array(size);
  const qIm = new Float64Array(size);
  const xRe = new Float64Array(size);
  const xIm = new Float64Array(size);
  const k0d = (2 * Math.PI * layer.thickness) / input.wavelength;
  for (let i = 0; i < size; i++) {
    const [r, m] = csqrt(valuesRe[i] as number, valuesIm[i] as number);
    qRe[i] = r;
    qIm[i] = m;
    const mag = Math.exp(-k0d * r);
    xRe[i] = mag * Math.cos(-k0d * m);
    xIm[i] = mag * Math.sin(-k0d * m);
  }
  if (orthonormal) {
    // Wᴴ·M·W = I, so W⁻¹ = Wᴴ·M = (M·W)ᴴ; V = M·W·q, so V⁻¹ = q⁻¹·Wᴴ.
    const mw = invEpsToeplitz ? la.mul(invEpsToeplitz, w) : w;
    const invQ = reciprocals(qRe, qIm);
    const v = mulDiagRight(mw, qRe, qIm);
    return { w, v, xRe, xIm, inverses: invQ && { wInv: adjoint(mw), wAdjoint: adjoint(w), ...invQ } };
  }
  const wq = mulDiagRight(w, qRe, qIm);
  const v = invEpsToeplitz ? la.mul(invEpsToeplitz, wq) : wq;
  return { w, v, xRe, xIm, inverses: null };
}

/** B·w = λ·A·w by the Hermitian-definite solver; null (use the general path) if A proves not positive definite. */
function hermitianDefinite(la: DenseLinalgKernel, b: CMatrix, a: CMatrix): EigenResult | null {
  try {
    return la.eigHermitianDefinite(b, a);
  } catch (e) {
    if (e instanceof Error && /not positive definite/.test(e.message)) return null;
    throw e;
  }
}

/**
 * `la` runs the dense O(n³) steps (eigenproblem, solves, inverses, products): the TypeScript
 * reference by default, or a faster backend (WASM) with the same results to rounding.
 */
export function solveGrating1d(input: Grating1dInput, la: DenseLinalgKernel = referenceLinalgKernel): Grating1dResult {
  validate(input);
  const N = input.harmonics;
  const size = 2 * N + 1;
  const theta = (input.angleDeg * Math.PI) / 180;
  const nI = input.cover;
  const kxNorm = new Float64Array(size);
  for (let i = 0; i < size; i++) kxNorm[i] = nI * Math.sin(theta) - (i - N) * (input.wavelength / input.period);
  const epsI = { re: nI * nI, im: 0 };
  const epsII = epsEngineering(input.substrate);
  const kzI = kz(epsI, kxNorm);
  const kzII = kz(epsII, kxNorm);
  const te = input.polarization === 'TE';
  // Admittance-like diagonals: TE k_z, TM k_z/ε.
  const yI = te ? kzI : divideDiag(kzI, epsI);
  const yII = te ? kzII : divideDiag(kzII, epsII);

  // Enhanced transmittance matrix, from the substrate up.
  let f = identity(size);
  let g = diag(scaleArr(yII.im, -1), yII.re); // i·Y_II
  const transfers: CMatrix[] = [];
  // The top layer's f = W·(I + Y) and g = V·(I − Y) are never formed (see the boundary system below).
  let top: { w: CMatrix; v: CMatrix; y: CMatrix } | null = null;
  for (let l = input.layers.length - 1; l >= 0; l--) {
    const modes = layerModes(input.layers[l] as GratingLayer, input, kxNorm, la);
    // W⁻¹·f and V⁻¹·g. With W⁻¹ known these are products, and next to the substrate, where f = I and
    // g = i·Y_II is diagonal, they cost no O(n³) work at all.
    const atSubstrate = l === input.layers.length - 1;
    let wf: CMatrix;
    let vg: CMatrix;
    const inv = modes.inverses;
    if (inv) {
      wf = atSubstrate ? inv.wInv : la.mul(inv.wInv, f);
      vg = mulDiagLeft(inv.invQRe, inv.invQIm, atSubstrate ? mulDiagRight(inv.wAdjoint, scaleArr(yII.im, -1), yII.re) : la.mul(inv.wAdjoint, g));
    } else {
      wf = la.solve(modes.w, f);
      vg = la.solve(modes.v, g);
    }
    const a = scale(add(wf, vg), 0.5);
    const b = scale(add(wf, vg, -1), 0.5);
    const aInv = la.inverse(a);
    const y = mulDiagRight(mulDiagLeft(modes.xRe, modes.xIm, la.mul(b, aInv)), modes.xRe, modes.xIm);
    transfers.push(mulDiagRight(aInv, modes.xRe, modes.xIm));
    if (l === 0) {
      top = { w: modes.w, v: modes.v, y };
    } else {
      f = la.mul(modes.w, add(identity(size), y));
      g = la.mul(modes.v, add(identity(size), y, -1));
    }
  }
  transfers.reverse();

  // [−I, f; i·Y_I, g]·[R; T₁] = [δ; i·c·δ]. The first block row gives R = f·T₁ − δ; putting it into
  // the second leaves one system of the harmonic count, (g + i·Y_I·f)·T₁ = i·(c + Y_I)·δ, an eighth
  // of the work of eliminating the whole 2n × 2n block system. With the top layer's f = W·(I + Y) and
  // g = V·(I − Y), the matrix is (i·Y_I·W + V) + (i·Y_I·W − V)·Y: one product instead of two, and
  // f·T₁ = W·(T₁ + Y·T₁) takes two matrix-vector products.
  const incidentFactor = te ? nI * Math.cos(theta) : Math.cos(theta) / nI;
  const iyIRe = scaleArr(yI.im, -1);
  let reduced: CMatrix;
  if (top) {
    const iyw = mulDiagLeft(iyIRe, yI.re, top.w);
    reduced = add(add(iyw, top.v), la.mul(add(iyw, top.v, -1), top.y));
  } else {
    reduced = add(g, mulDiagLeft(iyIRe, yI.re, f));
  }
  const rhs = zeros(size, 1);
  rhs.re[N] = -(yI.im[N] as number);
  rhs.im[N] = incidentFactor + (yI.re[N] as number);
  let t = la.solve(reduced, rhs);
  const x = top ? la.mul(top.w, add(t, la.mul(top.y, t))) : la.mul(f, t);
  x.re[N] = (x.re[N] as number) - 1;
  for (const transfer of transfers) t = la.mul(transfer, t);

  const reflected: DiffractedOrder[] = [];
  const transmitted: DiffractedOrder[] = [];
  const norm = incidentFactor;
  let totalR = 0;
  let totalT = 0;
  for (let i = 0; i < size; i++) {
    const order = i - N;
    const r2 = (x.re[i] as number) ** 2 + (x.im[i] as number) ** 2;
    const t2 = (t.re[i] as number) ** 2 + (t.im[i] as number) ** 2;
    const effR = (r2 * (yI.re[i] as number)) / norm;
    const effT = (t2 * (yII.re[i] as number)) / norm;
    totalR += effR;
    totalT += effT;
    reflected.push({ order, efficiency: effR, angleDeg: orderAngle(kxNorm[i] as number, nI, kzI.im[i] as number) });
    transmitted.push({ order, efficiency: effT, angleDeg: orderAngle(kxNorm[i] as number, input.substrate.n, kzII.im[i] as number, input.substrate.k) });
  }
  return { reflected, transmitted, totalReflected: totalR, totalTransmitted: totalT, absorbed: 1 - totalR - totalT };
}

/** 1/q per mode, or null when some q is 0 (a mode at cut-off; V is then singular and the LU path says so). */
function reciprocals(qRe: Float64Array, qIm: Float64Array): { invQRe: Float64Array; invQIm: Float64Array } | null {
  const invQRe = new Float64Array(qRe.length);
  const invQIm = new Float64Array(qRe.length);
  for (let i = 0; i < qRe.length; i++) {
    const q = cdiv(1, 0, qRe[i] as number, qIm[i] as number);
    if (!Number.isFinite(q.re) || !Number.isFinite(q.im)) return null;
    invQRe[i] = q.re;
    invQIm[i] = q.im;
  }
  return { invQRe, invQIm };
}

function isLossless(layer: GratingLayer): boolean {
  return layer.background.k === 0 && layer.segments.every((s) => s.index.k === 0);
}

function orderAngle(kx: number, n: number, kzIm: number, k = 0): number | null {
  // Evanescent: k_z is (almost) purely imaginary. In an absorbing medium every order decays; use the real index.
  if (k === 0 && kzIm !== 0) return null;
  if (Math.abs(kx) > n) return null;
  return (Math.asin(kx / n) * 180) / Math.PI;
}

function divideDiag(z: { re: Float64Array; im: Float64Array }, e: { re: number; im: number }): { re: Float64Array; im: Float64Array } {
  const re = new Float64Array(z.re.length);
  const im = new Float64Array(z.re.length);
  for (let i = 0; i < z.re.length; i++) {
    const q = cdiv(z.re[i] as number, z.im[i] as number, e.re, e.im);
    re[i] = q.re;
    im[i] = q.im;
  }
  return { re, im };
}

function scaleArr(a: Float64Array, s: number): Float64Array {
  return a.map((x) => x * s);
}

function validate(input: Grating1dInput): void {
  if (!(input.period > 0) || !(input.wavelength > 0)) throw new Error('RCWA: period and wavelength must be positive');
  if (!Number.isInteger(input.harmonics) || input.harmonics < 0) throw new Error('RCWA: harmonics must be a non-negative integer');
  if (!(Math.abs(input.angleDeg) < 90)) throw new Error('RCWA: the angle must be between −90° and 90°');
  for (const layer of input.layers) {
    if (!(layer.thickness >= 0)) throw new Error('RCWA: layer thicknesses must be ≥ 0');
    for (const s of layer.segments) if (!(s.from >= 0 && s.to <= 1 && s.from < s.to)) throw new Error('RCWA: segments must satisfy 0 ≤ from < to ≤ 1 (fractions of the period)');
  }
}
