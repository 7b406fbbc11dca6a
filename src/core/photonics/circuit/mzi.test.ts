/**
 * MZI against two-beam interference: with ideal 50:50 couplers and lossless arms, light entering in1
 * leaves the cross port with cos²(Δφ/2) and the bar port with sin²(Δφ/2), Δφ = 2π n_eff(λ) ΔL/λ
 * (Saleh & Teich, §2.5 / §7.1); the transmission peaks repeat every FSR = λ²/(n_g ΔL) (ΔL the arm
 * length difference, n_g the group index).
 */
import { describe, expect, it } from 'vitest';
import { minima, solve, spectrum } from './test-helpers.ts';

const WG = { n_eff: 2.4, n_g: 4.2, reference_wavelength_nm: 1550 };
const mzi = (extra: Record<string, unknown>, wavelengths: Record<string, unknown>) =>
  solve({ circuit: { type: 'mzi', arm_length_um: 100, delta_length_um: 50, waveguide: WG, ...extra }, ...wavelengths });
const nEff = (l: number): number => 2.4 + ((2.4 - 4.2) * (l - 1550)) / 1550;

describe('MZI', () => {
  // Δφ ≈ 490 rad, so rounding in the phase alone is ~1e-13: compare to 1e-12.
  it('lossless 50:50: cross = cos²(Δφ/2), bar = sin²(Δφ/2), and they sum to 1 (to 1e-12)', () => {
    const res = mzi({}, { wavelength_range_nm: { start: 1540, stop: 1560, count: 801 } });
    const bar = spectrum(res, 'in1', 'out1').power;
    const cross = spectrum(res, 'in1', 'out2').power;
    res.wavelengths_nm.forEach((l, i) => {
      const dphi = (2 * Math.PI * nEff(l) * 50_000) / l;
      expect(Math.abs(cross[i]! - Math.cos(dphi / 2) ** 2)).toBeLessThan(1e-12);
      expect(Math.abs(bar[i]! + cross[i]! - 1)).toBeLessThan(1e-13);
    });
  });

  it('FSR: adjacent minima are λ_m λ_{m+1}/(n_g ΔL) apart (1e-6); fsr_nm = λ²/(n_g ΔL) at the sweep middle', () => {
    const res = mzi({}, { wavelength_range_nm: { start: 1530, stop: 1570, count: 10000 } });
    const dips = minima(res.wavelengths_nm, spectrum(res, 'in1', 'out2').power);
    expect(dips.length).toBeGreaterThanOrEqual(3); // FSR ≈ 11.4 nm
    for (let i = 1; i < dips.length; i++) {
      const expected = (dips[i]! * dips[i - 1]!) / (4.2 * 50_000);
      expect(Math.abs(dips[i]! - dips[i - 1]! - expected) / expected).toBeLessThan(1e-6);
    }
    expect(res.figures.fsr_nm).toBeCloseTo(1550 ** 2 / (4.2 * 50_000), 12);
    // With n_eff in place of n_g the FSR would be 75 % larger: the classic trap.
    expect((res.figures.fsr_nm as number) * (4.2 / 2.4)).toBeGreaterThan(19);
  });

  it('balanced (ΔL = 0) with two 3 dB couplers sends everything to the cross port', () => {
    const res = solve({ circuit: { type: 'mzi', arm_length_um: 100, delta_length_um: 0, waveguide: WG }, wavelength_nm: 1550 });
    expect(spectrum(res, 'in1', 'out2').power[0]).toBeCloseTo(1, 14);
    expect(res.figures.fsr_nm).toBeNull();
    expect(res.warnings.join(' ')).toMatch(/no FSR/);
  });

  it('unequal splitting and loss: extinction from the sweep matches extinction_out2_db', () => {
    const res = mzi(
      { splitter: { power_coupling: 0.4 }, waveguide: { ...WG, loss_db_per_cm: 30 } },
      { wavelength_range_nm: { start: 1545, stop: 1560, count: 10000 } },
    );
    const p = spectrum(res, 'in1', 'out2').power;
    const measured = 10 * Math.log10(Math.max(...p) / Math.min(...p));
    // Path amplitudes √0.6·√0.5·a_u and √0.4·√0.5·a_l, a = 10^(−30 dB/cm · L/20): ER = ((A+B)/(A−B))².
    const au = 10 ** (-(30 * 150e-4) / 20), al = 10 ** (-(30 * 100e-4) / 20);
    const A = Math.sqrt(0.6 * 0.5) * au, B = Math.sqrt(0.4 * 0.5) * al;
    expect(res.figures.extinction_out2_db).toBeCloseTo(20 * Math.log10((A + B) / (A - B)), 12);
    expect(Math.abs(measured - (res.figures.extinction_out2_db as number))).toBeLessThan(0.01); // sampling of the minimum
    // A 50:50 combiner weights both outputs' paths alike, so the bar port has the same extinction.
    expect(res.figures.extinction_out1_db).toBeCloseTo(res.figures.extinction_out2_db as number, 12);
  });
});
