/**
 * Units shared by the material library: the files of the refractiveindex.info database give
 * wavelengths in µm, this project's API takes vacuum wavelengths in nm, and the Drude–Lorentz models
 * take photon energies in eV.
 */

/** h·c/e in eV·nm (1239.84198…) from the exact 2019 SI values of h, c and e: E[eV] = HC_EV_NM / λ[nm]. */
export const HC_EV_NM = ((6.62607015e-34 * 299792458) / 1.602176634e-19) * 1e9;

/** Photon energy in eV of a vacuum wavelength in nm. */
export const photonEnergyEv = (wavelength_nm: number): number => HC_EV_NM / wavelength_nm;

/**
 * A µm number token of a database file as nm, shifting the decimal point in the text ("0.5876" →
 * 587.6) so a tabulated wavelength equals exactly the double a user writes for it in nm.
 */
export function micronTokenToNm(token: string): number {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:[eE]([+-]?\d+))?$/.exec(token.trim());
  if (m === null) return NaN;
  return Number(`${m[1]}e${Number(m[2] ?? 0) + 3}`);
}

/** A wavelength for messages: six significant digits, no trailing zeros (187.9, 1937, 0.12399). */
export function formatNm(wavelength_nm: number): string {
  return String(Number(wavelength_nm.toPrecision(6)));
}
