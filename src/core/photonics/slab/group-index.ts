/**
 * Group index n_g = n_eff − λ dn_eff/dλ of a slab mode, with the materials' own dispersion included:
 * the slab is re-solved at λ(1 ± δ) with every index re-resolved there.
 *
 * Step: δ = 1e-5 (relative). The root is exact to ~1e-16 in n_eff, so the rounding error of the
 * central difference is ~1e-16/δ ≈ 1e-11; its truncation error is ~δ² λ³ n_eff'''/6 ≈ 1e-10 for
 * slab dispersion — δ ≈ ε^{1/3} balances the two. A tabulated material with linear interpolation
 * is differentiated locally (its slope on the interval holding λ, or the mean of the two slopes
 * when λ sits on a table point), which is the most the data can say.
 */
import type { SlabAtWavelength, SlabPolarization } from './dispersion.ts';
import { solveSlabModes } from './dispersion.ts';

export const GROUP_INDEX_RELATIVE_STEP = 1e-5;

/** The slab re-solved on both sides of λ: λ(1 − δ) and λ(1 + δ), undefined where a material has no data. */
export interface GroupIndexNeighbours {
  readonly wavelength_nm: number;
  /** the step δλ = δ·λ, nm */
  readonly h: number;
  readonly below: SlabAtWavelength | undefined;
  readonly above: SlabAtWavelength | undefined;
}

/**
 * Resolves the slab at λ(1 ± δ) once per wavelength; the result serves every polarization, so
 * 'both' does not resolve the materials twice.
 */
export function groupIndexNeighbours(
  slabAt: (wavelength_nm: number) => SlabAtWavelength | undefined,
  wavelength_nm: number,
): GroupIndexNeighbours {
  const h = GROUP_INDEX_RELATIVE_STEP * wavelength_nm;
  return { wavelength_nm, h, below: slabAt(wavelength_nm - h), above: slabAt(wavelength_nm + h) };
}

/** n_eff by mode order at one wavelength, orders below maxOrder only (orders not guided there are absent). */
function nEffByOrder(slab: SlabAtWavelength | undefined, pol: SlabPolarization, maxOrder: number): Map<number, number> {
  if (slab === undefined || maxOrder <= 0) return new Map();
  return new Map(solveSlabModes(slab, pol, { maxOrder }).map((mode) => [mode.order, mode.n_eff]));
}

/**
 * n_g of every listed mode of one polarization, by order: the slab is solved once at each of
 * λ(1 ± δ), up to the highest listed order only. Central difference where the mode is guided on both
 * sides; a one-sided difference (first order, still ~1e-5 accurate) when λ + δ is past cutoff or a
 * material has no data there (the neighbour is undefined); null when neither neighbour guides it.
 */
export function groupIndices(
  neighbours: GroupIndexNeighbours,
  pol: SlabPolarization,
  modes: readonly { readonly order: number; readonly n_eff: number }[],
): Map<number, number | null> {
  const { wavelength_nm, h } = neighbours;
  const maxOrder = modes.reduce((top, mode) => Math.max(top, mode.order + 1), 0);
  const below = nEffByOrder(neighbours.below, pol, maxOrder);
  const above = nEffByOrder(neighbours.above, pol, maxOrder);
  const out = new Map<number, number | null>();
  for (const { order, n_eff: nEff } of modes) {
    const lo = below.get(order);
    const hi = above.get(order);
    let slope: number | null = null;
    if (lo !== undefined && hi !== undefined) slope = (hi - lo) / (2 * h);
    else if (lo !== undefined) slope = (nEff - lo) / h;
    else if (hi !== undefined) slope = (hi - nEff) / h;
    out.set(order, slope === null ? null : nEff - wavelength_nm * slope);
  }
  return out;
}
