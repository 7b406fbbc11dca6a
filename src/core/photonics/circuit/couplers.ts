/**
 * 2×2 couplers; ports in1, in2 on the left, out1 on in1's waveguide (bar), out2 on the other (cross).
 *
 * Point coupler (lossless, wavelength-independent): [[t, iκ], [iκ, t]] with t² + κ² = 1 — the
 * convention of the ring literature (Yariv 2000; Bogaerts et al. 2012 write −jκ for e^{+jωt}).
 *
 * Directional coupler from coupled-mode theory (Yariv & Yeh, Photonics, §13; Okamoto ch. 4) with
 * fields e^{−iωt}: dA1/dz = iδA1 + iκA2, dA2/dz = iκA1 − iδA2 (common phase removed,
 * δ = (β1 − β2)/2), ψ = √(κ² + δ²):
 *   bar   = cos ψL ± i(δ/ψ) sin ψL,   cross = i(κ/ψ) sin ψL,
 * so the crossed power is (κ/ψ)² sin² ψL, complete at L = π/(2κ) when δ = 0. The propagation phase
 * common to both guides is not included; add straight sections for it.
 */
import { c, scale, type Complex } from '../complex.ts';
import type { Coupler } from './problem.ts';
import { reciprocal, type SMatrix } from './smatrix.ts';

export const COUPLER_PORTS = ['in1', 'in2', 'out1', 'out2'] as const;

/** Field self-coupling t and cross-coupling κ of a lossless point coupler. */
export function couplerCoefficients(coupling: Coupler): { t: number; k: number } {
  if ('power_coupling' in coupling) return { t: Math.sqrt(1 - coupling.power_coupling), k: Math.sqrt(coupling.power_coupling) };
  return { t: coupling.self_coupling, k: Math.sqrt(1 - coupling.self_coupling ** 2) };
}

function twoByTwo(bar1: Complex, bar2: Complex, cross: Complex): SMatrix {
  return reciprocal(COUPLER_PORTS, [
    ['in1', 'out1', bar1],
    ['in2', 'out2', bar2],
    ['in1', 'out2', cross],
    ['in2', 'out1', cross],
  ]);
}

export function pointCouplerS(coupling: Coupler): SMatrix {
  const { t, k } = couplerCoefficients(coupling);
  return twoByTwo(c(t), c(t), c(0, k));
}

export interface DirectionalCouplerParams {
  readonly kappa_per_um: number;
  readonly length_um: number;
  readonly detuning_per_um: number;
  readonly excess_loss_db: number;
}

export function directionalCouplerS(p: DirectionalCouplerParams): SMatrix {
  const psi = Math.hypot(p.kappa_per_um, p.detuning_per_um);
  const x = psi * p.length_um;
  // sin(ψL)/ψ → L as ψ → 0 (no coupling and no detuning: the guides pass straight through).
  const sinc = psi === 0 ? p.length_um : Math.sin(x) / psi;
  const bar1 = c(Math.cos(x), p.detuning_per_um * sinc);
  const bar2 = c(Math.cos(x), -p.detuning_per_um * sinc);
  const cross = c(0, p.kappa_per_um * sinc);
  const a = 10 ** (-p.excess_loss_db / 20);
  return twoByTwo(scale(bar1, a), scale(bar2, a), scale(cross, a));
}

/** Length of complete transfer for a synchronous coupler, π/(2κ), µm. */
export const fullTransferLength = (kappa_per_um: number): number => Math.PI / (2 * kappa_per_um);
