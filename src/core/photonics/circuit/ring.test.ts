/**
 * Rings against Bogaerts et al., "Silicon microring resonators", Laser Photonics Rev. 6, 47 (2012):
 * all-pass T = (a² − 2ra cos φ + r²)/(1 − 2ar cos φ + (ra)²) (eq. 3); add-drop through
 * (r2²a² − 2r1r2a cos φ + r1²)/(1 − 2r1r2a cos φ + (r1r2a)²) and drop (1 − r1²)(1 − r2²)a/(…) (eqs. 4–5);
 * FSR = λ²/(n_g L) (eq. 8); FWHM = (1 − ra)λ²/(π n_g L √(ra)) (eq. 9); Q = λ/FWHM; critical coupling
 * r = a gives zero through-port transmission. The spectra come from composing the coupler and ring
 * S-matrices, so these closed forms are an independent check of the composition.
 */
import { describe, expect, it } from 'vitest';
import { dipWidth, minima, solve, spectrum } from './test-helpers.ts';

const R_UM = 10;
const L_NM = 2 * Math.PI * R_UM * 1000;
const WG = { n_eff: 2.4, n_g: 4.2, loss_db_per_cm: 2, reference_wavelength_nm: 1550 };
const a = 10 ** (-(2 * L_NM * 1e-7) / 20); // single-pass field transmission
const phi = (lambda: number): number => (2 * Math.PI * (2.4 + ((2.4 - 4.2) * (lambda - 1550)) / 1550) * L_NM) / lambda;

const allPass = (coupling: Record<string, number>, wavelengths: Record<string, unknown>, waveguide: Record<string, unknown> = WG) =>
  solve({ circuit: { type: 'ring_all_pass', radius_um: R_UM, waveguide, coupling }, ...wavelengths });

describe('all-pass ring', () => {
  const r = Math.sqrt(0.95); // κ² = 0.05

  it('through-port spectrum equals Bogaerts eq. 3 (to 1e-12) over 1540–1560 nm', () => {
    const res = allPass({ power_coupling: 0.05 }, { wavelength_range_nm: { start: 1540, stop: 1560, count: 2001 } });
    const { power } = spectrum(res, 'in', 'through');
    res.wavelengths_nm.forEach((l, i) => {
      const c = Math.cos(phi(l));
      const T = (a * a - 2 * r * a * c + r * r) / (1 - 2 * a * r * c + (r * a) ** 2);
      expect(Math.abs(power[i]! - T)).toBeLessThan(1e-12);
    });
  });

  it('FSR: adjacent dips are λ_m λ_{m+1}/(n_g L) apart (to 1e-6), and fsr_nm = λ²/(n_g L) at the resonance', () => {
    const res = allPass({ power_coupling: 0.05 }, { wavelength_range_nm: { start: 1540, stop: 1565, count: 10000 } });
    const dips = minima(res.wavelengths_nm, spectrum(res, 'in', 'through').power);
    expect(dips.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < dips.length; i++) {
      const expected = (dips[i]! * dips[i - 1]!) / (4.2 * L_NM);
      expect(Math.abs(dips[i]! - dips[i - 1]! - expected) / expected).toBeLessThan(1e-6);
    }
    const f = res.figures;
    const lres = f.resonance_wavelength_nm as number;
    expect(f.fsr_nm).toBeCloseTo((lres * lres) / (4.2 * L_NM), 12);
    expect(Math.min(...dips.map((d) => Math.abs(d - lres)))).toBeLessThan(1e-5); // the reported resonance is a dip
  });

  it('FWHM measured on the spectrum equals fwhm_nm (1e-4) and Bogaerts eq. 9 (1e-3); Q = λ/FWHM; finesse = FSR/FWHM', () => {
    const centre = allPass({ power_coupling: 0.05 }, { wavelength_nm: 1550 }).figures.resonance_wavelength_nm as number;
    const res = allPass({ power_coupling: 0.05 }, { wavelength_range_nm: { start: centre - 0.4, stop: centre + 0.4, count: 10000 } });
    const measured = dipWidth(res.wavelengths_nm, spectrum(res, 'in', 'through').power);
    const f = res.figures;
    const bogaerts = ((1 - r * a) * centre ** 2) / (Math.PI * 4.2 * L_NM * Math.sqrt(r * a));
    expect(Math.abs(measured - (f.fwhm_nm as number)) / measured).toBeLessThan(1e-4);
    expect(Math.abs(measured - bogaerts) / bogaerts).toBeLessThan(1e-3);
    expect(f.fwhm_bogaerts_nm).toBeCloseTo(bogaerts, 12);
    expect(f.q_loaded).toBeCloseTo(centre / (f.fwhm_nm as number), 6);
    expect(f.finesse).toBeCloseTo((f.fsr_nm as number) / (f.fwhm_nm as number), 9);
    // Over-coupled (t = 0.975 < a = 0.9986): extinction from the closed forms T_min = (a − t)²/(1 − at)², T_max = (a + t)²/(1 + at)².
    expect(f.coupling_regime).toBe('over-coupled');
    expect(f.extinction_db).toBeCloseTo(10 * Math.log10(((a + r) ** 2 / (1 + a * r) ** 2) / ((a - r) ** 2 / (1 - a * r) ** 2)), 9);
    // Intrinsic Q = 2π n_g/(λ α), α = 2 dB/cm = 46.05 /m.
    expect(f.q_intrinsic).toBeCloseTo((2 * Math.PI * 4.2) / (centre * 1e-9 * ((2 * Math.log(10)) / 10) * 100), 3);
  });

  it('critical coupling (t = a): zero through-port transmission on resonance, flagged in words', () => {
    const centre = allPass({ self_coupling: a }, { wavelength_nm: 1550 }).figures.resonance_wavelength_nm as number;
    const res = allPass({ self_coupling: a }, { wavelength_nm: centre });
    expect(spectrum(res, 'in', 'through').power[0]).toBeLessThan(1e-15);
    expect(res.figures.coupling_regime).toBe('critically coupled');
    expect(res.figures.extinction_db).toBeNull();
    expect(res.warnings.join(' ')).toMatch(/critically coupled/);
    // Under-coupled when the coupler lets less out than the loss takes (t > a).
    expect(allPass({ self_coupling: (a + 1) / 2 }, { wavelength_nm: 1550 }).figures.coupling_regime).toBe('under-coupled');
  });

  it('a lossless all-pass ring passes all power at every wavelength (|T| = 1 to 1e-14)', () => {
    const res = allPass({ power_coupling: 0.1 }, { wavelength_range_nm: { start: 1549, stop: 1551, count: 501 } }, { ...WG, loss_db_per_cm: 0 });
    for (const p of spectrum(res, 'in', 'through').power) expect(Math.abs(p - 1)).toBeLessThan(1e-14);
  });

  it('radius_um and the same circumference_um give the same ring; giving both or neither is refused', () => {
    const byRadius = allPass({ power_coupling: 0.05 }, { wavelength_nm: 1551.3 });
    const byLength = solve({ circuit: { type: 'ring_all_pass', circumference_um: 2 * Math.PI * R_UM, waveguide: WG, coupling: { power_coupling: 0.05 } }, wavelength_nm: 1551.3 });
    expect(spectrum(byLength, 'in', 'through').power[0]).toBeCloseTo(spectrum(byRadius, 'in', 'through').power[0]!, 14);
    expect(() => solve({ circuit: { type: 'ring_all_pass', radius_um: 10, circumference_um: 62.8, waveguide: WG, coupling: { power_coupling: 0.05 } }, wavelength_nm: 1550 })).toThrow(/radius_um or circumference_um/);
    expect(() => solve({ circuit: { type: 'ring_all_pass', waveguide: WG, coupling: { power_coupling: 0.05 } }, wavelength_nm: 1550 })).toThrow(/radius_um or circumference_um/);
  });

  it('warns when n_g is missing (group vs effective index)', () => {
    const res = allPass({ power_coupling: 0.05 }, { wavelength_nm: 1550 }, { n_eff: 2.4 });
    expect(res.warnings.join(' ')).toMatch(/no n_g given.*n_g = n_eff|group index is taken equal to n_eff/);
    expect(res.figures.fsr_nm).toBeCloseTo(((res.figures.resonance_wavelength_nm as number) ** 2) / (2.4 * L_NM), 12);
  });
});

describe('add-drop ring', () => {
  const r1 = Math.sqrt(0.9), r2 = Math.sqrt(0.92);
  const addDrop = (waveguide: Record<string, unknown>, wavelengths: Record<string, unknown>) =>
    solve({ circuit: { type: 'ring_add_drop', radius_um: R_UM, waveguide, input_coupling: { power_coupling: 0.1 }, drop_coupling: { power_coupling: 0.08 } }, ...wavelengths });

  it('through and drop spectra equal Bogaerts eqs. 4–5 (to 1e-12)', () => {
    const res = addDrop(WG, { wavelength_range_nm: { start: 1545, stop: 1555, count: 1001 } });
    const through = spectrum(res, 'in', 'through').power;
    const drop = spectrum(res, 'in', 'drop').power;
    res.wavelengths_nm.forEach((l, i) => {
      const c = Math.cos(phi(l));
      const den = 1 - 2 * r1 * r2 * a * c + (r1 * r2 * a) ** 2;
      expect(Math.abs(through[i]! - (r2 * r2 * a * a - 2 * r1 * r2 * a * c + r1 * r1) / den)).toBeLessThan(1e-12);
      expect(Math.abs(drop[i]! - ((1 - r1 * r1) * (1 - r2 * r2) * a) / den)).toBeLessThan(1e-12);
    });
    const f = res.figures;
    expect(f.drop_at_resonance).toBeCloseTo(((1 - r1 * r1) * (1 - r2 * r2) * a) / (1 - r1 * r2 * a) ** 2, 12);
    expect(f.fwhm_bogaerts_nm).toBeCloseTo(((1 - r1 * r2 * a) * (f.resonance_wavelength_nm as number) ** 2) / (Math.PI * 4.2 * L_NM * Math.sqrt(r1 * r2 * a)), 12);
  });

  it('lossless: through + drop = 1 at every wavelength (energy conservation, to 1e-13)', () => {
    const res = addDrop({ ...WG, loss_db_per_cm: 0 }, { wavelength_range_nm: { start: 1549, stop: 1552, count: 601 } });
    const through = spectrum(res, 'in', 'through').power;
    spectrum(res, 'in', 'drop').power.forEach((d, i) => expect(Math.abs(d + through[i]! - 1)).toBeLessThan(1e-13));
  });
});
