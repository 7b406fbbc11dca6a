import { describe, expect, it } from 'vitest';
import { solveGrating1d, type Grating1dInput } from './rcwa1d.ts';

const eff = (orders: readonly { order: number; efficiency: number }[], m: number): number => orders.find((o) => o.order === m)?.efficiency ?? NaN;

/** Lamellar grating of the issue: period 1, λ = 0.6328, ridges n = 1.5 of fill 0.5 and depth 0.4 on n = 1.5, from air. */
const lamellar = (polarization: 'TE' | 'TM', harmonics: number): Grating1dInput => ({
  period: 1,
  wavelength: 0.6328,
  angleDeg: 0,
  polarization,
  cover: 1,
  substrate: { n: 1.5, k: 0 },
  harmonics,
  layers: [{ thickness: 0.4, background: { n: 1, k: 0 }, segments: [{ from: 0.25, to: 0.75, index: { n: 1.5, k: 0 } }] }],
});

describe('RCWA, 1D lamellar gratings', () => {
  it('reproduces the published TE efficiencies of the lamellar test grating', () => {
    // Reference values quoted in issue 6 for this grating (E along the grooves, normal incidence):
    // R0 0.009773, T0 0.387774, T±1 0.246852 (converged RCWA). 81 harmonics are converged to 1e-6.
    const r = solveGrating1d(lamellar('TE', 40));
    expect(eff(r.reflected, 0)).toBeCloseTo(0.009773, 5);
    expect(eff(r.transmitted, 0)).toBeCloseTo(0.387774, 5);
    expect(eff(r.transmitted, 1)).toBeCloseTo(0.246852, 5);
    expect(eff(r.transmitted, -1)).toBeCloseTo(0.246852, 5);
  });

  it('conserves energy in a lossless stack, both polarizations, at an oblique angle', () => {
    for (const polarization of ['TE', 'TM'] as const) {
      const r = solveGrating1d({ ...lamellar(polarization, 15), angleDeg: 23 });
      expect(Math.abs(r.totalReflected + r.totalTransmitted - 1)).toBeLessThan(1e-10);
    }
  });

  it('converges in TM with Li’s factorisation: 41 and 161 harmonics agree to 1e-4', () => {
    const coarse = solveGrating1d(lamellar('TM', 20));
    const fine = solveGrating1d(lamellar('TM', 80));
    for (const m of [-1, 0, 1]) expect(Math.abs(eff(coarse.transmitted, m) - eff(fine.transmitted, m))).toBeLessThan(1e-4);
  });

  it('reduces to Fresnel for a bare interface: TE and TM at 40° from air onto n = 1.5', () => {
    // Fresnel: r_s = (cosθi − n cosθt)/(cosθi + n cosθt), r_p = (n cosθi − cosθt)/(n cosθi + cosθt).
    const ti = (40 * Math.PI) / 180;
    const tt = Math.asin(Math.sin(ti) / 1.5);
    const rs = ((Math.cos(ti) - 1.5 * Math.cos(tt)) / (Math.cos(ti) + 1.5 * Math.cos(tt))) ** 2;
    const rp = ((1.5 * Math.cos(ti) - Math.cos(tt)) / (1.5 * Math.cos(ti) + Math.cos(tt))) ** 2;
    const base = { period: 0.5, wavelength: 0.6328, angleDeg: 40, cover: 1, substrate: { n: 1.5, k: 0 }, harmonics: 3, layers: [] };
    expect(solveGrating1d({ ...base, polarization: 'TE' }).totalReflected).toBeCloseTo(rs, 12);
    expect(solveGrating1d({ ...base, polarization: 'TM' }).totalReflected).toBeCloseTo(rp, 12);
  });

  it('reduces to the thin-film result for a uniform quarter-wave layer, and handles an absorbing substrate', () => {
    // Quarter-wave MgF2-like film (n = 1.38) on n = 1.52 at normal incidence:
    // R = ((n0·ns − n1²)/(n0·ns + n1²))² (Born & Wolf §1.6.4).
    const film = { thickness: 0.55 / (4 * 1.38), background: { n: 1.38, k: 0 }, segments: [] };
    const r = solveGrating1d({ period: 0.3, wavelength: 0.55, angleDeg: 0, polarization: 'TE', cover: 1, substrate: { n: 1.52, k: 0 }, harmonics: 2, layers: [film] });
    expect(r.totalReflected).toBeCloseTo(((1.52 - 1.38 ** 2) / (1.52 + 1.38 ** 2)) ** 2, 12);
    // Metal-like substrate n + ik = 0.2 + 3.4i: R = |(1 − N)/(1 + N)|² at normal incidence, T = 0 into a metal half-space is not 0 in power flux
    // but all of it is absorbed; RCWA reports the flux into the substrate as T.
    const metal = solveGrating1d({ period: 0.3, wavelength: 0.55, angleDeg: 0, polarization: 'TM', cover: 1, substrate: { n: 0.2, k: 3.4 }, harmonics: 2, layers: [] });
    const den = (1.2 ** 2 + 3.4 ** 2);
    expect(metal.totalReflected).toBeCloseTo((0.8 ** 2 + 3.4 ** 2) / den, 12);
    expect(metal.totalReflected + metal.totalTransmitted).toBeCloseTo(1, 10);
  });

  it('keeps mirror symmetry at normal incidence and breaks it off normal', () => {
    const normal = solveGrating1d(lamellar('TM', 12));
    expect(eff(normal.transmitted, 1)).toBeCloseTo(eff(normal.transmitted, -1), 12);
    const oblique = solveGrating1d({ ...lamellar('TE', 12), angleDeg: 10 });
    expect(Math.abs(eff(oblique.transmitted, 1) - eff(oblique.transmitted, -1))).toBeGreaterThan(1e-3);
  });

  it('refuses nonsense input with a message naming the field', () => {
    expect(() => solveGrating1d({ ...lamellar('TE', 5), period: 0 })).toThrow(/period/);
    expect(() => solveGrating1d({ ...lamellar('TE', 5), angleDeg: 95 })).toThrow(/angle/);
  });
});
