/**
 * Plane-wave expansion of a 2-D photonic crystal: band frequencies ωa/2πc (= a/λ) along the
 * irreducible-zone path, for TM (E along the rods, E_z) and TE (H_z) polarisation.
 *
 * Method: Ho, Chan & Soukoulis, PRL 65, 3152 (1990) — the inverse of the Fourier permittivity
 * matrix, κ = [ε(G − G′)]⁻¹, in place of the Fourier transform of 1/ε, which converges far faster
 * at dielectric edges (the same physics as Li's rules in RCWA). Both operators are Hermitian:
 *   TM: |k+G|·κ_GG′·|k+G′|      TE: (k+G)·(k+G′)·κ_GG′
 * with eigenvalues (ω/c)². A cell with inversion symmetry has real ε(G) and the operators are real
 * symmetric; otherwise the Hermitian matrix is solved through its real 2N×2N embedding.
 */
import { spdInverse } from '../linalg/spd-inverse.ts';
import { symmetricEigenvalues } from '../linalg/symmetric-eigenvalues.ts';
import { epsilonFourier, type CellShape } from './fourier.ts';
import { kPath, makeLattice, type LatticeKind, type Vec2 } from './lattice.ts';

export interface BandsInput {
  lattice: LatticeKind;
  /** Background relative permittivity. */
  background: number;
  shapes: readonly CellShape[];
  polarization: 'TM' | 'TE';
  /** Odd: P plane waves per reciprocal axis, P² in all. */
  planeWavesPerAxis: number;
  kPointsPerSegment: number;
  bands: number;
}

export interface BandGap {
  /** The gap lies above this band (1-based) and below the next. */
  lower_band: number;
  from: number;
  to: number;
  midgap: number;
  /** Gap-to-midgap ratio Δω/ω_m. */
  ratio: number;
}

export interface BandsResult {
  k_points: { distance: number; label: string | null; kx: number; ky: number }[];
  /** [k][band]: normalised frequency ωa/2πc = a/λ. */
  frequencies: number[][];
  gaps: BandGap[];
  plane_waves: number;
  /** Whether ε(G) was real (cell with inversion symmetry about the origin). */
  real_operator: boolean;
}

/** Builds κ = [ε(G_i − G_j)]⁻¹ once per structure; it does not depend on k. */
function inverseEpsilon(input: BandsInput, gs: readonly Vec2[], index: readonly [number, number][], b1: Vec2, b2: Vec2, area: number): { kr: Float64Array; ki: Float64Array | null } {
  const n = gs.length;
  const p = (input.planeWavesPerAxis - 1) / 2;
  const span = 4 * p + 1;
  const cacheRe = new Float64Array(span * span);
  const cacheIm = new Float64Array(span * span);
  let maxIm = 0;
  let maxAbs = 0;
  for (let dm = -2 * p; dm <= 2 * p; dm++) {
    for (let dn = -2 * p; dn <= 2 * p; dn++) {
      const g = { x: dm * b1.x + dn * b2.x, y: dm * b1.y + dn * b2.y };
      const e = epsilonFourier(g, input.background, input.shapes, area);
      const at = (dm + 2 * p) * span + (dn + 2 * p);
      cacheRe[at] = e.re;
      cacheIm[at] = e.im;
      maxIm = Math.max(maxIm, Math.abs(e.im));
      maxAbs = Math.max(maxAbs, Math.hypot(e.re, e.im));
    }
  }
  const real = maxIm <= 1e-12 * maxAbs;
  const size = real ? n : 2 * n;
  const e = new Float64Array(size * size);
  for (let i = 0; i < n; i++) {
    const [mi, ni] = index[i] as [number, number];
    for (let j = 0; j < n; j++) {
      const [mj, nj] = index[j] as [number, number];
      const at = (mi - mj + 2 * p) * span + (ni - nj + 2 * p);
      const re = cacheRe[at] as number;
      if (real) {
        e[i * n + j] = re;
      } else {
        const im = cacheIm[at] as number;
        e[i * size + j] = re;
        e[(i + n) * size + j + n] = re;
        e[i * size + j + n] = -im;
        e[(i + n) * size + j] = im;
      }
    }
  }
  const inv = spdInverse(e, size);
  if (real) return { kr: inv, ki: null };
  const kr = new Float64Array(n * n);
  const ki = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      kr[i * n + j] = inv[i * size + j] as number;
      ki[i * n + j] = inv[(i + n) * size + j] as number;
    }
  }
  return { kr, ki };
}

/** `onKPoint(done, total)` is called after each k-point (progress). */
export function solveBands(input: BandsInput, onKPoint?: (done: number, total: number) => void): BandsResult {
  const P = input.planeWavesPerAxis;
  if (!Number.isInteger(P) || P < 1 || P % 2 === 0) throw new Error('PWE: plane waves per axis must be a positive odd integer');
  if (!(input.background > 0) || input.shapes.some((s) => !(s.epsilon > 0))) throw new Error('PWE: every permittivity must be positive (lossless dielectrics)');
  const lattice = makeLattice(input.lattice);
  const p = (P - 1) / 2;
  const gs: Vec2[] = [];
  const index: [number, number][] = [];
  for (let m = -p; m <= p; m++) {
    for (let n = -p; n <= p; n++) {
      gs.push({ x: m * lattice.b1.x + n * lattice.b2.x, y: m * lattice.b1.y + n * lattice.b2.y });
      index.push([m, n]);
    }
  }
  const n = gs.length;
  const bands = Math.min(input.bands, n);
  const { kr, ki } = inverseEpsilon(input, gs, index, lattice.b1, lattice.b2, lattice.area);
  const path = kPath(lattice, input.kPointsPerSegment);
  const frequencies: number[][] = [];
  const size = ki ? 2 * n : n;
  const op = new Float64Array(size * size);
  for (const point of path) {
    const kx = point.k.x;
    const ky = point.k.y;
    for (let i = 0; i < n; i++) {
      const gi = gs[i] as Vec2;
      const xi = kx + gi.x;
      const yi = ky + gi.y;
      const ni = Math.hypot(xi, yi);
      for (let j = 0; j < n; j++) {
        const gj = gs[j] as Vec2;
        const xj = kx + gj.x;
        const yj = ky + gj.y;
        const factor = input.polarization === 'TM' ? ni * Math.hypot(xj, yj) : xi * xj + yi * yj;
        const re = factor * (kr[i * n + j] as number);
        if (!ki) {
          op[i * n + j] = re;
        } else {
          const im = factor * (ki[i * n + j] as number);
          op[i * size + j] = re;
          op[(i + n) * size + j + n] = re;
          op[i * size + j + n] = -im;
          op[(i + n) * size + j] = im;
        }
      }
    }
    const values = symmetricEigenvalues(op, size);
    const row: number[] = [];
    // The real embedding doubles every eigenvalue: take every other one.
    const stride = ki ? 2 : 1;
    for (let b = 0; b < bands; b++) row.push(Math.sqrt(Math.max(values[b * stride] as number, 0)) / (2 * Math.PI));
    frequencies.push(row);
    onKPoint?.(frequencies.length, path.length);
  }
  return {
    k_points: path.map((pt) => ({ distance: pt.distance, label: pt.label, kx: pt.k.x, ky: pt.k.y })),
    frequencies,
    gaps: findGaps(frequencies, bands),
    plane_waves: n,
    real_operator: ki === null,
  };
}

/** Complete gaps along the path: band b's maximum below band b+1's minimum. */
export function findGaps(frequencies: readonly (readonly number[])[], bands: number): BandGap[] {
  const gaps: BandGap[] = [];
  for (let b = 0; b + 1 < bands; b++) {
    const top = Math.max(...frequencies.map((row) => row[b] as number));
    const bottom = Math.min(...frequencies.map((row) => row[b + 1] as number));
    if (bottom > top) {
      const mid = (top + bottom) / 2;
      gaps.push({ lower_band: b + 1, from: top, to: bottom, midgap: mid, ratio: (bottom - top) / mid });
    }
  }
  return gaps;
}
