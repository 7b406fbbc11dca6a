/**
 * Single components through the full solve: the straight waveguide's phase slope must give back its
 * group index (dφ/dλ = −2π n_g L/λ², the definition of n_g), its delay n_g L/c and its dB loss; the
 * directional coupler's figures must match coupled-mode theory.
 */
import { describe, expect, it } from 'vitest';
import { solve, spectrum } from './test-helpers.ts';

describe('straight waveguide', () => {
  const wg = { n_eff: 2.44, n_g: 4.18, loss_db_per_cm: 2.5, reference_wavelength_nm: 1550 };

  it('phase slope at λ0 gives n_g back (central difference, 1e-6); 1 cm: 2.5 dB and 139.43 ps', () => {
    const h = 1e-4;
    const r = solve({ circuit: { type: 'straight', length_um: 10_000, waveguide: wg }, wavelengths_nm: [1550 - h, 1550, 1550 + h] });
    const { phase, power } = spectrum(r, 'in', 'out');
    const wrap = (x: number): number => Math.atan2(Math.sin(x), Math.cos(x));
    const slope = wrap(phase[2]! - phase[0]!) / (2 * h); // rad/nm
    const ng = (-slope * 1550 ** 2) / (2 * Math.PI * 1e7);
    expect(Math.abs(ng - 4.18) / 4.18).toBeLessThan(1e-6);
    expect(10 * Math.log10(power[1]!)).toBeCloseTo(-2.5, 12);
    expect(r.figures.insertion_loss_db).toBeCloseTo(2.5, 12);
    expect(r.figures.group_delay_ps).toBeCloseTo((4.18 * 1e-2) / 299_792_458 * 1e12, 9); // n_g L/c = 139.43 ps
  });
});

describe('directional coupler through the solve', () => {
  it('at L = π/(2κ): all power crosses; figures give the transfer length and the split', () => {
    const kappa = 0.02;
    const r = solve({ circuit: { type: 'directional_coupler', kappa_per_um: kappa, length_um: Math.PI / (2 * kappa) }, wavelength_nm: 1550 });
    expect(spectrum(r, 'in1', 'out2').power[0]).toBeCloseTo(1, 14);
    expect(r.figures.full_transfer_length_um).toBeCloseTo(78.53981633974483, 10);
    expect(r.figures.cross_power).toBeCloseTo(1, 14);
    expect(r.passivity[0]!.passive).toBe(true);
  });

  it('1 dB excess loss and detuning: through + cross = 10^(−0.1), cross = (κ/ψ)² sin²(ψL)·10^(−0.1)', () => {
    const r = solve({ circuit: { type: 'directional_coupler', kappa_per_um: 0.03, length_um: 40, detuning_per_um: 0.02, excess_loss_db: 1 }, wavelength_nm: 1310 });
    const psi = Math.hypot(0.03, 0.02);
    const cross = spectrum(r, 'in1', 'out2').power[0]!;
    expect(cross).toBeCloseTo((0.03 / psi) ** 2 * Math.sin(psi * 40) ** 2 * 10 ** -0.1, 14);
    expect(cross + spectrum(r, 'in1', 'out1').power[0]!).toBeCloseTo(10 ** -0.1, 14);
    expect(r.figures.cross_power).toBeCloseTo(cross, 14);
  });
});
