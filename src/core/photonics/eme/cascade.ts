/**
 * The EME cascade: modes of each distinct cross-section, one junction S-matrix per change of
 * cross-section, a propagation S-matrix per slice, all joined by the Redheffer star product.
 * Identical neighbouring slices need no junction (its S-matrix would be the identity), so a uniform
 * waveguide transmits exactly. A swept slice is cascaded last: the parts on either side are built
 * once and each trial length costs two star products.
 */
import { identity, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { betasFromSquares, interfaceSMatrix, starProduct, starPropagation, type Betas, type SMatrix } from './smatrix.ts';
import { solveTransverseModes, type TransverseModes } from './transverse-modes.ts';

/** A uniform piece of the device: a user's section, or one step of a taper. */
export interface Slice {
  readonly lengthUm: number;
  /** Equal keys mean equal cross-sections (modes and junctions are shared). */
  readonly key: string;
  readonly indexSquared: Float64Array;
}

export interface SliceModes {
  readonly modes: TransverseModes;
  readonly betas: Betas;
}

export function solveSliceModes(slices: readonly Slice[], dx: number, k0: number, modeCount: number): Map<string, SliceModes> {
  const byKey = new Map<string, SliceModes>();
  for (const slice of slices) {
    if (byKey.has(slice.key)) continue;
    const modes = solveTransverseModes(slice.indexSquared, dx, k0, modeCount);
    byKey.set(slice.key, { modes, betas: betasFromSquares(modes.betaSquared) });
  }
  return byKey;
}

/** O_ij = ∫ a_i b_j dx (the discrete sum times Δx) of two sections' normalised real fields. */
export function overlapMatrix(a: TransverseModes, b: TransverseModes, dx: number): CMatrix {
  const rows = a.fields.length;
  const cols = b.fields.length;
  const out = zeros(rows, cols);
  for (let i = 0; i < rows; i++) {
    const fa = a.fields[i] as Float64Array;
    for (let j = 0; j < cols; j++) {
      const fb = b.fields[j] as Float64Array;
      let s = 0;
      for (let k = 0; k < fa.length; k++) s += (fa[k] as number) * (fb[k] as number);
      out.re[i * cols + j] = s * dx;
    }
  }
  return out;
}

export function identitySMatrix(m: number): SMatrix {
  return { s11: zeros(m), s12: identity(m), s21: identity(m), s22: zeros(m) };
}

/**
 * The device's S-matrix, once per entry of `lengthsOfSwept` (the swept slice's length replaced), or
 * once with the slices' own lengths when `sweptSlice` is undefined.
 */
export function cascadeDevice(
  slices: readonly Slice[],
  modesByKey: ReadonlyMap<string, SliceModes>,
  dx: number,
  sweptSlice?: number,
  lengthsOfSwept: readonly number[] = [],
): SMatrix[] {
  const junctions = new Map<string, SMatrix>();
  const modesOf = (s: Slice): SliceModes => {
    const m = modesByKey.get(s.key);
    if (!m) throw new Error(`cascadeDevice: no modes for cross-section ${s.key}`);
    return m;
  };
  const junction = (a: Slice, b: Slice): SMatrix => {
    const key = `${a.key}→${b.key}`;
    let s = junctions.get(key);
    if (!s) {
      const ma = modesOf(a);
      const mb = modesOf(b);
      s = interfaceSMatrix(overlapMatrix(ma.modes, mb.modes, dx), ma.betas, mb.betas);
      junctions.set(key, s);
    }
    return s;
  };
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
  if (sweptSlice === undefined) return [left];
  const sweptBetas = modesOf(slices[sweptSlice] as Slice).betas;
  return lengthsOfSwept.map((length) => starProduct(starPropagation(left, sweptBetas, length), right));
}
