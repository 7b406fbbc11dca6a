/**
 * Faster repeated solves when only a band of slabs changes. Unknowns are numbered slab by slab (a
 * slab is one row of cells along the grid's shorter side, `w` unknowns, w = half-bandwidth). An
 * inverse-design run changes only the slabs [s0, s1) that cross the design region; the slabs before
 * (S) and after (N) are the same for every design. Eliminating S first (in natural order) and N
 * next (in reverse order) is a valid elimination order whose work does not depend on the design, so
 * it is done once; each design then factors only the middle block M, with the Schur complements
 * ΔS (on M's first slab) and ΔN (on M's last slab) added. S and N couple to M through one slab
 * each, and not to each other, so the result is exactly A⁻¹b — the factors are just ordered
 * [S, N, M] instead of by index. The matrix stays symmetric, so the adjoint solve reuses them too.
 *
 * For the default 86-slab grid with a 50-slab design region this factors 50 slabs per design instead
 * of 86: about 40 % less work.
 */
import { backwardSweep, forwardSweep, symmetricBandedEliminate, symmetricBandedSolve, type SymmetricBandedMatrix, type SymmetricEliminator } from './symmetric-banded.ts';

export interface CondensedExterior {
  readonly n: number;
  /** Unknowns per slab (= half-bandwidth). */
  readonly w: number;
  readonly s0: number;
  readonly s1: number;
  /** S ∪ first slab of M, S eliminated. */
  readonly south: SymmetricBandedMatrix;
  /** Reversed N ∪ last slab of M, N eliminated. */
  readonly north: SymmetricBandedMatrix;
  /** Schur complements added to M's first and last slab blocks (upper band rows of those slabs, interleaved). */
  readonly deltaSouth: Float64Array;
  readonly deltaNorth: Float64Array;
}

export interface CondensedFactors {
  readonly exterior: CondensedExterior;
  readonly middle: SymmetricBandedMatrix;
}

/** Rows [from, to) of `m` as their own banded matrix (couplings leaving the range are dropped). */
function subMatrix(m: SymmetricBandedMatrix, from: number, to: number, reversed: boolean): SymmetricBandedMatrix {
  const n = to - from;
  const bw = m.bw;
  const w = bw + 1;
  const data = new Float64Array(2 * n * w);
  for (let r = from; r < to; r++) {
    for (let k = 0; k <= bw && r + k < to; k++) {
      const src = 2 * (r * w + k);
      // Reversed numbering: (r, r + k) becomes (to − 1 − r − k, to − 1 − r), stored in the smaller row.
      const row = reversed ? to - 1 - r - k : r - from;
      const dst = 2 * (row * w + k);
      data[dst] = m.data[src] as number;
      data[dst + 1] = m.data[src + 1] as number;
    }
  }
  return { n, bw, data };
}

/** The band rows of slab block [first, first + slabW) of `m` minus those of `base` (both of the same shape). */
function blockDifference(m: SymmetricBandedMatrix, base: SymmetricBandedMatrix, first: number, slabW: number): Float64Array {
  const w = m.bw + 1;
  const out = new Float64Array(2 * slabW * w);
  for (let r = 0; r < slabW; r++) {
    for (let k = 0; k < w && r + k < slabW; k++) {
      const at = 2 * ((first + r) * w + k);
      out[2 * (r * w + k)] = (m.data[at] as number) - (base.data[at] as number);
      out[2 * (r * w + k) + 1] = (m.data[at + 1] as number) - (base.data[at + 1] as number);
    }
  }
  return out;
}

/**
 * Eliminates the design-independent slabs [0, s0) and [s1, slabs) of `a` (any design: their rows do
 * not depend on it). Needs 1 ≤ s0 < s1 ≤ slabs − 1.
 */
export function condenseExterior(a: SymmetricBandedMatrix, s0: number, s1: number, eliminate: SymmetricEliminator = symmetricBandedEliminate): CondensedExterior {
  const w = a.bw;
  const slabs = a.n / w;
  if (!Number.isInteger(slabs) || s0 < 1 || s1 <= s0 || s1 > slabs - 1) throw new Error(`condenseExterior: bad slab split ${s0}, ${s1} of ${slabs}`);
  const southBase = subMatrix(a, 0, (s0 + 1) * w, false);
  const south = eliminate(southBase, s0 * w);
  const northBase = subMatrix(a, (s1 - 1) * w, a.n, true);
  const northPivots = (slabs - s1) * w;
  const north = eliminate(northBase, northPivots);
  return {
    n: a.n,
    w,
    s0,
    s1,
    south,
    north,
    deltaSouth: blockDifference(south, southBase, s0 * w, w),
    deltaNorth: blockDifference(north, northBase, northPivots, w),
  };
}

/** Factors the middle block of `a` (which must share the exterior's rows outside [s0, s1)). */
export function factorCondensed(exterior: CondensedExterior, a: SymmetricBandedMatrix, eliminate: SymmetricEliminator = symmetricBandedEliminate): CondensedFactors {
  const { w, s0, s1 } = exterior;
  const mid = subMatrix(a, s0 * w, s1 * w, false);
  const bw1 = w + 1;
  // ΔS lands on the first slab in natural order.
  for (let r = 0; r < w; r++) {
    for (let k = 0; r + k < w; k++) {
      const at = 2 * (r * bw1 + k);
      mid.data[at] = (mid.data[at] as number) + (exterior.deltaSouth[at] as number);
      mid.data[at + 1] = (mid.data[at + 1] as number) + (exterior.deltaSouth[at + 1] as number);
    }
  }
  // ΔN was computed in reversed numbering: its (r, r + k) is the last slab's (w − 1 − r − k, w − 1 − r).
  const lastSlab = mid.n - w;
  for (let r = 0; r < w; r++) {
    for (let k = 0; r + k < w; k++) {
      const src = 2 * (r * bw1 + k);
      const at = 2 * ((lastSlab + w - 1 - r - k) * bw1 + k);
      mid.data[at] = (mid.data[at] as number) + (exterior.deltaNorth[src] as number);
      mid.data[at + 1] = (mid.data[at + 1] as number) + (exterior.deltaNorth[src + 1] as number);
    }
  }
  return { exterior, middle: eliminate(mid, mid.n) };
}

/** x = A⁻¹·b (interleaved complex, a new array) with condensed factors. */
export function solveCondensed(f: CondensedFactors, b: Float64Array): Float64Array {
  const { n, w, s0, s1, south, north } = f.exterior;
  const mStart = s0 * w;
  const mEnd = s1 * w;
  const southX = b.slice(0, 2 * (mStart + w));
  forwardSweep(south, southX, mStart);
  const northLen = n - (s1 - 1) * w;
  const northX = new Float64Array(2 * northLen);
  for (let r = 0; r < northLen; r++) {
    const p = n - 1 - r;
    northX[2 * r] = b[2 * p] as number;
    northX[2 * r + 1] = b[2 * p + 1] as number;
  }
  const northPivots = northLen - w;
  forwardSweep(north, northX, northPivots);
  // The middle right-hand side: b_M plus what eliminating S and N passed on to its first and last slab.
  const mid = b.slice(2 * mStart, 2 * mEnd);
  for (let q = 0; q < 2 * w; q++) mid[q] = (mid[q] as number) + (southX[2 * mStart + q] as number) - (b[2 * mStart + q] as number);
  for (let r = northPivots; r < northLen; r++) {
    const p = n - 1 - r;
    const local = p - mStart;
    mid[2 * local] = (mid[2 * local] as number) + (northX[2 * r] as number) - (b[2 * p] as number);
    mid[2 * local + 1] = (mid[2 * local + 1] as number) + (northX[2 * r + 1] as number) - (b[2 * p + 1] as number);
  }
  symmetricBandedSolve(f.middle, mid);
  const x = new Float64Array(2 * n);
  x.set(mid, 2 * mStart);
  // Back through S and N with M's boundary slabs known.
  southX.set(mid.subarray(0, 2 * w), 2 * mStart);
  backwardSweep(south, southX, mStart);
  x.set(southX.subarray(0, 2 * mStart), 0);
  for (let r = northPivots; r < northLen; r++) {
    const p = n - 1 - r;
    northX[2 * r] = x[2 * p] as number;
    northX[2 * r + 1] = x[2 * p + 1] as number;
  }
  backwardSweep(north, northX, northPivots);
  for (let r = 0; r < northPivots; r++) {
    const p = n - 1 - r;
    x[2 * p] = northX[2 * r] as number;
    x[2 * p + 1] = northX[2 * r + 1] as number;
  }
  return x;
}
