/**
 * The EME cascade: modes of each distinct cross-section, one junction S-matrix per change of
 * cross-section, a propagation S-matrix per slice, all joined by the Redheffer star product.
 * Identical neighbouring slices need no junction (its S-matrix would be the identity), so a uniform
 * waveguide transmits exactly. A swept slice is cascaded last: the parts on either side are built
 * once and each trial length costs two star products.
 */
import { identity, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { betasFromSquares, interfaceSMatrix, starProduct, starPropagation, type Betas, type SMatrix } from './smatrix.ts';
import { solveTmModes, solveTransverseModes, type TmProfile, type TransverseModes } from './transverse-modes.ts';

/** A uniform piece of the device: a user's section, or one step of a taper. */
export interface Slice {
  readonly lengthUm: number;
  /** Equal keys mean equal cross-sections (modes and junctions are shared). */
  readonly key: string;
  /** n² cell averages: the TE operator's profile (and a plain picture of the cross-section for TM). */
  readonly indexSquared: Float64Array;
  /** Present for TM: the slice's modes are H_y modes of this profile, not TE modes of indexSquared. */
  readonly tm?: TmProfile;
}

export interface SliceModes {
  readonly modes: TransverseModes;
  readonly betas: Betas;
}

export function solveSliceModes(slices: readonly Slice[], dx: number, k0: number, modeCount: number): Map<string, SliceModes> {
  const byKey = new Map<string, SliceModes>();
  for (const slice of slices) {
    if (byKey.has(slice.key)) continue;
    const modes = slice.tm ? solveTmModes(slice.tm, dx, k0, modeCount) : solveTransverseModes(slice.indexSquared, dx, k0, modeCount);
    byKey.set(slice.key, { modes, betas: betasFromSquares(modes.betaSquared) });
  }
  return byKey;
}

/**
 * O_ij = ∫ a_i b_j w_b dx (the discrete sum times Δx) of two sections' normalised real fields, in
 * b's inner product: w_b = 1 for TE, 1/ε of section b for TM, so ∫ a_i b_j/ε_b ∝ ∫ H_y(a_i) E_x(b_j)
 * is the projection of a's H_y on b's modes. TM junctions need it both ways (see interfaceSMatrix).
 */
export function overlapMatrix(a: TransverseModes, b: TransverseModes, dx: number): CMatrix {
  const rows = a.fields.length;
  const cols = b.fields.length;
  const out = zeros(rows, cols);
  const weight = b.weight;
  for (let i = 0; i < rows; i++) {
    const fa = a.fields[i] as Float64Array;
    // Weighting a's field once per row costs N, not N per entry.
    const wa = weight ? fa.map((v, k) => v * (weight[k] as number)) : fa;
    for (let j = 0; j < cols; j++) {
      const fb = b.fields[j] as Float64Array;
      let s = 0;
      for (let k = 0; k < wa.length; k++) s += (wa[k] as number) * (fb[k] as number);
      out.re[i * cols + j] = s * dx;
    }
  }
  return out;
}

/** The junction from a (left) to b (right): TE needs one overlap matrix, TM one in each section's inner product. */
export function junctionSMatrix(a: SliceModes, b: SliceModes, dx: number): SMatrix {
  const ab = overlapMatrix(a.modes, b.modes, dx);
  const ba = a.modes.weight || b.modes.weight ? overlapMatrix(b.modes, a.modes, dx) : undefined;
  return interfaceSMatrix(ab, a.betas, b.betas, ba);
}

export function identitySMatrix(m: number): SMatrix {
  return { s11: zeros(m), s12: identity(m), s21: identity(m), s22: zeros(m) };
}

/** Junction S-matrices by "leftKey→rightKey": a device (or its field map) meets each pair once. */
export type JunctionCache = Map<string, SMatrix>;

/** The modes of a slice's cross-section (they must have been solved). */
export function modesOfSlice(modesByKey: ReadonlyMap<string, SliceModes>, slice: Slice): SliceModes {
  const m = modesByKey.get(slice.key);
  if (!m) throw new Error(`no modes for cross-section ${slice.key}`);
  return m;
}

/** The junction from slice a to slice b, from the cache or built (and cached). */
export function cachedJunction(cache: JunctionCache, modesByKey: ReadonlyMap<string, SliceModes>, dx: number, a: Slice, b: Slice): SMatrix {
  const key = `${a.key}→${b.key}`;
  let s = cache.get(key);
  if (!s) {
    s = junctionSMatrix(modesOfSlice(modesByKey, a), modesOfSlice(modesByKey, b), dx);
    cache.set(key, s);
  }
  return s;
}

export interface CascadeOptions {
  /** Index of the slice whose length is replaced by each of `lengthsOfSwept` in turn. */
  readonly sweptSlice?: number | undefined;
  readonly lengthsOfSwept?: readonly number[];
  /** Told after each finished S-matrix (for progress reports). */
  readonly onCascaded?: (done: number) => void;
  /** Shared with a later pass over the same modes (the field map) so junctions are built once. */
  readonly junctions?: JunctionCache;
}

/**
 * The device's S-matrix, once per entry of `lengthsOfSwept` (the swept slice's length replaced), or
 * once with the slices' own lengths when `sweptSlice` is undefined.
 */
export function cascadeDevice(slices: readonly Slice[], modesByKey: ReadonlyMap<string, SliceModes>, dx: number, options: CascadeOptions = {}): SMatrix[] {
  const { sweptSlice, lengthsOfSwept = [], onCascaded } = options;
  const cache = options.junctions ?? new Map<string, SMatrix>();
  const modesOf = (s: Slice): SliceModes => modesOfSlice(modesByKey, s);
  const junction = (a: Slice, b: Slice): SMatrix => cachedJunction(cache, modesByKey, dx, a, b);
  const first = slices[0];
  if (!first) throw new Error('cascadeDevice: no slices');
  const m = modesOf(first).betas.re.length;
  // Elements left and right of the swept slice's propagation (everything when nothing is swept).
  let left = identitySMatrix(m);
  let right = identitySMatrix(m);
  for (let i = 0; i < slices.length; i++) {
    const slice = slices[i] as Slice;
    const prev = slices[i - 1];
    const beforeSwept = sweptSlice === undefined || i <= sweptSlice;
    const joint = prev && prev.key !== slice.key ? junction(prev, slice) : null;
    if (beforeSwept) {
      if (joint) left = starProduct(left, joint);
      if (i !== sweptSlice) left = starPropagation(left, modesOf(slice).betas, slice.lengthUm);
    } else {
      if (joint) right = starProduct(right, joint);
      right = starPropagation(right, modesOf(slice).betas, slice.lengthUm);
    }
  }
  if (sweptSlice === undefined) {
    onCascaded?.(1);
    return [left];
  }
  const sweptBetas = modesOf(slices[sweptSlice] as Slice).betas;
  return lengthsOfSwept.map((length, i) => {
    const s = starProduct(starPropagation(left, sweptBetas, length), right);
    onCascaded?.(i + 1);
    return s;
  });
}
