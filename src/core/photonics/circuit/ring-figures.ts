/**
 * Closed-form figures of ring resonators (Bogaerts et al., "Silicon microring resonators", Laser
 * Photonics Rev. 6, 47 (2012), eqs. 3–12), with r the product of the self-coupling coefficients
 * (t for all-pass, t1·t2 for add-drop) and a the single-pass field transmission:
 *   FSR = λ²/(n_g L),  FWHM ≈ (1 − ra) λ²/(π n_g L √(ra)),  Q = λ/FWHM,  finesse = FSR/FWHM.
 * The reported FWHM uses the exact half-maximum phase of the Airy line, Δφ = 4 asin((1 − ra)/(2√(ra))),
 * which Bogaerts' expression approximates to first order in (1 − ra); both agree to better than 1e-4
 * for finesse above ~30. Both ports' lines (through dip measured from 1, drop peak) have this width.
 */
import { amplitudeAfter, effectiveIndexAt, type WaveguideModel } from './waveguide.ts';

export interface RingFigures {
  /** resonance nearest the sweep's middle, vacuum nm */
  readonly resonance_wavelength_nm: number;
  readonly resonance_order: number;
  readonly round_trip_length_um: number;
  /** single-pass field transmission a (a² = power) */
  readonly round_trip_amplitude: number;
  readonly fsr_nm: number;
  readonly fwhm_nm: number | null;
  readonly fwhm_bogaerts_nm: number;
  readonly q_loaded: number | null;
  /** 2π n_g/(λ α); null for a lossless ring */
  readonly q_intrinsic: number | null;
  readonly finesse: number | null;
  readonly extinction_db: number | null;
  readonly through_at_resonance: number;
  readonly drop_at_resonance?: number;
  readonly coupling_regime: 'under-coupled' | 'critically coupled' | 'over-coupled';
}

/** Tolerance for calling a ring critically coupled (|t − a| or |t1 − t2 a|). */
export const CRITICAL_TOLERANCE = 1e-9;

/**
 * Resonances satisfy n_eff(λ) L = m λ; with the linear n_eff(λ) of the waveguide model this gives
 * λ_m = n_g L/(m − L dn_eff/dλ) exactly, dn_eff/dλ = (n_eff − n_g)/λ0.
 */
export function nearestResonance(model: WaveguideModel, length_um: number, centre_nm: number): { order: number; wavelength_nm: number } {
  const L = length_um * 1000;
  const slope = (model.n_eff - model.n_g) / model.reference_wavelength_nm;
  const order = Math.max(1, Math.round((effectiveIndexAt(model, centre_nm) * L) / centre_nm));
  return { order, wavelength_nm: (model.n_g * L) / (order - slope * L) };
}

/**
 * Figures of an all-pass (selfCouplings = [t]) or add-drop (selfCouplings = [t1, t2]) ring.
 */
export function ringFigures(model: WaveguideModel, length_um: number, selfCouplings: readonly number[], centre_nm: number): RingFigures {
  const { order, wavelength_nm: lambda } = nearestResonance(model, length_um, centre_nm);
  const L = length_um * 1000; // nm
  const a = amplitudeAfter(model, length_um);
  const t1 = selfCouplings[0] ?? 1;
  const t2 = selfCouplings[1];
  const ra = t1 * (t2 ?? 1) * a;
  const fsr = (lambda * lambda) / (model.n_g * L);
  const phaseToNm = (lambda * lambda) / (2 * Math.PI * model.n_g * L);
  const halfArg = (1 - ra) / (2 * Math.sqrt(ra));
  const fwhm = ra > 0 && halfArg <= 1 ? 4 * Math.asin(halfArg) * phaseToNm : null;
  const fwhmBogaerts = ((1 - ra) * lambda * lambda) / (Math.PI * model.n_g * L * Math.sqrt(ra));
  const alphaPerNm = (model.loss_db_per_cm * Math.log(10)) / 10 / 1e7;

  // Through port on and off resonance: (a' ∓ t1)²/(1 ∓ ra)² with a' = a (all-pass) or t2·a (add-drop,
  // where the drop coupler acts on the through port as extra round-trip loss). Critical coupling: t1 = a'.
  const [near, far] = t2 === undefined ? [a, t1] : [t2 * a, t1];
  const tMin = (near - far) ** 2 / (1 - ra) ** 2;
  const tMax = (near + far) ** 2 / (1 + ra) ** 2;
  const critical = Math.abs(near - far) <= CRITICAL_TOLERANCE;
  return {
    resonance_wavelength_nm: lambda,
    resonance_order: order,
    round_trip_length_um: length_um,
    round_trip_amplitude: a,
    fsr_nm: fsr,
    fwhm_nm: fwhm,
    fwhm_bogaerts_nm: fwhmBogaerts,
    q_loaded: fwhm === null ? null : lambda / fwhm,
    q_intrinsic: alphaPerNm > 0 ? (2 * Math.PI * model.n_g) / (lambda * alphaPerNm) : null,
    finesse: fwhm === null ? null : fsr / fwhm,
    extinction_db: critical || tMin === 0 ? null : 10 * Math.log10(tMax / tMin),
    through_at_resonance: critical ? 0 : tMin,
    ...(t2 === undefined ? {} : { drop_at_resonance: ((1 - t1 * t1) * (1 - t2 * t2) * a) / (1 - ra) ** 2 }),
    coupling_regime: critical ? 'critically coupled' : far > near ? 'under-coupled' : 'over-coupled',
  };
}
