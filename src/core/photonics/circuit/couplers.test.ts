/**
 * Couplers against coupled-mode theory (Yariv & Yeh, Photonics, 6th ed., §13.7; Okamoto ch. 4):
 * P_cross = (κ/ψ)² sin²(ψL), ψ = √(κ² + δ²); complete transfer at L = π/(2κ) when δ = 0; a lossless
 * coupler's S-matrix is unitary.
 */
import { describe, expect, it } from 'vitest';
import { abs2 } from '../complex.ts';
import { gramEigenvalues } from './cmatrix.ts';
import { directionalCouplerS, fullTransferLength, pointCouplerS } from './couplers.ts';
import { transfer } from './smatrix.ts';

describe('directional coupler', () => {
  const kappa = 0.05; // 1/µm → L_c = 31.4159 µm

  it('full transfer at L = π/(2κ) when synchronous (to 1e-15)', () => {
    const s = directionalCouplerS({ kappa_per_um: kappa, length_um: fullTransferLength(kappa), detuning_per_um: 0, excess_loss_db: 0 });
    expect(abs2(transfer(s, 'out2', 'in1'))).toBeCloseTo(1, 15);
    expect(abs2(transfer(s, 'out1', 'in1'))).toBeLessThan(1e-30);
    expect(fullTransferLength(kappa)).toBeCloseTo(31.41592653589793, 12);
  });

  it('3 dB at L = π/(4κ); detuned coupler never exceeds κ²/(κ² + δ²) and matches the CMT formula', () => {
    const half = directionalCouplerS({ kappa_per_um: kappa, length_um: Math.PI / (4 * kappa), detuning_per_um: 0, excess_loss_db: 0 });
    expect(abs2(transfer(half, 'out2', 'in1'))).toBeCloseTo(0.5, 15);
    const delta = 0.03;
    const psi = Math.hypot(kappa, delta);
    for (const L of [5, 20, 40, 63.7]) {
      const s = directionalCouplerS({ kappa_per_um: kappa, length_um: L, detuning_per_um: delta, excess_loss_db: 0 });
      expect(abs2(transfer(s, 'out2', 'in1'))).toBeCloseTo((kappa / psi) ** 2 * Math.sin(psi * L) ** 2, 14);
      expect(abs2(transfer(s, 'out2', 'in1'))).toBeLessThanOrEqual(kappa ** 2 / psi ** 2 + 1e-15);
    }
  });

  it('lossless couplers are unitary (all singular values 1) and reciprocal; excess loss scales them', () => {
    const cases = [
      directionalCouplerS({ kappa_per_um: 0.07, length_um: 13, detuning_per_um: -0.02, excess_loss_db: 0 }),
      pointCouplerS({ power_coupling: 0.2 }),
      pointCouplerS({ self_coupling: 0.9 }),
    ];
    for (const s of cases) {
      for (const v of gramEigenvalues(s.s)) expect(v).toBeCloseTo(1, 13);
      s.s.forEach((row, i) => row.forEach((z, j) => expect(z).toEqual(s.s[j]![i])));
    }
    const lossy = directionalCouplerS({ kappa_per_um: 0.07, length_um: 13, detuning_per_um: 0, excess_loss_db: 1 });
    for (const v of gramEigenvalues(lossy.s)) expect(v).toBeCloseTo(10 ** -0.1, 13);
  });
});
