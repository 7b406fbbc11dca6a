/**
 * Straight-waveguide compact model. The effective index varies linearly with wavelength so that the
 * group index is n_g exactly at the reference wavelength λ0:
 *   n_eff(λ) = n_eff(λ0) + (n_eff(λ0) − n_g)(λ − λ0)/λ0     (since n_g = n_eff − λ dn_eff/dλ),
 * phase φ = 2π n_eff(λ) L/λ, so dφ/dλ = −2π n_g L/λ² at λ0 and an FSR of λ²/(n_g L) follows.
 * Power loss: 10^(−loss_db_per_cm · L_cm/10), field amplitude its square root.
 */
import { fromPolar, type Complex } from '../complex.ts';
import type { Waveguide } from './problem.ts';
import { reciprocal, type SMatrix } from './smatrix.ts';

export interface WaveguideModel {
  readonly n_eff: number;
  readonly n_g: number;
  readonly reference_wavelength_nm: number;
  readonly loss_db_per_cm: number;
}

/** Fills in n_g (= n_eff, with a warning) and λ0 (the sweep's middle) when the problem omits them. */
export function waveguideModel(w: Waveguide, defaultReferenceNm: number, warn: (message: string) => void): WaveguideModel {
  if (w.n_g === undefined) {
    warn(
      `no n_g given: the group index is taken equal to n_eff = ${w.n_eff} (no dispersion). FSR, FWHM, Q and group delay depend on n_g, which differs from n_eff in real waveguides (a 500 × 220 nm Si wire has n_eff ≈ 2.4 but n_g ≈ 4.2)`,
    );
  }
  return {
    n_eff: w.n_eff,
    n_g: w.n_g ?? w.n_eff,
    reference_wavelength_nm: w.reference_wavelength_nm ?? defaultReferenceNm,
    loss_db_per_cm: w.loss_db_per_cm,
  };
}

export function effectiveIndexAt(m: WaveguideModel, wavelength_nm: number): number {
  const l0 = m.reference_wavelength_nm;
  return m.n_eff + ((m.n_eff - m.n_g) * (wavelength_nm - l0)) / l0;
}

/** Field amplitude after length_um (no phase): a = 10^(−dB/20). */
export function amplitudeAfter(m: WaveguideModel, length_um: number): number {
  return 10 ** (-(m.loss_db_per_cm * length_um * 1e-4) / 20);
}

/** Complex transmission a·e^{iφ} over length_um at a vacuum wavelength. */
export function propagate(m: WaveguideModel, length_um: number, wavelength_nm: number): Complex {
  const phase = (2 * Math.PI * effectiveIndexAt(m, wavelength_nm) * length_um * 1000) / wavelength_nm;
  return fromPolar(amplitudeAfter(m, length_um), phase);
}

/** Two-port S-matrix of a straight waveguide (ports in, out). */
export function straightS(m: WaveguideModel, length_um: number, wavelength_nm: number): SMatrix {
  return reciprocal(['in', 'out'], [['in', 'out', propagate(m, length_um, wavelength_nm)]]);
}
