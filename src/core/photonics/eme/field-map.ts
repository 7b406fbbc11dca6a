/**
 * The field inside an EME device, for a picture of it (the `maps` entry of the result): the
 * forward and backward modal amplitudes in every slice, for the launched mode, from the same
 * junction S-matrices as the cascade.
 *
 * With light launched from the left only, in slice k (length L_k, local z from its start)
 *   a(z) = f_k e^{−iβz} + g_k e^{−iβ(L_k − z)},
 * f_k the forward amplitudes at its start and g_k the backward ones at its end, both written so
 * that an evanescent mode only ever decays (never e^{+|β|z}, which would overflow). A right-to-left
 * pass builds ρ_k, the reflection seen from the end of slice k looking right (ρ = 0 after the last
 * slice; across a junction J into a slice whose start sees ρ' = P ρ_next P,
 * ρ = J11 + J12 (I − ρ' J22)⁻¹ ρ' J21, the (1,1) block of the star product). A left-to-right pass
 * then sets f_0 = the launched mode, g_k = ρ_k P_k f_k, and across a junction
 * f_{k+1} = (I − J22 ρ'_{k+1})⁻¹ J21 P_k f_k. Memory is one M×M reflection per slice.
 */
import { add, identity, mul, mulDiagLeft, mulDiagRight, solve, zeros, type CMatrix } from '../linalg/cmatrix.ts';
import { cachedJunction, modesOfSlice, type JunctionCache, type Slice, type SliceModes } from './cascade.ts';
import { gridX, type TransverseGrid } from './cross-section.ts';
import { propagationPhases } from './smatrix.ts';
import { MAX_MAP_SIDE, type ResultMap } from '../result-map.ts';

/** Reflections kept (slices × modes²) above which no map is drawn: 2e6 complex entries is 32 MB. */
export const MAP_MAX_STORED_ENTRIES = 2_000_000;

export interface SliceAmplitudes {
  /** Forward amplitudes at the slice's start (M × 1). */
  readonly forward: CMatrix;
  /** Backward amplitudes at the slice's end (M × 1). */
  readonly backwardAtEnd: CMatrix;
}

/** The EME field map: the shared result-map contract. */
export type EmeFieldMap = ResultMap;

/** Forward and backward amplitudes in every slice for a unit launch of mode `input` into the first. */
export function sliceAmplitudes(slices: readonly Slice[], modesByKey: ReadonlyMap<string, SliceModes>, dx: number, input: number, junctions: JunctionCache = new Map()): SliceAmplitudes[] {
  const count = slices.length;
  const modesOf = (k: number) => modesOfSlice(modesByKey, slices[k] as Slice);
  const phases = slices.map((s, k) => propagationPhases(modesOf(k).betas, s.lengthUm));
  const joint = (k: number) => {
    const a = slices[k] as Slice;
    const b = slices[k + 1] as Slice;
    return a.key === b.key ? null : cachedJunction(junctions, modesByKey, dx, a, b);
  };
  // ρ'_k: the reflection seen from the start of slice k, through its own propagation.
  const atStart = (k: number, rho: CMatrix): CMatrix => {
    const p = phases[k] as { re: Float64Array; im: Float64Array };
    return mulDiagRight(mulDiagLeft(p.re, p.im, rho), p.re, p.im);
  };
  const rhoEnd: CMatrix[] = new Array<CMatrix>(count);
  let next = zeros(modesOf(count - 1).betas.re.length);
  for (let k = count - 1; k >= 0; k--) {
    rhoEnd[k] = next;
    if (k === 0) break;
    const seen = atStart(k, next);
    const j = joint(k - 1);
    if (!j) {
      next = seen;
      continue;
    }
    const m = j.s22.rows;
    next = add(j.s11, mul(j.s12, solve(add(identity(m), mul(seen, j.s22), -1), mul(seen, j.s21))));
  }
  const out: SliceAmplitudes[] = [];
  let forward = zeros(modesOf(0).betas.re.length, 1);
  forward.re[input] = 1;
  for (let k = 0; k < count; k++) {
    const p = phases[k] as { re: Float64Array; im: Float64Array };
    const atEnd = mulDiagLeft(p.re, p.im, forward);
    out.push({ forward, backwardAtEnd: mul(rhoEnd[k] as CMatrix, atEnd) });
    if (k === count - 1) break;
    const j = joint(k);
    if (!j) {
      forward = atEnd;
      continue;
    }
    const seen = atStart(k + 1, rhoEnd[k + 1] as CMatrix);
    forward = solve(add(identity(j.s22.rows), mul(j.s22, seen), -1), mul(j.s21, atEnd));
  }
  return out;
}

/**
 * |field|² across the device (z along the picture's horizontal axis, x up), normalised to its
 * peak and rounded to 1e-4 of it, or null when the device has no length or keeping one
 * reflection per slice would pass MAP_MAX_STORED_ENTRIES.
 */
export function deviceFieldMap(
  slices: readonly Slice[],
  modesByKey: ReadonlyMap<string, SliceModes>,
  grid: TransverseGrid,
  input: number,
  labels: { readonly title: string; readonly quantity: string },
  junctions?: JunctionCache,
): EmeFieldMap | null {
  const total = slices.reduce((sum, s) => sum + s.lengthUm, 0);
  const modeCount = modesOfSlice(modesByKey, slices[0] as Slice).betas.re.length;
  if (!(total > 0) || slices.length * modeCount * modeCount > MAP_MAX_STORED_ENTRIES) return null;
  const amplitudes = sliceAmplitudes(slices, modesByKey, grid.dx, input, junctions);
  const stride = Math.ceil(grid.points / MAX_MAP_SIDE);
  const rows = Array.from({ length: Math.ceil(grid.points / stride) }, (_, r) => r * stride);
  const columns = MAX_MAP_SIDE;
  // Column-major while summing (one column is one z), turned into rows = x at the end.
  const byColumn: Float64Array[] = [];
  // Each cross-section's mode fields at the kept rows only, contiguous per mode for the inner loop.
  const sampled = new Map<string, Float64Array[]>();
  const sampledFields = (slice: Slice): Float64Array[] => {
    let fields = sampled.get(slice.key);
    if (!fields) {
      fields = modesOfSlice(modesByKey, slice).modes.fields.map((f) => Float64Array.from(rows, (i) => f[i] as number));
      sampled.set(slice.key, fields);
    }
    return fields;
  };
  let slice = 0;
  let sliceStart = 0;
  let peak = 0;
  for (let c = 0; c < columns; c++) {
    const z = (total * c) / (columns - 1);
    // Columns march along z: move on to the slice that holds z (the last one holds the far end).
    while (slice < slices.length - 1 && z > sliceStart + (slices[slice] as Slice).lengthUm) {
      sliceStart += (slices[slice] as Slice).lengthUm;
      slice++;
    }
    const here = slices[slice] as Slice;
    const { betas } = modesOfSlice(modesByKey, here);
    const fields = sampledFields(here);
    const local = Math.min(Math.max(z - sliceStart, 0), here.lengthUm);
    const fromStart = propagationPhases(betas, local);
    const toEnd = propagationPhases(betas, here.lengthUm - local);
    const a = amplitudes[slice] as SliceAmplitudes;
    const sumRe = new Float64Array(rows.length);
    const sumIm = new Float64Array(rows.length);
    for (let n = 0; n < fields.length; n++) {
      // a_n(z) = f_n e^{−iβz} + g_n e^{−iβ(L − z)}
      const fr = a.forward.re[n] as number;
      const fi = a.forward.im[n] as number;
      const gr = a.backwardAtEnd.re[n] as number;
      const gi = a.backwardAtEnd.im[n] as number;
      const pr = fromStart.re[n] as number;
      const pi = fromStart.im[n] as number;
      const qr = toEnd.re[n] as number;
      const qi = toEnd.im[n] as number;
      const re = fr * pr - fi * pi + gr * qr - gi * qi;
      const im = fr * pi + fi * pr + gr * qi + gi * qr;
      if (re === 0 && im === 0) continue;
      const phi = fields[n] as Float64Array;
      for (let r = 0; r < phi.length; r++) {
        sumRe[r] = (sumRe[r] as number) + re * (phi[r] as number);
        sumIm[r] = (sumIm[r] as number) + im * (phi[r] as number);
      }
    }
    const column = new Float64Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const v = (sumRe[r] as number) ** 2 + (sumIm[r] as number) ** 2;
      column[r] = v;
      peak = Math.max(peak, v);
    }
    byColumn.push(column);
  }
  const norm = peak > 0 ? 1 / peak : 1;
  return {
    id: 'eme-field',
    title: labels.title,
    // Positions to 1 pm: µm → nm conversion leaves rounding noise in the last digits.
    x_nm: [0, toPicometre(total * 1000)],
    y_nm: [toPicometre(gridX(grid, rows[0] as number) * 1000), toPicometre(gridX(grid, rows[rows.length - 1] as number) * 1000)],
    // Four decimals of the peak: four significant digits where the light is, and the dark tails
    // (which a heatmap cannot show anyway) collapse to 0, which keeps the result small.
    values: rows.map((_, r) => byColumn.map((column) => Math.round((column[r] as number) * norm * 1e4) / 1e4)),
    quantity: labels.quantity,
    scale: 'sequential',
  };
}

function toPicometre(nm: number): number {
  return Math.round(nm * 1000) / 1000;
}
