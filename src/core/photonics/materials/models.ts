/**
 * Dispersion models as problems write them (material-spec.ts): constant, Drude and Drude–Lorentz.
 *
 *   ε(ω) = ε∞ − ω_p² / (ω² + iγω) + Σ_j f_j ω_j² / (ω_j² − ω² − iγ_j ω)
 *
 * with fields ∝ e^{−iωt}, so γ > 0 gives Im ε > 0 (absorption), and N = n + ik = √ε on the branch
 * with n ≥ 0. Frequencies enter only as ratios, so they are written as photon energies ħω in eV and
 * ħω = hc/λ = 1239.84198 eV·nm / λ.
 */
import { add, c, div, sqrt, sub, type Complex } from '../complex.ts';
import type { MaterialModel } from '../material-spec.ts';
import { photonEnergyEv } from './units.ts';

export const MODEL_LABELS: Readonly<Record<MaterialModel['model'], string>> = {
  constant: 'constant-index model',
  drude: 'Drude model',
  drude_lorentz: 'Drude–Lorentz model',
};

/** The models written as a permittivity (all but the constant index). */
export type DispersiveModel = Exclude<MaterialModel, { model: 'constant' }>;

/** The relative permittivity of a Drude or Drude–Lorentz model at photon energy `e` (eV). */
export function modelPermittivity(model: DispersiveModel, e: number): Complex {
  let eps = c(model.eps_inf);
  const wp2 = model.plasma_energy_ev ** 2;
  if (wp2 > 0) eps = sub(eps, div(c(wp2), c(e * e, model.damping_energy_ev * e)));
  if (model.model === 'drude_lorentz') {
    for (const o of model.oscillators) {
      const w02 = o.resonance_energy_ev ** 2;
      eps = add(eps, div(c(o.strength * w02), c(w02 - e * e, -o.damping_energy_ev * e)));
    }
  }
  return eps;
}

/** n and k of a model at a vacuum wavelength in nm. */
export function modelIndex(model: MaterialModel, wavelength_nm: number): { n: number; k: number } {
  if (model.model === 'constant') return { n: model.n, k: model.k };
  const N = sqrt(modelPermittivity(model, photonEnergyEv(wavelength_nm)));
  return { n: N.re, k: N.im };
}
