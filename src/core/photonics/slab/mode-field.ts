/**
 * Transverse field of a slab mode and the share of its power in the core. Coordinates: x = 0 at
 * the substrate/core interface, x = d at the core/cover interface, substrate below (x < 0).
 * TE modes give E_y, TM modes H_y (the field component along the slab plane, transverse to z):
 *
 *   substrate  cos φ_s · e^{γ_s x}
 *   core       cos(κx − φ_s)
 *   cover      cos(κd − φ_s) · e^{−γ_c (x − d)}
 *
 * With tan φ_s = r_s γ_s/κ this is continuous with a continuous (1/r) ∂/∂x at both interfaces
 * (∂E_y/∂x for TE, (1/n²) ∂H_y/∂x for TM). κx − φ_s passes through 0 inside the core (φ_s ≤ κd),
 * so the peak |field| is exactly 1: the profile is normalised to unit peak amplitude.
 */
import type { SlabModeSolution } from './dispersion.ts';

export function modeField(mode: SlabModeSolution, x_nm: number): number {
  const d = mode.slab.thickness_nm;
  if (x_nm < 0) return Math.cos(mode.phi_substrate) * Math.exp(mode.gamma_substrate * x_nm);
  if (x_nm <= d) return Math.cos(mode.kappa * x_nm - mode.phi_substrate);
  return Math.cos(mode.kappa * d - mode.phi_substrate) * Math.exp(-mode.gamma_cover * (x_nm - d));
}

/** Shares of the mode's power (time-averaged S_z) in each layer; they sum to 1. */
export interface PowerShares {
  readonly substrate: number;
  readonly core: number;
  readonly cover: number;
}

/**
 * Power shares per layer: S_z ∝ |E_y|² for TE and ∝ |H_y|²/n² for TM, integrated in closed form —
 * core ∫cos²(κx − φ_s) = d/2 + (sin 2(κd − φ_s) + sin 2φ_s)/(4κ), claddings cos²(·)/(2γ).
 */
export function powerShares(mode: SlabModeSolution): PowerShares {
  const { slab: s, kappa, phi_substrate: phiS, gamma_substrate: gS, gamma_cover: gC } = mode;
  const d = s.thickness_nm;
  const edge = kappa * d - phiS; // core phase at the cover interface
  const w = (n: number): number => (mode.polarization === 'TE' ? 1 : 1 / (n * n));
  const core = w(s.core) * (d / 2 + (Math.sin(2 * edge) + Math.sin(2 * phiS)) / (4 * kappa));
  const substrate = (w(s.substrate) * Math.cos(phiS) ** 2) / (2 * gS);
  const cover = (w(s.cover) * Math.cos(edge) ** 2) / (2 * gC);
  const total = core + substrate + cover;
  return { substrate: substrate / total, core: core / total, cover: cover / total };
}

/** Fraction of the mode's power that flows in the core (the confinement factor of the result). */
export function coreConfinement(mode: SlabModeSolution): number {
  return powerShares(mode).core;
}

/**
 * Samples the field on `points` evenly spaced x across the core and enough of each cladding to show
 * the decay to e^{-4} (≈ 2 % of the interface value); the window is at least one core thickness on
 * each side and at most 50 vacuum wavelengths, so a mode near cutoff stays finite.
 */
export function sampleModeProfile(mode: SlabModeSolution, points: number): { x_nm: number[]; field: number[] } {
  const d = mode.slab.thickness_nm;
  const cap = 50 * mode.slab.wavelength_nm;
  const below = Math.min(cap, Math.max(d, 4 / mode.gamma_substrate));
  const above = Math.min(cap, Math.max(d, 4 / mode.gamma_cover));
  const x0 = -below;
  const step = (d + below + above) / (points - 1);
  const x_nm = Array.from({ length: points }, (_, i) => x0 + i * step);
  return { x_nm, field: x_nm.map((x) => modeField(mode, x)) };
}
