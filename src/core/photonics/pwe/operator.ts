/**
 * The Maxwell operator Θ of a 2-D photonic crystal applied by FFT, the kernel of the iterative
 * plane-wave solver (and the function a WebGPU port reimplements: everything it reads is a typed
 * array or a number).
 *
 * Basis: plane waves e^{i(k+G)·r}, G = m·b1 + n·b2 for |m|, |n| ≤ p (P = 2p + 1 per axis). Grid:
 * N × N points r = (u/N)a1 + (v/N)a2 (any N ≥ P), so G·r = 2π(mu + nv)/N and order (m, n) lives at
 * grid index (m mod N) + N·(n mod N). Eigenvalues of Θ are (ω/c)² with lengths in units of a.
 *
 *   TM (E_z):  (Θh)_G = |k+G| · F[ η(r) · F⁻¹[ |k+G′| h_G′ ] ]_G
 *   TE (H_z):  (Θh)_G = (k+G) · F[ κ(r) · F⁻¹[ (k+G′) h_G′ ] ]_G     (κ a symmetric 2 × 2 tensor)
 *
 * with F⁻¹ the unnormalised inverse DFT and F the forward DFT divided by N². On the basis this is
 * exactly the Hermitian matrix |k+G| η̂(G − G′) |k+G′| (resp. the tensor form), η̂ the DFT of the
 * grid samples with G − G′ taken mod N. The band solver uses N = P, MPB's choice: basis and grid
 * are then the same space, the multiplication by η is exact on it and no factorisation rule is
 * needed. (A grid of 2P — the dealiased Fourier product of 1/ε — converges only like the "wrong"
 * Laurent rule: 0.8 % high on the rods' gap at P = 29, against 0.03 % for N = P.)
 */
import { toFourier, toRealSpace, type FftPlan } from './fft2d.ts';

export interface ThetaOperator {
  readonly polarization: 'TM' | 'TE';
  readonly plan: FftPlan;
  /** Number of plane waves (length of every vector the operator acts on). */
  readonly size: number;
  /** Grid index u + N·v of each plane wave. */
  readonly gridIndex: Int32Array;
  /** Cartesian components and length of k + G per plane wave. */
  readonly kgX: Float64Array;
  readonly kgY: Float64Array;
  readonly kgNorm: Float64Array;
  /** TM: η = 1/⟨ε⟩ per grid point (length N²); null for TE. */
  readonly eta: Float64Array | null;
  /** TE: κ_xx, κ_xy, κ_yy per grid point (length N² each); null for TM. */
  readonly kappa: { readonly xx: Float64Array; readonly xy: Float64Array; readonly yy: Float64Array } | null;
}

/** Scratch grids (N² each) reused across applications: one pair for TM, two for TE. */
export interface ThetaWork {
  readonly aRe: Float64Array;
  readonly aIm: Float64Array;
  readonly bRe: Float64Array;
  readonly bIm: Float64Array;
}

export function createThetaWork(plan: FftPlan): ThetaWork {
  const size = plan.n * plan.n;
  return { aRe: new Float64Array(size), aIm: new Float64Array(size), bRe: new Float64Array(size), bIm: new Float64Array(size) };
}

/** Basis orders (m, n) in a fixed order (m outer, n inner, as the dense solver) and their grid indices. */
export function planeWaveOrders(p: number, gridSide: number): { m: Int32Array; n: Int32Array; gridIndex: Int32Array } {
  const count = (2 * p + 1) ** 2;
  const m = new Int32Array(count);
  const n = new Int32Array(count);
  const gridIndex = new Int32Array(count);
  let i = 0;
  for (let a = -p; a <= p; a++) {
    for (let b = -p; b <= p; b++) {
      m[i] = a;
      n[i] = b;
      gridIndex[i] = ((a + gridSide) % gridSide) + gridSide * ((b + gridSide) % gridSide);
      i++;
    }
  }
  return { m, n, gridIndex };
}

/**
 * y = Θ x for one complex vector (split re/im, length op.size). x and y must not alias; `work`
 * is overwritten. Cost: 2 (TM) or 4 (TE) pruned N × N FFTs plus O(N²) pointwise work.
 */
export function applyTheta(op: ThetaOperator, xRe: Float64Array, xIm: Float64Array, yRe: Float64Array, yIm: Float64Array, work: ThetaWork): void {
  const { gridIndex, kgX, kgY, kgNorm, plan, size } = op;
  const scale = 1 / (plan.n * plan.n);
  const { aRe, aIm, bRe, bIm } = work;
  aRe.fill(0);
  aIm.fill(0);
  if (op.eta) {
    const eta = op.eta;
    for (let j = 0; j < size; j++) {
      const g = gridIndex[j] as number;
      const f = kgNorm[j] as number;
      aRe[g] = f * (xRe[j] as number);
      aIm[g] = f * (xIm[j] as number);
    }
    toRealSpace(plan, aRe, aIm);
    for (let i = 0; i < aRe.length; i++) {
      const e = eta[i] as number;
      aRe[i] = (aRe[i] as number) * e;
      aIm[i] = (aIm[i] as number) * e;
    }
    toFourier(plan, aRe, aIm);
    for (let j = 0; j < size; j++) {
      const g = gridIndex[j] as number;
      const f = (kgNorm[j] as number) * scale;
      yRe[j] = f * (aRe[g] as number);
      yIm[j] = f * (aIm[g] as number);
    }
    return;
  }
  const kappa = op.kappa;
  if (!kappa) throw new Error('applyTheta: the operator has neither η (TM) nor κ (TE)');
  // a ← (k+G)_x h, b ← (k+G)_y h: the two components of the gradient of H_z (up to a factor i that cancels).
  bRe.fill(0);
  bIm.fill(0);
  for (let j = 0; j < size; j++) {
    const g = gridIndex[j] as number;
    const hr = xRe[j] as number;
    const hi = xIm[j] as number;
    const gx = kgX[j] as number;
    const gy = kgY[j] as number;
    aRe[g] = gx * hr;
    aIm[g] = gx * hi;
    bRe[g] = gy * hr;
    bIm[g] = gy * hi;
  }
  toRealSpace(plan, aRe, aIm);
  toRealSpace(plan, bRe, bIm);
  const { xx, xy, yy } = kappa;
  for (let i = 0; i < aRe.length; i++) {
    const cxx = xx[i] as number;
    const cxy = xy[i] as number;
    const cyy = yy[i] as number;
    const ar = aRe[i] as number;
    const ai = aIm[i] as number;
    const br = bRe[i] as number;
    const bi = bIm[i] as number;
    aRe[i] = cxx * ar + cxy * br;
    aIm[i] = cxx * ai + cxy * bi;
    bRe[i] = cxy * ar + cyy * br;
    bIm[i] = cxy * ai + cyy * bi;
  }
  toFourier(plan, aRe, aIm);
  toFourier(plan, bRe, bIm);
  for (let j = 0; j < size; j++) {
    const g = gridIndex[j] as number;
    const gx = (kgX[j] as number) * scale;
    const gy = (kgY[j] as number) * scale;
    yRe[j] = gx * (aRe[g] as number) + gy * (bRe[g] as number);
    yIm[j] = gx * (aIm[g] as number) + gy * (bIm[g] as number);
  }
}
