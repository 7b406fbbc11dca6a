/**
 * Setup checks that do not stop a solve but that an agent should pass on: a thick layer treated
 * coherently (unresolvable fringes: the 1 mm slide trap), a thin film treated incoherently, layers
 * thinner than an atom (probably µm entered as nm), and the incoherent-layer evanescence case.
 */
/** Fringes closer than this in wavelength are beyond an ordinary spectrometer's resolution and a lamp's coherence. */
export const RESOLVABLE_FRINGE_NM = 1;
/** Thinner than an atomic monolayer: almost certainly a unit slip (µm or mm written as nm). */
export const MIN_PLAUSIBLE_NM = 0.3;

export interface LayerAtWavelength {
  readonly label: string;
  readonly thickness_nm: number;
  readonly coherent: boolean;
  readonly n: number;
}

const fmt = (x: number): string => Number(x.toPrecision(3)).toString();

/** Checks one layer at the shortest wavelength (where fringes are densest) and the longest (where a film looks thinnest). */
export function layerWarnings(layer: LayerAtWavelength, shortest_nm: number, longest_nm: number): string[] {
  const out: string[] = [];
  const { label, thickness_nm: d, n } = layer;
  if (d < MIN_PLAUSIBLE_NM) {
    out.push(`${label} is ${fmt(d)} nm thick, thinner than one atomic layer; thickness_nm is in nanometres (1 µm = 1000 nm).`);
  }
  const fringe_nm = (shortest_nm * shortest_nm) / (2 * Math.abs(n) * d);
  if (layer.coherent && fringe_nm < RESOLVABLE_FRINGE_NM) {
    out.push(
      `${label} (${fmt(d)} nm) is treated coherently, but its interference fringes are only ${fmt(fringe_nm)} nm apart at ${fmt(shortest_nm)} nm: ` +
        'far finer than the coherence of an ordinary source or the resolution of a spectrometer, so the computed R and T swing between ' +
        'fringe extremes that no measurement resolves. For a substrate or a glass slide set "coherent": false (intensities add).',
    );
  }
  if (!layer.coherent && Math.abs(n) * d < longest_nm) {
    out.push(
      `${label} (${fmt(d)} nm) is marked incoherent, but its optical thickness is below one wavelength (${fmt(longest_nm)} nm): ` +
        'a thin film interferes with itself whatever the source, and treating it incoherently drops that interference. Set "coherent": true.',
    );
  }
  return out;
}
